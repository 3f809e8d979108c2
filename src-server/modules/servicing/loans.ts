/**
 * A loan's money (API contract, "Loan servicing"; ARCHITECTURE.md, "The money model"): its start
 * (disbursement and schedule), payments by the company or recorded by an admin, recoveries, a
 * declared default and the write-off. Each runs in one database transaction under the global lock
 * order: the venture row, its loan row, user accounts by id (investors and the company together),
 * the escrow, then the platform accounts by id. Every movement of money is one balanced ledger
 * transaction; loan states and write-offs are records here, not cash.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LoanStatus } from '../../../src-shared/constants/enums';
import { centsToEuros, formatEuros } from '../../../src-shared/money';
import { splitProRata } from '../../../src-shared/rules/repayment';
import {
  allocatePayment,
  buildSchedule,
  daysBetween,
  distributePayment,
  loanStatusForDaysLate,
  owedCents,
  scheduleInterestCents,
  type InstallmentBalance,
} from '../../../src-shared/rules/schedule';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, loanEvents, loanInstallments, loans, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { escrowAccountId, postTransaction, type EntryInput } from '../ledger/service';
import type { LoanNoticeMessage } from '../mailer/templates';

export type LoanRow = typeof loans.$inferSelect;
export type InstallmentRow = typeof loanInstallments.$inferSelect;
type VentureRow = typeof ventures.$inferSelect;

const money = (cents: bigint) => formatEuros(centsToEuros(cents), 'en');

/** The instalments a payment went to, for its ledger note: 'instalment 2', 'instalments 2-4',
 * 'instalments 2, 5' (decision 0200). */
export function instalmentsNamed(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  if (sorted.length === 1) return `instalment ${sorted[0]}`;
  const consecutive = sorted.every((n, k) => k === 0 || n === sorted[k - 1]! + 1);
  return consecutive
    ? `instalments ${sorted[0]}-${sorted[sorted.length - 1]}`
    : `instalments ${sorted.join(', ')}`;
}

/** Statuses in which a loan can still be paid. */
const CLOSED: readonly LoanStatus[] = ['repaid', 'written_off'];

export async function lockVentureRow(tx: DbOrTx, ventureId: string): Promise<VentureRow> {
  const [row] = await tx.select().from(ventures).where(eq(ventures.id, ventureId)).for('update');
  if (!row || row.isDeleted) throw new HttpError(404, 'venture.not_found');
  return row;
}

/** The venture's loan, locked (after its venture row); 409 when it has none. */
export async function lockLoan(tx: DbOrTx, ventureId: string): Promise<LoanRow> {
  const [row] = await tx.select().from(loans).where(eq(loans.ventureId, ventureId)).for('update');
  if (!row) throw new HttpError(409, 'servicing.no_loan');
  return row;
}

/** A platform account's id by its code (`external`, `fees`), made by the migrations. */
export async function platformAccountId(tx: DbOrTx, code: 'external' | 'fees'): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, 'platform'), eq(accounts.code, code)));
  if (!row) throw new Error(`the ${code} platform account is missing: migrations not applied?`);
  return row.id;
}

/** Entries in the global lock order: user accounts by id, then the escrow, then platform accounts by id. */
function inLockOrder(users: EntryInput[], escrow: EntryInput | null, platform: EntryInput[]): EntryInput[] {
  const byId = (a: EntryInput, b: EntryInput) => (a.accountId < b.accountId ? -1 : 1);
  return [
    ...users.filter((e) => e.amountCents !== 0n).sort(byId),
    ...(escrow && escrow.amountCents !== 0n ? [escrow] : []),
    ...platform.filter((e) => e.amountCents !== 0n).sort(byId),
  ];
}

/** Hundredths of a percent from a numeric(5,2) text ('12.50' -> 1250n). */
export const hundredths = (percent: string): bigint => BigInt(Math.round(Number(percent) * 100));

async function statusEvent(
  tx: DbOrTx,
  ventureId: string,
  status: LoanStatus,
  businessDate: string,
  by: string | null,
  note: string | null = null,
) {
  await tx
    .insert(loanEvents)
    .values({ ventureId, kind: 'status', status, businessDate, createdBy: by, note });
}

/**
 * The end of the latest reflection period still open at `asOf` among the venture's investments
 * (EU 2020/1503 Art. 22(2): 96 hours in which a non-sophisticated investor may revoke), or null when
 * none is open. Revoked investments no longer count.
 */
export async function openReflectionUntil(tx: DbOrTx, ventureId: string, asOf: Date): Promise<Date | null> {
  const { rows } = await tx.execute<{ until: Date | string | null }>(sql`
    SELECT max(i.revocable_until) AS until FROM investments i
     WHERE i.venture_id = ${ventureId} AND i.revoked_at IS NULL AND i.status <> 'revoked'
       AND i.revocable_until > ${asOf}`);
  const until = rows[0]?.until ?? null;
  return until === null ? null : new Date(until);
}

/**
 * Starts the loan of a funded venture (inside the caller's transaction, its venture row locked): the
 * escrow is paid out to the company's platform balance, the schedule is fixed from the venture's
 * terms on the business date, and each investment's `totalExpectedReturn` becomes its pro-rata
 * share of the schedule's interest. Does nothing when the loan exists or the venture is not funded,
 * nor while an investment in it can still be revoked at `asOf` (API contract, "Loan servicing"; Art.
 * 22(2)): the close of business after the last reflection period ends starts it.
 */
export async function startLoanIn(
  ctx: AppContext,
  tx: DbOrTx,
  venture: VentureRow,
  disbursedOn: string,
  by: string | null,
  asOf: Date = ctx.clock.now(),
): Promise<boolean> {
  if (venture.lifecycleStatus !== 'funded' || venture.cancelledAt !== null) return false;
  if ((await openReflectionUntil(tx, venture.id, asOf)) !== null) return false;
  const [existing] = await tx
    .select({ id: loans.ventureId })
    .from(loans)
    .where(eq(loans.ventureId, venture.id));
  if (existing) return false;
  const principal = venture.amountFundedCents;
  if (principal <= 0n) return false;
  const escrow = await escrowAccountId(tx, venture.id);
  const [held] = await tx
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.id, escrow))
    .for('update');
  let transactionId: string | null = null;
  if (held && held.balance > 0n) {
    const [company] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.userId, venture.createdBy));
    const companyAccount =
      company?.id ??
      (
        await tx
          .insert(accounts)
          .values({ kind: 'user', userId: venture.createdBy })
          .returning({ id: accounts.id })
      )[0]!.id;
    transactionId = await postTransaction(tx, {
      kind: 'disbursement',
      createdBy: by,
      ventureId: venture.id,
      note: `Loan of ${venture.title} disbursed: ${money(held.balance)} paid out to the company's balance`,
      entries: inLockOrder(
        [{ accountId: companyAccount, amountCents: held.balance }],
        { accountId: escrow, amountCents: -held.balance },
        [],
      ),
      at: ctx.clock.now(),
    });
  }
  const rate = hundredths(venture.expectedReturn);
  const schedule = buildSchedule({
    principalCents: principal,
    rateHundredths: rate,
    months: venture.investmentPeriod,
    type: venture.repaymentType,
    frequency: venture.repaymentFrequency,
    gracePeriods: venture.gracePeriods,
    disbursedOn,
  });
  const lateRate =
    ctx.config.lateInterestHundredths === undefined
      ? venture.expectedReturn
      : (ctx.config.lateInterestHundredths / 100).toFixed(2);
  await tx.insert(loans).values({
    ventureId: venture.id,
    status: 'current',
    disbursedOn,
    principalCents: principal,
    outstandingPrincipalCents: principal,
    lateInterestRate: lateRate,
  });
  await tx.insert(loanInstallments).values(
    schedule.map((i) => ({
      ventureId: venture.id,
      number: i.number,
      dueDate: i.dueDate,
      principalCents: i.principalCents,
      interestCents: i.interestCents,
    })),
  );
  await tx.insert(loanEvents).values({
    ventureId: venture.id,
    kind: 'disbursed',
    status: 'current',
    businessDate: disbursedOn,
    amountCents: principal,
    ledgerTransactionId: transactionId,
    createdBy: by,
  });
  // totalExpectedReturn: each investment's pro-rata share of the schedule's interest.
  const rows = await tx
    .select({ id: investments.id, amount: investments.amountCents })
    .from(investments)
    .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'completed')))
    .orderBy(asc(investments.investmentDate), asc(investments.id));
  if (rows.length > 0) {
    const shares = splitProRata(
      scheduleInterestCents(schedule),
      rows.map((r) => r.amount),
    );
    await tx.execute(sql`
      UPDATE investments i SET total_expected_return_cents = s.share
        FROM unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(shares.map(String))}::bigint[]) AS s(id, share)
       WHERE i.id = s.id`);
  }
  return true;
}

/** Starts the loan of a funded venture in a transaction of its own (after the investment that funded it). */
export async function startLoan(ctx: AppContext, ventureId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const venture = await lockVentureRow(tx, ventureId);
    return startLoanIn(ctx, tx, venture, ctx.clock.today(), null);
  });
}

export async function loadInstallments(tx: DbOrTx, ventureId: string): Promise<InstallmentRow[]> {
  return tx
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.ventureId, ventureId))
    .orderBy(asc(loanInstallments.number));
}

const balanceOf = (i: InstallmentRow): InstallmentBalance => ({
  number: i.number,
  principalCents: i.principalCents,
  interestCents: i.interestCents,
  lateInterestCents: i.lateInterestCents,
  paidPrincipalCents: i.paidPrincipalCents,
  paidInterestCents: i.paidInterestCents,
  paidLateInterestCents: i.paidLateInterestCents,
});

const isPaid = (i: InstallmentRow) =>
  i.paidPrincipalCents === i.principalCents &&
  i.paidInterestCents === i.interestCents &&
  i.paidLateInterestCents === i.lateInterestCents;

/** Days past due of the oldest unpaid instalment on `today` (0 when none is past its due date). */
export function daysLateOf(rows: readonly InstallmentRow[], today: string): number {
  const oldest = rows.find((i) => !isPaid(i) && i.status !== 'written_off');
  if (!oldest) return 0;
  return Math.max(0, daysBetween(oldest.dueDate, today));
}

export interface PaymentSource {
  /** `company`: from the company's platform balance; `external`: money received outside the platform. */
  kind: 'company' | 'external';
  ledgerKind: 'instalment' | 'repayment' | 'recovery';
  by: string | null;
  note: string;
  idempotencyKey?: string | null;
  /** A recovery: its costs (kept out of the payment) and the gross amount recovered. */
  recovery?: { grossCents: bigint; costsCents: bigint };
}

export interface PaymentOutcome {
  allocated: { lateInterestCents: bigint; interestCents: bigint; principalCents: bigint };
  feeCents: bigint;
  creditedCents: bigint;
  investors: number;
  loanStatus: LoanStatus;
}

/**
 * Applies a payment to a loan inside the caller's transaction (venture and loan rows locked):
 * allocated oldest instalment first (late interest, interest, principal), credited to the investors
 * pro rata to their principal by the largest-remainder method, less the service fee on the interest
 * (SERVICE_FEE_RATE) to the platform's fee account; one balanced ledger transaction.
 */
export async function applyPayment(
  ctx: AppContext,
  tx: DbOrTx,
  venture: VentureRow,
  loan: LoanRow,
  amountCents: bigint,
  source: PaymentSource,
): Promise<PaymentOutcome> {
  if (CLOSED.includes(loan.status)) throw new HttpError(409, 'servicing.loan_closed');
  const today = ctx.clock.today();
  const rows = await loadInstallments(tx, venture.id);
  const balances = rows.map(balanceOf);
  const allocation = amountCents > 0n ? allocatePayment(balances, amountCents) : [];
  if (allocation === null)
    throw new HttpError(400, 'servicing.overpayment', {
      params: { amount: centsToEuros(owedCents(balances)) },
    });
  const parts = { principalCents: 0n, interestCents: 0n, lateInterestCents: 0n };
  for (const a of allocation) {
    parts.principalCents += a.principalCents;
    parts.interestCents += a.interestCents;
    parts.lateInterestCents += a.lateInterestCents;
  }

  // The investors, each weighted by their principal in the loan (their running investments).
  const held = await tx
    .select({
      id: investments.id,
      userId: investments.userId,
      amount: investments.amountCents,
      outstanding: sql<bigint>`${investments.amountCents} - ${investments.receivedPrincipalCents}`.mapWith(
        (v: string | number) => BigInt(v),
      ),
      accountId: accounts.id,
    })
    .from(investments)
    .innerJoin(accounts, eq(accounts.userId, investments.userId))
    .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'completed')))
    .orderBy(asc(investments.investmentDate), asc(investments.id));
  if (held.length === 0) throw new HttpError(409, 'investment.nothing_to_repay');
  const investorIds: string[] = [];
  const perInvestor = new Map<
    string,
    { weight: bigint; outstanding: bigint; accountId: string; rows: typeof held }
  >();
  for (const row of held) {
    let known = perInvestor.get(row.userId);
    if (!known) {
      known = { weight: 0n, outstanding: 0n, accountId: row.accountId, rows: [] };
      perInvestor.set(row.userId, known);
      investorIds.push(row.userId);
    }
    known.weight += row.amount;
    known.outstanding += row.outstanding;
    known.rows.push(row);
  }
  const split = distributePayment(
    parts,
    investorIds.map((id) => perInvestor.get(id)!.weight),
    BigInt(ctx.config.serviceFeeHundredths),
  );
  // Principal goes pro rata to the principal each investor still has outstanding: split by the
  // original amounts, the largest-remainder cents of successive payments could add up to more than
  // an investment's principal (three equal investors, three instalments: one cent too many for the
  // first). By what is outstanding, no share exceeds it, and the last payment pays each exactly.
  if (parts.principalCents > 0n)
    split.principal = splitProRata(
      parts.principalCents,
      investorIds.map((id) => perInvestor.get(id)!.outstanding),
    );
  split.credit = split.principal.map(
    (p, k) => p + split.interest[k]! + split.lateInterest[k]! - split.fee[k]!,
  );
  const feeCents = split.fee.reduce((a, b) => a + b, 0n);
  const creditedCents = split.credit.reduce((a, b) => a + b, 0n);

  // The ledger transaction: the payer pays `amountCents`, investors get their credits, the fee account the fee.
  let transactionId: string | null = null;
  if (amountCents > 0n) {
    const userEntries: EntryInput[] = investorIds.map((id, k) => ({
      accountId: perInvestor.get(id)!.accountId,
      amountCents: split.credit[k]!,
    }));
    const platformEntries: EntryInput[] = [
      { accountId: await platformAccountId(tx, 'fees'), amountCents: feeCents },
    ];
    if (source.kind === 'company') {
      const [company] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.userId, venture.createdBy));
      if (!company) throw new HttpError(400, 'investment.insufficient_balance');
      const [balance] = await tx
        .select({ cents: accounts.balanceCents })
        .from(accounts)
        .where(eq(accounts.id, company.id));
      // A first check; the account's CHECK (balance >= 0) is the guard under concurrency (below).
      if (!balance || balance.cents < amountCents)
        throw new HttpError(400, 'investment.insufficient_balance');
      // The company may also hold an investment in its own loan: net its entry.
      const own = userEntries.find((e) => e.accountId === company.id);
      if (own) own.amountCents -= amountCents;
      else userEntries.push({ accountId: company.id, amountCents: -amountCents });
    } else {
      platformEntries.push({ accountId: await platformAccountId(tx, 'external'), amountCents: -amountCents });
    }
    try {
      transactionId = await postTransaction(tx, {
        kind: source.ledgerKind,
        createdBy: source.by,
        ventureId: venture.id,
        idempotencyKey: source.idempotencyKey ?? null,
        note: `${source.note || 'Loan payment'}: ${venture.title}, ${instalmentsNamed(allocation.map((a) => a.number))}: ${money(amountCents)} (interest ${money(parts.interestCents + parts.lateInterestCents)}, principal ${money(parts.principalCents)})`,
        entries: inLockOrder(userEntries, null, platformEntries),
        at: ctx.clock.now(),
      });
    } catch (error) {
      // The company's balance CHECK: it cannot pay more than it holds.
      const failed = error as { constraint?: string; cause?: { constraint?: string } };
      if ((failed.cause?.constraint ?? failed.constraint) === 'balance_nonnegative')
        throw new HttpError(400, 'investment.insufficient_balance');
      throw error;
    }
  }

  // The instalments: what each received, and whether it is settled.
  for (const a of allocation) {
    const row = rows.find((r) => r.number === a.number)!;
    row.paidLateInterestCents += a.lateInterestCents;
    row.paidInterestCents += a.interestCents;
    row.paidPrincipalCents += a.principalCents;
    const settled = isPaid(row);
    if (settled) {
      row.status = 'paid';
      row.paidOn = today;
    }
    await tx
      .update(loanInstallments)
      .set({
        paidLateInterestCents: row.paidLateInterestCents,
        paidInterestCents: row.paidInterestCents,
        paidPrincipalCents: row.paidPrincipalCents,
        ...(settled && { status: 'paid' as const, paidOn: today }),
      })
      .where(and(eq(loanInstallments.ventureId, venture.id), eq(loanInstallments.number, a.number)));
  }

  // Each investor's parts over their investments (pro rata to each investment's amount), in one statement.
  const ids: string[] = [];
  const cols = { p: [] as bigint[], i: [] as bigint[], l: [] as bigint[], f: [] as bigint[] };
  investorIds.forEach((userId, k) => {
    const own = perInvestor.get(userId)!.rows;
    const weights = own.map((r) => r.amount);
    const sp =
      split.principal[k]! > 0n
        ? splitProRata(
            split.principal[k]!,
            own.map((r) => r.outstanding),
          )
        : own.map(() => 0n);
    const si = splitProRata(split.interest[k]!, weights);
    const sl = splitProRata(split.lateInterest[k]!, weights);
    const sf = splitProRata(split.fee[k]!, weights);
    own.forEach((r, j) => {
      ids.push(r.id);
      cols.p.push(sp[j]!);
      cols.i.push(si[j]!);
      cols.l.push(sl[j]!);
      cols.f.push(sf[j]!);
    });
  });
  const repaid = !rows.some((r) => !isPaid(r));
  const now = ctx.clock.now();
  // The parts of each investor's ledger entry, per investment (decision 0163; the annual statement).
  if (transactionId !== null) {
    const owners = investorIds.flatMap((userId) => perInvestor.get(userId)!.rows.map(() => userId));
    await tx.execute(sql`
      INSERT INTO payment_shares (ledger_transaction_id, investment_id, user_id, venture_id,
                                  principal_cents, interest_cents, late_interest_cents, fee_cents, created_at)
      SELECT ${transactionId}::uuid, s.id, s.u, ${venture.id}::uuid, s.p, s.i, s.l, s.f, ${now}
        FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(owners)}::uuid[], ${sql.param(cols.p.map(String))}::bigint[],
                    ${sql.param(cols.i.map(String))}::bigint[], ${sql.param(cols.l.map(String))}::bigint[],
                    ${sql.param(cols.f.map(String))}::bigint[]) AS s(id, u, p, i, l, f)
       WHERE s.p <> 0 OR s.i <> 0 OR s.l <> 0 OR s.f <> 0`);
  }
  await tx.execute(sql`
    UPDATE investments i SET
      received_principal_cents = i.received_principal_cents + s.p,
      received_interest_cents = i.received_interest_cents + s.i,
      received_late_interest_cents = i.received_late_interest_cents + s.l,
      service_fees_cents = i.service_fees_cents + s.f,
      repaid_cents = i.repaid_cents + s.p + s.i + s.l - s.f,
      profit_paid_cents = i.profit_paid_cents + s.i + s.l - s.f,
      status = CASE WHEN ${repaid} THEN 'repaid'::investment_status ELSE i.status END,
      updated_at = ${now}
      FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(cols.p.map(String))}::bigint[], ${sql.param(cols.i.map(String))}::bigint[],
                  ${sql.param(cols.l.map(String))}::bigint[], ${sql.param(cols.f.map(String))}::bigint[]) AS s(id, p, i, l, f)
     WHERE i.id = s.id`);

  // The loan: outstanding principal, and its status.
  let status: LoanStatus = loan.status;
  const daysLate = daysLateOf(rows, today);
  if (repaid) status = 'repaid';
  else if (source.recovery) status = 'recovery';
  else if (status !== 'default' && status !== 'recovery') status = loanStatusForDaysLate(daysLate);
  await tx
    .update(loans)
    .set({
      outstandingPrincipalCents: loan.outstandingPrincipalCents - parts.principalCents,
      status,
      daysLate: repaid ? 0 : daysLate,
      ...(repaid && { repaidOn: today }),
      updatedAt: now,
    })
    .where(eq(loans.ventureId, venture.id));
  await tx.insert(loanEvents).values({
    ventureId: venture.id,
    kind: source.recovery ? 'recovery' : 'payment',
    businessDate: today,
    amountCents: source.recovery ? source.recovery.grossCents : amountCents,
    details: {
      principal: String(parts.principalCents),
      interest: String(parts.interestCents),
      lateInterest: String(parts.lateInterestCents),
      fee: String(feeCents),
      costs: String(source.recovery?.costsCents ?? 0n),
    },
    note: source.note || null,
    ledgerTransactionId: transactionId,
    createdBy: source.by,
  });
  if (status !== loan.status) await statusEvent(tx, venture.id, status, today, source.by);
  if (repaid)
    await tx
      .update(ventures)
      .set({ lifecycleStatus: 'repaid', updatedAt: now })
      .where(eq(ventures.id, venture.id));
  return {
    allocated: parts,
    feeCents,
    creditedCents,
    investors: investorIds.length,
    loanStatus: status,
  };
}

/** The investors of a loan with what each still has outstanding in it (for notices and the write-off). */
export async function investorsOf(tx: DbOrTx, ventureId: string) {
  return tx
    .select({
      id: investments.id,
      userId: investments.userId,
      outstanding: sql<string>`${investments.amountCents} - ${investments.receivedPrincipalCents} - ${investments.writtenOffCents}`,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .where(
      and(eq(investments.ventureId, ventureId), inArray(investments.status, ['completed', 'written_off'])),
    );
}

/** Queues one notice per investor of a loan (its default or write-off), their outstanding principal summed. */
export async function noticeInvestors(
  ctx: AppContext,
  tx: DbOrTx,
  venture: VentureRow,
  notice: 'default' | 'written-off',
  amounts?: Map<string, bigint>,
): Promise<number> {
  const rows = await investorsOf(tx, venture.id);
  const perUser = new Map<string, { row: (typeof rows)[number]; cents: bigint; investmentId: string }>();
  for (const row of rows) {
    const cents = amounts?.get(row.id) ?? BigInt(row.outstanding);
    const known = perUser.get(row.userId);
    if (known) known.cents += cents;
    else perUser.set(row.userId, { row, cents, investmentId: row.id });
  }
  for (const { row, cents, investmentId } of perUser.values()) {
    const message: LoanNoticeMessage = {
      kind: 'loan-notice',
      to: row.email,
      lang: (row.language ?? 'en') as LoanNoticeMessage['lang'],
      name: row.firstName,
      notice,
      title: venture.title,
      dueDate: null,
      amount: centsToEuros(cents),
      daysLate: null,
      path: `/user/investments/${investmentId}`,
    };
    await ctx.mailer.enqueue(tx, message);
  }
  return perUser.size;
}
