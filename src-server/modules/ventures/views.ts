/** A venture as answered: every field for its owner and admins, the public ones for anyone else. */
import { and, eq, gt, inArray, isNull, max, ne, notInArray, sql } from 'drizzle-orm';
import type { LoanStatus } from '../../../src-shared/constants/enums';
import type { PublicVenture, Venture, VentureView } from '../../../src-shared/contracts/ventures';
import { centsToEuros } from '../../../src-shared/money';
import type { DbOrTx } from '../../db/client';
import type { ventures } from '../../db/schema';
import { investments, loans, users } from '../../db/schema';
import { isAdminRole } from '../../plugins/session';
import type { SessionContext } from '../auth/sessions';

export type VentureRow = typeof ventures.$inferSelect;
/** The creator's columns every venture answer is built from (the public one keeps the company only). */
export type Creator = { firstName: string; lastName: string; email: string; companyName: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public fields only (contract, "Ventures": the privacy rule): built field by field, so a
 * column added later stays private until it is listed here. */
export function toPublicVenture(
  row: VentureRow,
  companyName: string | null,
  investorCount: number,
): PublicVenture {
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
    investorCount,
    expectedReturn: Number(row.expectedReturn),
    investmentPeriod: row.investmentPeriod,
    closingDate: row.closingDate.toISOString(),
    collateralValue: centsToEuros(row.collateralValueCents),
    loanToValue: Number(row.loanToValue),
    isConvertible: row.isConvertible,
    repaymentType: row.repaymentType,
    repaymentFrequency: row.repaymentFrequency,
    gracePeriods: row.gracePeriods,
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

/** What its investors may still revoke (EU 2020/1503 Art. 22): the amount and the last period's end;
 * and its loan's status once the loan started (the corporate status, decision 0201). */
export interface Revocable {
  cents: bigint;
  until: Date | null;
  loanStatus?: LoanStatus | null;
}
const NOTHING_REVOCABLE: Revocable = { cents: 0n, until: null };

/** The investments that do not make their investor one of a venture's investors (issue 30). */
export const NOT_HELD = ['refunded', 'revoked'] as const;

/**
 * How many people hold an investment in each venture of `ids` (issue 30: "€X raised of €Y, n
 * investors"): distinct investors, refunded and revoked investments left out. One query per list
 * (the public list has it as a column instead, decision 0226), through investments_venture_id_idx;
 * a venture without investors is absent (0).
 */
export async function investorCountsOf(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      ventureId: investments.ventureId,
      investors: sql<number>`count(DISTINCT ${investments.userId})::int`,
    })
    .from(investments)
    .where(and(inArray(investments.ventureId, ids), notInArray(investments.status, [...NOT_HELD])))
    .groupBy(investments.ventureId);
  for (const r of rows) found.set(r.ventureId, Number(r.investors));
  return found;
}

/** The revocable amount and last period end of each venture of `ids` at the business time `now`. */
export async function revocableOf(db: DbOrTx, ids: string[], now: Date): Promise<Map<string, Revocable>> {
  const found = new Map<string, Revocable>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      ventureId: investments.ventureId,
      cents: sql<string>`sum(${investments.amountCents})::text`,
      until: max(investments.revocableUntil),
    })
    .from(investments)
    .where(
      and(
        inArray(investments.ventureId, ids),
        gt(investments.revocableUntil, now),
        isNull(investments.revokedAt),
        ne(investments.status, 'revoked'),
      ),
    )
    .groupBy(investments.ventureId);
  for (const r of rows) found.set(r.ventureId, { cents: BigInt(r.cents), until: r.until });
  const started = await db
    .select({ ventureId: loans.ventureId, status: loans.status })
    .from(loans)
    .where(inArray(loans.ventureId, ids));
  for (const l of started)
    found.set(l.ventureId, { ...(found.get(l.ventureId) ?? NOTHING_REVOCABLE), loanStatus: l.status });
  return found;
}

/** The waiting revision (decision 0127), for the owner's and admins' answers only. */
function revisionOf(
  row: VentureRow,
): Pick<Venture, 'pendingChanges' | 'pendingChangesAt' | 'revisionStatus'> {
  const raw = row.pendingChanges;
  const pending =
    raw && typeof raw === 'object' && Object.keys(raw).length > 0 ? (raw as Venture['pendingChanges']) : null;
  // Rejecting clears the changes but keeps their date: a date without changes is a rejected one.
  const status = pending ? 'pending' : row.pendingChangesAt ? 'rejected' : null;
  return { pendingChanges: pending, pendingChangesAt: iso(row.pendingChangesAt), revisionStatus: status };
}

/** Every field: for the venture's owner and admins (`revocable`: revocableOf's, none when absent). */
export function toVenture(
  row: VentureRow,
  createdBy: Creator,
  investorCount: number,
  revocable?: Revocable,
): Venture {
  const open = revocable ?? NOTHING_REVOCABLE;
  return {
    ...toPublicVenture(row, createdBy.companyName, investorCount),
    adminNotes: row.adminNotes,
    adminReviewedAt: iso(row.adminReviewedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    revocableAmount: centsToEuros(open.cents),
    revocableUntil: iso(open.until),
    loanStatus: open.loanStatus ?? null,
    ...revisionOf(row),
    createdBy: {
      companyName: createdBy.companyName,
      firstName: createdBy.firstName,
      lastName: createdBy.lastName,
      email: createdBy.email,
    },
  };
}

/** Whether the caller is an admin (sees and changes any venture). */
export const isAdmin = (auth: SessionContext | null) => (auth ? isAdminRole(auth.user.role) : false);

/** Whether the caller gets every field of a venture: its owner and admins. */
export const seesEverything = (auth: SessionContext | null, ownerId: string): boolean =>
  isAdmin(auth) || auth?.user.id === ownerId;

/** The venture as the caller may see it: every field for its owner and admins, else the public ones. */
export function viewFor(
  auth: SessionContext | null,
  row: VentureRow,
  createdBy: Creator,
  investorCount: number,
  revocable?: Revocable,
): VentureView {
  return seesEverything(auth, row.createdBy)
    ? toVenture(row, createdBy, investorCount, revocable)
    : toPublicVenture(row, createdBy.companyName, investorCount);
}

export const creatorColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: users.companyName,
};

/** The creator of a venture, for building its answer. */
async function loadCreator(db: DbOrTx, userId: string): Promise<Creator> {
  const [creator] = await db.select(creatorColumns).from(users).where(eq(users.id, userId));
  return creator!;
}

/** The venture with every field, its creator and revocable amount (at the business time `now`)
 * loaded: what a change answers with. */
export async function withCreator(db: DbOrTx, row: VentureRow, now: Date): Promise<Venture> {
  const [revocable, investors] = await Promise.all([
    revocableOf(db, [row.id], now),
    investorCountsOf(db, [row.id]),
  ]);
  return toVenture(
    row,
    await loadCreator(db, row.createdBy),
    investors.get(row.id) ?? 0,
    revocable.get(row.id),
  );
}
