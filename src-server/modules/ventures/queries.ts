/** Reading ventures: the lists (public, admin, a company's own) with their filters, and one venture. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type {
  AdminVentureListQuery,
  AdminVentureSortField,
  PublicVentureListQuery,
  Venture,
  VentureView,
} from '../../../src-shared/contracts/ventures';
import type { CompanyInvestmentList } from '../../../src-shared/contracts/dashboard';
import { centsToEuros } from '../../../src-shared/money';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { investments, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { containsPattern } from '../../lib/query';
import type { SessionContext } from '../auth/sessions';
import type { CountCache } from './count-cache';
import {
  creatorColumns,
  investorCountsOf,
  NOT_HELD,
  revocableOf,
  seesEverything,
  toVenture,
  viewFor,
  type Creator,
  type VentureRow,
} from './views';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  businessNow: Date,
): Promise<{ rows: Venture[]; total: number }> {
  const [rows, total] = await Promise.all([pageRows(db, where, query), countRows(db, where)]);
  const ids = rows.map((r) => r.venture.id);
  const [revocable, investors] = await Promise.all([
    revocableOf(db, ids, businessNow),
    investorCountsOf(db, ids),
  ]);
  return {
    rows: rows.map((r) =>
      toVenture(r.venture, r.createdBy, investors.get(r.venture.id) ?? 0, revocable.get(r.venture.id)),
    ),
    total,
  };
}

/** The filters of a list query without its page and order: what its total depends on. */
function filterKey(query: PublicVentureListQuery): string {
  const { page: _page, limit: _limit, sortBy: _sortBy, order: _order, ...filters } = query;
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
}

/** A venture's investor count (investorCountsOf's figure) as a column of the page's own statement:
 * one round trip a page instead of two (the second statement's socket write was a third of the
 * server's CPU a page under load, decision 0226). */
const investorCountColumn = sql<number>`(SELECT count(DISTINCT i.user_id)::int FROM investments i
  WHERE i.venture_id = ${ventures.id} AND i.status NOT IN (${sql.raw(NOT_HELD.map((status) => `'${status}'`).join(', '))}))`;

function buildPublicPage(db: DbOrTx, conditions: SQL[], query: ListPage) {
  const direction = query.order === 'asc' ? asc : desc;
  return (
    db
      .select({ venture: ventures, createdBy: creatorColumns, investors: investorCountColumn })
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

function publicPageRows(
  db: DbOrTx,
  query: PublicVentureListQuery,
  now: Date,
): Promise<(Row & { investors: number })[]> {
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
  businessNow: Date = now,
): Promise<{ rows: VentureView[]; total: number }> {
  const count = () => countRows(db, and(isPublic, ...filterConditions(query, now)));
  const [rows, total] = await Promise.all([
    publicPageRows(db, query, now),
    totals ? totals.get(filterKey(query), now.getTime(), count) : count(),
  ]);
  // The revocable figures only for the rows the viewer sees whole (owner, admin).
  const whole = rows.filter((r) => seesEverything(viewer, r.venture.createdBy)).map((r) => r.venture.id);
  const revocable = await revocableOf(db, whole, businessNow);
  return {
    rows: rows.map((r) =>
      viewFor(viewer, r.venture, r.createdBy, Number(r.investors), revocable.get(r.venture.id)),
    ),
    total,
  };
}

export function listAllVentures(
  db: DbOrTx,
  query: AdminVentureListQuery,
  now = new Date(),
  businessNow: Date = now,
) {
  const where = [eq(ventures.isDeleted, false), ...filterConditions(query, now)];
  if (query.adminStatus) where.push(eq(ventures.adminStatus, query.adminStatus));
  if (query.visibility) where.push(eq(ventures.visibility, query.visibility));
  if (query.submitted)
    where.push(
      query.submitted === 'true' ? ne(ventures.visibility, 'draft') : eq(ventures.visibility, 'draft'),
    );
  if (query.hasRevision)
    where.push(
      query.hasRevision === 'true' ? isNotNull(ventures.pendingChanges) : isNull(ventures.pendingChanges),
    );
  return listWhere(db, and(...where), query, businessNow);
}

export async function listOwnVentures(db: DbOrTx, ownerId: string, businessNow: Date): Promise<Venture[]> {
  const rows = await db
    .select({ venture: ventures, createdBy: creatorColumns })
    .from(ventures)
    .innerJoin(users, eq(users.id, ventures.createdBy))
    .where(and(eq(ventures.createdBy, ownerId), eq(ventures.isDeleted, false)))
    .orderBy(desc(ventures.createdAt));
  const ids = rows.map((r) => r.venture.id);
  const [revocable, investors] = await Promise.all([
    revocableOf(db, ids, businessNow),
    investorCountsOf(db, ids),
  ]);
  return rows.map((r) =>
    toVenture(r.venture, r.createdBy, investors.get(r.venture.id) ?? 0, revocable.get(r.venture.id)),
  );
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
  businessNow: Date,
): Promise<VentureView | null> {
  const row = await loadRow(db, id);
  if (!row || !maySeeVenture(auth, row.venture)) return null;
  const revocable = seesEverything(auth, row.venture.createdBy)
    ? (await revocableOf(db, [id], businessNow)).get(id)
    : undefined;
  const investors = (await investorCountsOf(db, [id])).get(id) ?? 0;
  return viewFor(auth, row.venture, row.createdBy, investors, revocable);
}

/** Whether the caller may see a (not deleted) venture: its owner and admins always, anyone else once
 * it is approved and not a draft. The one rule of GET /api/ventures/id/{id}, which the KIIS's PDF
 * follows too. */
export function maySeeVenture(
  auth: SessionContext | null,
  venture: Pick<VentureRow, 'createdBy' | 'adminStatus' | 'visibility'>,
): boolean {
  return (
    seesEverything(auth, venture.createdBy) ||
    (venture.adminStatus === 'approved' && venture.visibility !== 'draft')
  );
}

/** One of the company's own ventures with every field; null when it is another company's (even a
 * public one), deleted or unknown: the corporate app reads its ventures only through this. */
export async function getOwnVenture(
  db: DbOrTx,
  id: string,
  ownerId: string,
  businessNow: Date,
): Promise<Venture | null> {
  const row = await loadRow(db, id);
  if (!row || row.venture.createdBy !== ownerId) return null;
  const investors = (await investorCountsOf(db, [id])).get(id) ?? 0;
  return toVenture(row.venture, row.createdBy, investors, (await revocableOf(db, [id], businessNow)).get(id));
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
