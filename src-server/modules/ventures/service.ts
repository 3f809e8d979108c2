import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, count, desc, eq, gte, ilike, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AdminVentureListQuery,
  AdminVentureSortField,
  PublicVenture,
  PublicVentureListQuery,
  Venture,
  VentureCreateBody,
  VentureUpdateBody,
  VentureView,
} from '../../../src-shared/contracts/ventures';
import type { AdminStatus } from '../../../src-shared/constants/enums';
import type { CompanyInvestmentList } from '../../../src-shared/contracts/dashboard';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import { fileTypeOf, IMAGE_TYPES, MAX_IMAGE_PIXELS } from '../../lib/file-type';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { investments, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { variantNames, writeVariants } from './images';
import {
  changedMoneyTerms,
  checkVentureTerms,
  decideReview,
  hasMoneyIn,
  MAX_IMAGES,
  termsAreFrozen,
} from '../../../src-shared/rules/venture';
import type { SessionContext } from '../auth/sessions';
import { isAdminRole } from '../../plugins/session';
import type { CountCache } from './count-cache';
import { containsPattern } from '../../lib/query';

type VentureRow = typeof ventures.$inferSelect;
/** The creator's columns every venture answer is built from (the public one keeps the company only). */
export type Creator = { firstName: string; lastName: string; email: string; companyName: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;
export { MAX_IMAGES };
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The public fields only (contract, "Ventures": the privacy rule): built field by field, so a
 * column added later stays private until it is listed here. */
export function toPublicVenture(row: VentureRow, companyName: string | null): PublicVenture {
  return {
    _id: row.id,
    title: row.title,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    collateralDescription: row.collateralDescription,
    country: row.country,
    ventureType: row.ventureType,
    riskLevel: row.riskLevel,
    minInvestmentAmount: centsToEuros(row.minInvestmentCents),
    maxInvestmentAmount: centsToEuros(row.maxInvestmentCents),
    targetAmount: centsToEuros(row.targetAmountCents),
    amountFunded: centsToEuros(row.amountFundedCents),
    expectedReturn: Number(row.expectedReturn),
    investmentPeriod: row.investmentPeriod,
    closingDate: row.closingDate.toISOString(),
    collateralValue: centsToEuros(row.collateralValueCents),
    loanToValue: Number(row.loanToValue),
    isConvertible: row.isConvertible,
    tags: row.tags,
    images: row.images,
    lifecycleStatus: row.lifecycleStatus,
    visibility: row.visibility,
    adminStatus: row.adminStatus,
    dateIssued: iso(row.dateIssued),
    goesLiveAt: iso(row.goesLiveAt),
    createdBy: { companyName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every field: for the venture's owner and admins. */
export function toVenture(row: VentureRow, createdBy: Creator): Venture {
  return {
    ...toPublicVenture(row, createdBy.companyName),
    adminNotes: row.adminNotes,
    adminReviewedAt: iso(row.adminReviewedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    createdBy: {
      companyName: createdBy.companyName,
      firstName: createdBy.firstName,
      lastName: createdBy.lastName,
      email: createdBy.email,
    },
  };
}

const isAdmin = (auth: SessionContext | null) => (auth ? isAdminRole(auth.user.role) : false);

/** Whether the caller gets every field of a venture: its owner and admins. */
export const seesEverything = (auth: SessionContext | null, ownerId: string): boolean =>
  isAdmin(auth) || auth?.user.id === ownerId;

/** The venture as the caller may see it: every field for its owner and admins, else the public ones. */
export function viewFor(auth: SessionContext | null, row: VentureRow, createdBy: Creator): VentureView {
  return seesEverything(auth, row.createdBy)
    ? toVenture(row, createdBy)
    : toPublicVenture(row, createdBy.companyName);
}

/** Listed publicly: approved, public and not deleted (contract, "Ventures"). The same predicate as
 * the partial indexes, so the planner uses them. */
export const isPublic: SQL = sql`${ventures.adminStatus} = 'approved' AND ${ventures.visibility} = 'public' AND NOT ${ventures.isDeleted}`;

const SORT_COLUMNS = {
  createdAt: ventures.createdAt,
  closingDate: ventures.closingDate,
  expectedReturn: ventures.expectedReturn,
  targetAmount: ventures.targetAmountCents,
  amountFunded: ventures.amountFundedCents,
  // Admin list only. Titles compare case-insensitively; the statuses in their enum order
  // (pending, under-review, approved, rejected; coming-soon, new, funded, repaid).
  title: sql`lower(${ventures.title})`,
  adminStatus: ventures.adminStatus,
  lifecycleStatus: ventures.lifecycleStatus,
} satisfies Record<AdminVentureSortField, unknown>;

export const creatorColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: users.companyName,
};

/** The creator of a venture, for building its answer. */
export async function loadCreator(db: DbOrTx, userId: string): Promise<Creator> {
  const [creator] = await db.select(creatorColumns).from(users).where(eq(users.id, userId));
  return creator!;
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likePattern = (s: string) => containsPattern(s.toLowerCase());

/**
 * How a filter's value enters its condition: as it is (`direct`, drizzle writes it as a parameter),
 * or as a named placeholder of a statement built once per query shape (`driverValue` is what the
 * driver is sent for it then: a placeholder's value skips the column's own mapping).
 */
type Bind = <T>(name: string, value: T, driverValue?: unknown) => T | SQLWrapper;
const direct: Bind = (_name, value) => value;

function filterConditions(
  query: PublicVentureListQuery | AdminVentureListQuery,
  now: Date,
  bind: Bind = direct,
): SQL[] {
  const where: SQL[] = [];
  if (query.lifecycleStatus)
    where.push(eq(ventures.lifecycleStatus, bind('lifecycleStatus', query.lifecycleStatus)));
  if (query.ventureType) where.push(eq(ventures.ventureType, bind('ventureType', query.ventureType)));
  if (query.riskLevel) where.push(eq(ventures.riskLevel, bind('riskLevel', query.riskLevel)));
  if (query.isConvertible)
    where.push(eq(ventures.isConvertible, bind('isConvertible', query.isConvertible === 'true')));
  if (query.country) where.push(eq(ventures.country, bind('country', query.country)));
  if (query.closingIn) {
    const days = Number.parseInt(query.closingIn, 10);
    const until = new Date(now.getTime() + days * DAY_MS);
    where.push(
      gte(ventures.closingDate, bind('closingFrom', now, now.toISOString())),
      lte(ventures.closingDate, bind('closingUntil', until, until.toISOString())),
    );
  }
  if (query.minInvestment !== undefined) {
    // An investor with this much can enter: the venture's minimum is at most the amount.
    // Beyond what a bigint of cents holds (1e20, 1e308 euros) every venture qualifies anyway.
    const cents = BigInt(Math.round(Math.min(query.minInvestment, 1e15) * 100));
    where.push(lte(ventures.minInvestmentCents, bind('minInvestment', cents, cents.toString())));
  }
  if (query.expectedReturn !== undefined)
    where.push(gte(ventures.expectedReturn, bind('expectedReturn', String(query.expectedReturn))));
  if (query.search) where.push(ilike(ventures.searchText, bind('search', likePattern(query.search))));
  return where;
}

type ListPage = {
  page: number;
  limit: number;
  sortBy: AdminVentureSortField;
  order: 'asc' | 'desc';
};

type Row = { venture: VentureRow; createdBy: Creator };

function pageRows(db: DbOrTx, where: SQL | undefined, query: ListPage): Promise<Row[]> {
  const direction = query.order === 'asc' ? asc : desc;
  return db
    .select({ venture: ventures, createdBy: creatorColumns })
    .from(ventures)
    .innerJoin(users, eq(users.id, ventures.createdBy))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(ventures.id))
    .limit(query.limit)
    .offset(pageOffset(query));
}

async function countRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ventures).where(where);
  return row?.total ?? 0;
}

async function listWhere(
  db: DbOrTx,
  where: SQL | undefined,
  query: ListPage,
): Promise<{ rows: Venture[]; total: number }> {
  const [rows, total] = await Promise.all([pageRows(db, where, query), countRows(db, where)]);
  return { rows: rows.map((r) => toVenture(r.venture, r.createdBy)), total };
}

/** The filters of a list query without its page and order: what its total depends on. */
function filterKey(query: PublicVentureListQuery): string {
  const { page: _page, limit: _limit, sortBy: _sortBy, order: _order, ...filters } = query;
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
}

function buildPublicPage(db: DbOrTx, conditions: SQL[], query: ListPage) {
  const direction = query.order === 'asc' ? asc : desc;
  return (
    db
      .select({ venture: ventures, createdBy: creatorColumns })
      .from(ventures)
      .innerJoin(users, eq(users.id, ventures.createdBy))
      .where(and(isPublic, ...conditions))
      .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(ventures.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      // Unnamed on purpose: PostgreSQL plans each page with its values, as before (a rare value
      // is read through its own index); only drizzle's building of the SQL is done once.
      .prepare(undefined as unknown as string)
  );
}
type PublicPage = ReturnType<typeof buildPublicPage>;

/** The public list's page statements, one per query shape (the filters present, the order) and
 * database handle: a page's SQL is built once, not on every request. At most 2^9 filter sets times
 * 5 orders times 2 directions. */
const publicPages = new WeakMap<DbOrTx, Map<string, PublicPage>>();

function publicPageRows(db: DbOrTx, query: PublicVentureListQuery, now: Date): Promise<Row[]> {
  const values: Record<string, unknown> = { limit: query.limit, offset: pageOffset(query) };
  const conditions = filterConditions(query, now, (name, value, driverValue = value) => {
    values[name] = driverValue;
    return sql.placeholder(name);
  });
  const shape = `${query.sortBy} ${query.order} ${Object.keys(values).join(' ')}`;
  let pages = publicPages.get(db);
  if (!pages) {
    pages = new Map();
    publicPages.set(db, pages);
  }
  let page = pages.get(shape);
  if (!page) {
    page = buildPublicPage(db, conditions, query);
    pages.set(shape, page);
  }
  return page.execute(values);
}

/** The public list; each row as `viewer` may see it (public fields unless it owns the venture or is
 * an admin; no viewer: public fields). */
export async function listPublicVentures(
  db: DbOrTx,
  query: PublicVentureListQuery,
  now = new Date(),
  totals?: CountCache,
  viewer: SessionContext | null = null,
): Promise<{ rows: VentureView[]; total: number }> {
  const count = () => countRows(db, and(isPublic, ...filterConditions(query, now)));
  const [rows, total] = await Promise.all([
    publicPageRows(db, query, now),
    totals ? totals.get(filterKey(query), now.getTime(), count) : count(),
  ]);
  return { rows: rows.map((r) => viewFor(viewer, r.venture, r.createdBy)), total };
}

export function listAllVentures(db: DbOrTx, query: AdminVentureListQuery, now = new Date()) {
  const where = [eq(ventures.isDeleted, false), ...filterConditions(query, now)];
  if (query.adminStatus) where.push(eq(ventures.adminStatus, query.adminStatus));
  if (query.visibility) where.push(eq(ventures.visibility, query.visibility));
  if (query.submitted)
    where.push(
      query.submitted === 'true' ? ne(ventures.visibility, 'draft') : eq(ventures.visibility, 'draft'),
    );
  return listWhere(db, and(...where), query);
}

export async function listOwnVentures(db: DbOrTx, ownerId: string): Promise<Venture[]> {
  const rows = await db
    .select({ venture: ventures, createdBy: creatorColumns })
    .from(ventures)
    .innerJoin(users, eq(users.id, ventures.createdBy))
    .where(and(eq(ventures.createdBy, ownerId), eq(ventures.isDeleted, false)))
    .orderBy(desc(ventures.createdAt));
  return rows.map((r) => toVenture(r.venture, r.createdBy));
}

async function loadRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ venture: ventures, createdBy: creatorColumns })
    .from(ventures)
    .innerJoin(users, eq(users.id, ventures.createdBy))
    .where(and(eq(ventures.id, id), eq(ventures.isDeleted, false)))
    .limit(1);
  return row;
}

/** A venture the caller may see: public or private once approved; any for its owner and admins.
 * Its owner and admins get every field, anyone else the public ones. */
export async function getVisibleVenture(
  db: DbOrTx,
  id: string,
  auth: SessionContext | null,
): Promise<VentureView | null> {
  const row = await loadRow(db, id);
  if (!row) return null;
  const privileged = seesEverything(auth, row.venture.createdBy);
  const reachable = row.venture.adminStatus === 'approved' && row.venture.visibility !== 'draft';
  if (!privileged && !reachable) return null;
  return viewFor(auth, row.venture, row.createdBy);
}

/** One of the company's own ventures with every field; null when it is another company's (even a
 * public one), deleted or unknown: the corporate app reads its ventures only through this. */
export async function getOwnVenture(db: DbOrTx, id: string, ownerId: string): Promise<Venture | null> {
  const row = await loadRow(db, id);
  if (!row || row.venture.createdBy !== ownerId) return null;
  return toVenture(row.venture, row.createdBy);
}

/** Every investment not refunded into one of the company's own ventures, newest first: amount,
 * status and date only, never the investor. 404 `venture.not_found` for another company's venture. */
export async function listOwnVentureInvestments(
  db: DbOrTx,
  id: string,
  ownerId: string,
): Promise<CompanyInvestmentList> {
  const [venture] = await db
    .select({ id: ventures.id })
    .from(ventures)
    .where(and(eq(ventures.id, id), eq(ventures.createdBy, ownerId), eq(ventures.isDeleted, false)));
  if (!venture) throw new HttpError(404, 'venture.not_found');
  const rows = await db
    .select({
      id: investments.id,
      amountCents: investments.amountCents,
      status: investments.status,
      investmentDate: investments.investmentDate,
    })
    .from(investments)
    .where(and(eq(investments.ventureId, id), ne(investments.status, 'refunded')))
    .orderBy(desc(investments.investmentDate), desc(investments.id));
  return {
    data: rows.map((r) => ({
      _id: r.id,
      amount: centsToEuros(r.amountCents),
      status: r.status,
      investmentDate: r.investmentDate.toISOString(),
    })),
    count: rows.length,
    total: centsToEuros(rows.reduce((sum, r) => sum + r.amountCents, 0n)),
  };
}

/** The venture for a change by its owner or an admin; anyone else gets 404 (it may not know it exists). */
async function loadForChange(db: DbOrTx, id: string, auth: SessionContext, lock = false) {
  const query = db
    .select()
    .from(ventures)
    .where(and(eq(ventures.id, id), eq(ventures.isDeleted, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (!isAdmin(auth) && row.createdBy !== auth.user.id))
    throw new HttpError(404, 'venture.not_found');
  return row;
}

// ------------------------------------------------------------------------------------------------
// Create and edit

/** The contract's rules across fields (src-shared/rules/venture.ts) on the values the venture will have. */
function checkTerms(
  row: {
    country: string;
    minInvestmentCents: bigint;
    maxInvestmentCents: bigint;
    targetAmountCents: bigint;
    collateralValueCents: bigint;
    amountFundedCents?: bigint;
    expectedReturn: string;
    investmentPeriod: number;
    loanToValue: string;
    closingDate: Date;
  },
  now: Date,
  checkClosingDate: boolean,
): void {
  const errors = checkVentureTerms(
    { ...row, expectedReturn: Number(row.expectedReturn), loanToValue: Number(row.loanToValue) },
    now,
    { checkClosingDate },
  );
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first.code, { params: first.params, fields: errors });
}

const cents = (euros: number) => eurosToCents(euros)!;

export async function createVenture(
  ctx: AppContext,
  auth: SessionContext,
  body: VentureCreateBody,
): Promise<Venture> {
  const now = ctx.now();
  const values = {
    title: body.title,
    shortDescription: body.shortDescription,
    longDescription: body.longDescription,
    collateralDescription: body.collateralDescription,
    country: body.country,
    ventureType: body.ventureType,
    riskLevel: body.riskLevel ?? 'medium',
    minInvestmentCents: cents(body.minInvestmentAmount),
    maxInvestmentCents: cents(body.maxInvestmentAmount),
    targetAmountCents: cents(body.targetAmount),
    collateralValueCents: cents(body.collateralValue),
    expectedReturn: body.expectedReturn.toFixed(2),
    loanToValue: body.loanToValue.toFixed(2),
    investmentPeriod: body.investmentPeriod,
    closingDate: new Date(body.closingDate),
    isConvertible: body.isConvertible ?? false,
    tags: body.tags ?? [],
  };
  checkTerms(values, now, true);
  const [row] = await ctx.db
    .insert(ventures)
    .values({
      ...values,
      lifecycleStatus: 'coming-soon',
      visibility: 'draft',
      adminStatus: 'pending',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toVenture(row!, await loadCreator(ctx.db, auth.user.id));
}

export async function updateVenture(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  body: VentureUpdateBody,
): Promise<Venture> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    const changesTerms = changedMoneyTerms(body).length > 0;
    if (changesTerms && row.adminStatus === 'approved') {
      const [invested] = await tx
        .select({ n: count() })
        .from(investments)
        .where(eq(investments.ventureId, id));
      if (termsAreFrozen({ adminStatus: row.adminStatus, investmentCount: invested?.n ?? 0 }))
        throw new HttpError(409, 'venture.frozen_terms');
    }
    const next = {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.shortDescription !== undefined && { shortDescription: body.shortDescription }),
      ...(body.longDescription !== undefined && { longDescription: body.longDescription }),
      ...(body.collateralDescription !== undefined && { collateralDescription: body.collateralDescription }),
      ...(body.country !== undefined && { country: body.country }),
      ...(body.ventureType !== undefined && { ventureType: body.ventureType }),
      ...(body.riskLevel !== undefined && { riskLevel: body.riskLevel }),
      ...(body.targetAmount !== undefined && { targetAmountCents: cents(body.targetAmount) }),
      ...(body.minInvestmentAmount !== undefined && { minInvestmentCents: cents(body.minInvestmentAmount) }),
      ...(body.maxInvestmentAmount !== undefined && { maxInvestmentCents: cents(body.maxInvestmentAmount) }),
      ...(body.collateralValue !== undefined && { collateralValueCents: cents(body.collateralValue) }),
      ...(body.expectedReturn !== undefined && { expectedReturn: body.expectedReturn.toFixed(2) }),
      ...(body.loanToValue !== undefined && { loanToValue: body.loanToValue.toFixed(2) }),
      ...(body.investmentPeriod !== undefined && { investmentPeriod: body.investmentPeriod }),
      ...(body.closingDate !== undefined && { closingDate: new Date(body.closingDate) }),
      ...(body.isConvertible !== undefined && { isConvertible: body.isConvertible }),
      ...(body.tags !== undefined && { tags: body.tags }),
      ...(body.visibility !== undefined && { visibility: body.visibility }),
    };
    // Back to draft only while not approved (an approved venture is live or holds money).
    if (next.visibility === 'draft' && row.visibility !== 'draft' && row.adminStatus === 'approved')
      throw new HttpError(409, 'venture.approved_no_draft');
    const merged = { ...row, ...next };
    checkTerms(merged, now, body.closingDate !== undefined);
    // The owner's change to a rejected venture submits it again: pending, the last notes kept.
    const resubmits =
      row.adminStatus === 'rejected' &&
      row.cancelledAt === null &&
      !isAdmin(auth) &&
      Object.keys(next).length > 0;
    const [updated] = await tx
      .update(ventures)
      .set({ ...next, ...(resubmits && { adminStatus: 'pending' as const }), updatedAt: now })
      .where(eq(ventures.id, id))
      .returning();
    return toVenture(updated!, await loadCreator(tx, updated!.createdBy));
  });
}

/**
 * Admin review: sets the status and notes, and what the one table of src-shared/rules/venture.ts
 * (`REVIEW_RULES`, README "Decisions") says: approving puts the venture live (coming-soon -> new);
 * sending an approved venture without money back to review or rejecting it closes it again
 * (new -> coming-soon, goesLiveAt cleared); once money is in it, it stays approved (409).
 */
export async function reviewVenture(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  body: { adminStatus: AdminStatus; adminNotes?: string | null },
): Promise<Venture> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    const [live] = await tx
      .select({ n: count() })
      .from(investments)
      .where(and(eq(investments.ventureId, id), ne(investments.status, 'refunded')));
    const decision = decideReview(
      {
        from: row.adminStatus,
        to: body.adminStatus,
        lifecycleStatus: row.lifecycleStatus,
        cancelled: row.cancelledAt !== null,
        hasMoney: hasMoneyIn({ ...row, liveInvestments: live?.n ?? 0 }),
        notes: body.adminNotes,
        goesLiveAt: row.goesLiveAt,
        dateIssued: row.dateIssued,
      },
      now,
    );
    if (!decision.ok)
      throw new HttpError(decision.status, decision.error.code, {
        ...(decision.fields && { fields: decision.fields }),
      });
    const [updated] = await tx
      .update(ventures)
      .set({
        adminStatus: body.adminStatus,
        ...(body.adminNotes !== undefined && { adminNotes: body.adminNotes }),
        adminReviewedAt: now,
        adminReviewedBy: auth.user.id,
        lifecycleStatus: decision.lifecycleStatus,
        goesLiveAt: decision.goesLiveAt,
        dateIssued: decision.dateIssued,
        updatedAt: now,
      })
      .where(eq(ventures.id, id))
      .returning();
    return toVenture(updated!, await loadCreator(tx, updated!.createdBy));
  });
}

// ------------------------------------------------------------------------------------------------
// Images

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Decodes (refusing images of more than 40 megapixels, e.g. decompression bombs), turns by EXIF,
 * fits into 1920x1080 and re-encodes as JPEG without any metadata. */
async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 1920, height: 1080, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new HttpError(413, 'venture.image_too_large');
    throw new HttpError(415, 'venture.image_unreadable');
  }
}

export async function addImages(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  files: UploadedFile[],
): Promise<string[]> {
  if (files.length === 0) throw new HttpError(400, 'venture.no_image');
  for (const file of files) {
    if (!fileTypeOf(file.bytes, IMAGE_TYPES))
      throw new HttpError(415, 'venture.image_wrong_type', { params: { file: file.filename || 'The file' } });
  }
  const row = await loadForChange(ctx.db, id, auth);
  if (row.images.length + files.length > MAX_IMAGES) throw new HttpError(400, 'venture.too_many_images');
  const encoded = await Promise.all(files.map((f) => reencode(f.bytes)));

  const dir = join(ctx.config.dataDir, 'uploads', 'ventures', id);
  await mkdir(dir, { recursive: true });
  const names = encoded.map(() => `${randomUUID()}.jpg`);
  // Each JPEG with its WebP copies (src-shared/images/variants.ts), written before the row names it.
  const written = names.flatMap((name) => [name, ...variantNames(name)]);
  try {
    await Promise.all(
      names.map(async (name, i) => {
        await writeFile(join(dir, name), encoded[i]!);
        await writeVariants(dir, name, encoded[i]!);
      }),
    );
  } catch (error) {
    await Promise.all(written.map((name) => rm(join(dir, name), { force: true })));
    throw error;
  }
  const paths = names.map((name) => `/uploads/ventures/${id}/${name}`);

  try {
    return await ctx.db.transaction(async (tx) => {
      const current = await loadForChange(tx, id, auth, true);
      if (current.images.length + paths.length > MAX_IMAGES)
        throw new HttpError(400, 'venture.too_many_images');
      const images = [...current.images, ...paths];
      await tx.update(ventures).set({ images, updatedAt: ctx.now() }).where(eq(ventures.id, id));
      return images;
    });
  } catch (error) {
    await Promise.all(written.map((name) => rm(join(dir, name), { force: true })));
    throw error;
  }
}

export async function deleteImage(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  imageUrl: string,
): Promise<string[]> {
  const images = await ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    // Only a path that is one of this venture's images: nothing else on disk can be named.
    if (!row.images.includes(imageUrl)) throw new HttpError(404, 'venture.no_such_image');
    const rest = row.images.filter((path) => path !== imageUrl);
    await tx.update(ventures).set({ images: rest, updatedAt: ctx.now() }).where(eq(ventures.id, id));
    return rest;
  });
  const name = imageUrl.split('/').pop()!;
  const dir = join(ctx.config.dataDir, 'uploads', 'ventures', id);
  await Promise.all([name, ...variantNames(name)].map((file) => rm(join(dir, file), { force: true })));
  return images;
}
