/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"; decisions 0132-0137).
 *
 * Every movement of money is a balanced ledger transaction through the ledger module, in the global
 * lock order (decision 0041, extended by 0134): withdrawal rows and statement entries first, then
 * user accounts by id, then the `pending-withdrawals` platform account, then `external`.
 *
 *   request    user -> pending-withdrawals        (kind withdrawal)
 *   cancel     pending-withdrawals -> user         (kind withdrawal, key withdrawal-refund:<id>)
 *   reject     pending-withdrawals -> user         (kind withdrawal, key withdrawal-refund:<id>)
 *   export     pending-withdrawals -> external     (kind withdrawal, key withdrawal-sent:<id>)
 *   deposit    external -> user                    (kind deposit; an import: one per 5,000 credits,
 *                                                  key camt-import:<import>:<n>; an assignment:
 *                                                  key camt:<bank reference>)
 *
 * Audit: each admin step below is one database transaction that writes its audit row (decisions
 * 0123, 0137).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type AuditSource, recordAudit } from '../audit/service';
import type { LanguageCode, UnmatchedReason, WithdrawalStatus } from '../../../src-shared/constants/enums';
import type {
  AdminWithdrawal,
  AdminWithdrawalsQuery,
  BankAccount,
  ExportsQuery,
  MyWithdrawalsQuery,
  StatementEntriesQuery,
  StatementEntry,
  Withdrawal,
} from '../../../src-shared/contracts/payments';
import { centsToEuros } from '../../../src-shared/money';
import { depositReference, maskIban, normalizeIban } from '../../../src-shared/rules/payments';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  bankAccounts,
  bankStatementEntries,
  bankStatementImports,
  depositReferences,
  users,
  withdrawalExports,
  withdrawals,
} from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import { once } from '../idempotency';
import {
  externalAccountId,
  pendingWithdrawalsAccountId,
  postTransaction,
  postTransactions,
  userAccountId,
} from '../ledger/service';
import type { MailMessage, WithdrawalMessage } from '../mailer/templates';
import { NotCamt053Error, parseCamt053, type StatementEntryData } from './camt053';
import { buildPain001 } from './pain001';

/** Decision 0133: a changed IBAN holds withdrawals for 24 hours of business time. */
export const IBAN_CHANGE_HOLD_MS = 24 * 60 * 60 * 1000;

interface Caller {
  id: string;
}

/** An admin making a change: who, and from where, for its audit row (decision 0123). */
interface AdminCaller extends Caller {
  audit: AuditSource;
}

// ------------------------------------------------------------------------------------------------
// Deposit reference and instructions

/** The person's deposit reference, made on first use (decision 0132): a number from the table's
 * identity sequence and the RF reference derived from it, stored, unique and never changed. */
export async function depositReferenceOf(db: DbOrTx, userId: string): Promise<string> {
  const [existing] = await db
    .select({ reference: depositReferences.reference })
    .from(depositReferences)
    .where(eq(depositReferences.userId, userId));
  if (existing) return existing.reference;
  const { rows } = await db.execute<{ n: string }>(
    sql`SELECT nextval(pg_get_serial_sequence('deposit_references', 'number'))::text AS n`,
  );
  const number = Number(rows[0]!.n);
  await db
    .insert(depositReferences)
    .values({ userId, number, reference: depositReference(number) })
    .onConflictDoNothing({ target: depositReferences.userId });
  const [row] = await db
    .select({ reference: depositReferences.reference })
    .from(depositReferences)
    .where(eq(depositReferences.userId, userId));
  return row!.reference;
}

export async function depositInstructions(ctx: AppContext, userId: string) {
  const { iban, bic, name } = ctx.config.platformAccount;
  return { iban, bic, beneficiary: name, reference: await depositReferenceOf(ctx.db, userId) };
}

// ------------------------------------------------------------------------------------------------
// Bank account

const bankAccountView = (row: typeof bankAccounts.$inferSelect, now: Date): BankAccount => {
  const held = row.heldUntil !== null && row.heldUntil > now;
  return {
    iban: maskIban(row.iban),
    holderName: row.holderName,
    verified: !held,
    heldUntil: held ? row.heldUntil!.toISOString() : null,
  };
};

export async function bankAccountOf(ctx: AppContext, userId: string): Promise<BankAccount | null> {
  const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row ? bankAccountView(row, ctx.clock.now()) : null;
}

async function holderOf(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      kycStatus: users.kycStatus,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

const homePath = (role: string) => (role === 'corporate' ? '/corporate/overview' : '/user/funding');

/**
 * Registers or changes the caller's bank account. The first registration holds nothing; a new IBAN
 * holds withdrawals for 24 hours of business time and e-mails the person (decision 0133); the same
 * IBAN with another holder name changes the name only.
 */
export async function setBankAccount(
  ctx: AppContext,
  caller: Caller,
  input: { iban: string; holderName: string },
): Promise<BankAccount> {
  const iban = normalizeIban(input.iban);
  if (!iban) throw new HttpError(400, 'payments.invalid_iban', { fields: { iban: 'payments.invalid_iban' } });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const person = (await holderOf(tx, caller.id))!;
    const [existing] = await tx
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, caller.id))
      .for('update');
    let row: typeof bankAccounts.$inferSelect;
    if (!existing) {
      [row] = (await tx
        .insert(bankAccounts)
        .values({
          userId: caller.id,
          iban,
          holderName: input.holderName,
          heldUntil: null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()) as [typeof bankAccounts.$inferSelect];
      // A concurrent first registration won: this one is a change of it.
      if (!row) return setBankAccount(ctx, caller, input);
    } else if (existing.iban !== iban) {
      const heldUntil = new Date(now.getTime() + IBAN_CHANGE_HOLD_MS);
      [row] = (await tx
        .update(bankAccounts)
        .set({ iban, holderName: input.holderName, heldUntil, updatedAt: now })
        .where(eq(bankAccounts.userId, caller.id))
        .returning()) as [typeof bankAccounts.$inferSelect];
      await ctx.mailer.enqueue(tx, {
        kind: 'bank-account-changed',
        to: person.email,
        lang: person.language as LanguageCode,
        name: person.firstName,
        iban: maskIban(iban),
        heldUntil: heldUntil.toISOString(),
        path: homePath(person.role),
      });
    } else {
      [row] = (await tx
        .update(bankAccounts)
        .set({ holderName: input.holderName, updatedAt: now })
        .where(eq(bankAccounts.userId, caller.id))
        .returning()) as [typeof bankAccounts.$inferSelect];
    }
    return bankAccountView(row, now);
  });
}

// ------------------------------------------------------------------------------------------------
// Withdrawals

type WithdrawalRow = typeof withdrawals.$inferSelect;

const withdrawalView = (row: WithdrawalRow): Withdrawal => ({
  _id: row.id,
  amount: centsToEuros(row.amountCents),
  status: row.status,
  iban: maskIban(row.iban),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function withdrawalMail(
  person: { email: string; language: string; firstName: string; role: string },
  row: WithdrawalRow,
  step: WithdrawalMessage['step'],
): MailMessage {
  return {
    kind: 'withdrawal',
    step,
    to: person.email,
    lang: person.language as LanguageCode,
    name: person.firstName,
    amount: centsToEuros(row.amountCents),
    iban: maskIban(row.iban),
    reason: row.reason,
    path: homePath(person.role),
  };
}

/**
 * A withdrawal request: KYC complete (403), a bank account (403), no hold (409), an amount within the
 * balance (400). The balance falls at once: user -> pending withdrawals, under the person's account
 * row lock, so parallel requests never take it below zero. Once per Idempotency-Key.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  caller: Caller,
  amountCents: bigint,
  idempotencyKey: string | undefined,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) =>
    once(
      tx,
      {
        userId: caller.id,
        scope: 'withdrawal',
        key: idempotencyKey,
        request: { amount: String(amountCents) },
        now: ctx.now(),
      },
      async (ledgerKey) => {
        const person = (await holderOf(tx, caller.id))!;
        if (person.kycStatus !== 'complete') throw new HttpError(403, 'payments.kyc_required');
        const [bank] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, caller.id));
        if (!bank) throw new HttpError(403, 'payments.bank_account_required');
        if (bank.heldUntil && bank.heldUntil > now)
          throw new HttpError(409, 'payments.withdrawals_held', {
            params: { until: bank.heldUntil.toISOString() },
          });
        const account = await userAccountId(tx, caller.id);
        const [locked] = await tx
          .select({ balance: accounts.balanceCents })
          .from(accounts)
          .where(eq(accounts.id, account))
          .for('update');
        if (locked!.balance < amountCents)
          throw new HttpError(400, 'payments.insufficient_balance', {
            params: { availableAmount: centsToEuros(locked!.balance) },
            fields: {
              amount: {
                code: 'payments.insufficient_balance',
                params: { availableAmount: centsToEuros(locked!.balance) },
              },
            },
          });
        // The user's account first, then pending withdrawals: the global lock order.
        const requestTransactionId = await postTransaction(tx, {
          kind: 'withdrawal',
          createdBy: caller.id,
          note: 'Withdrawal requested',
          idempotencyKey: ledgerKey,
          entries: [
            { accountId: account, amountCents: -amountCents },
            { accountId: await pendingWithdrawalsAccountId(tx), amountCents },
          ],
          at: now,
        });
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId: caller.id,
            amountCents,
            iban: bank.iban,
            holderName: bank.holderName,
            requestTransactionId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await ctx.mailer.enqueue(tx, withdrawalMail(person, row!, 'requested'));
        return { statusCode: 201, body: { data: withdrawalView(row!) } };
      },
    ),
  );
}

/** Gives a requested withdrawal's money back, exactly once: the ledger key `withdrawal-refund:<id>`
 * is unique, and the row is locked and checked `requested` by the caller. */
async function refund(tx: DbOrTx, row: WithdrawalRow, by: string, note: string, now: Date) {
  const account = await userAccountId(tx, row.userId);
  return postTransaction(tx, {
    kind: 'withdrawal',
    createdBy: by,
    note,
    idempotencyKey: `withdrawal-refund:${row.id}`,
    entries: [
      { accountId: account, amountCents: row.amountCents },
      { accountId: await pendingWithdrawalsAccountId(tx), amountCents: -row.amountCents },
    ],
    at: now,
  });
}

async function lockWithdrawal(tx: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** The owner cancels a withdrawal still `requested`: refunded in full, once (409 otherwise). */
export async function cancelWithdrawal(ctx: AppContext, caller: Caller, id: string): Promise<Withdrawal> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (!row || row.userId !== caller.id) throw new HttpError(404, 'payments.withdrawal_not_found');
    if (row.status !== 'requested') throw new HttpError(409, 'payments.not_cancellable');
    const refundTransactionId = await refund(tx, row, caller.id, 'Withdrawal cancelled: refunded', now);
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 'cancelled', refundTransactionId, updatedAt: now })
      .where(eq(withdrawals.id, id))
      .returning();
    // Queued in the same transaction: one e-mail per cancellation that refunded, never one for a
    // refused second cancel (and a cancel the person did not make shows up in their mailbox).
    const person = (await holderOf(tx, row.userId))!;
    await ctx.mailer.enqueue(tx, withdrawalMail(person, updated!, 'cancelled'));
    return withdrawalView(updated!);
  });
}

export async function myWithdrawals(db: DbOrTx, userId: string, query: MyWithdrawalsQuery) {
  const where = and(
    eq(withdrawals.userId, userId),
    query.status ? eq(withdrawals.status, query.status as WithdrawalStatus) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows: rows.map(withdrawalView), total: totals[0]?.total ?? 0 };
}

const person = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function adminWithdrawals(db: DbOrTx, query: AdminWithdrawalsQuery) {
  const where = and(
    query.status ? eq(withdrawals.status, query.status as WithdrawalStatus) : undefined,
    query.userId ? eq(withdrawals.userId, query.userId) : undefined,
    query.search
      ? or(
          ilike(users.email, containsPattern(query.search)),
          ilike(users.firstName, containsPattern(query.search)),
          ilike(users.lastName, containsPattern(query.search)),
          ilike(withdrawals.holderName, containsPattern(query.search)),
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ w: withdrawals, user: person })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((r): AdminWithdrawal => ({
      ...withdrawalView(r.w),
      holderName: r.w.holderName,
      user: r.user,
      exportId: r.w.exportId,
      decidedAt: r.w.decidedAt?.toISOString() ?? null,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/**
 * An admin approves or rejects a requested withdrawal (409 once decided). A rejection needs a
 * reason and refunds in full, once. The person is e-mailed either way. Bulk approval is this call
 * once per withdrawal (react-admin's updateMany; decision 0136).
 */
export async function decideWithdrawal(
  ctx: AppContext,
  admin: AdminCaller,
  id: string,
  input: { status: 'approved' | 'rejected'; reason?: string | undefined },
): Promise<Withdrawal> {
  const reason = input.reason?.trim() || null;
  if (input.status === 'rejected' && !reason)
    throw new HttpError(400, 'payments.reason_required', { fields: { reason: 'payments.reason_required' } });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (!row) throw new HttpError(404, 'payments.withdrawal_not_found');
    if (row.status !== 'requested') throw new HttpError(409, 'payments.already_decided');
    const refundTransactionId =
      input.status === 'rejected'
        ? await refund(tx, row, admin.id, `Withdrawal rejected: ${reason}`, now)
        : null;
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: input.status,
        reason: input.status === 'rejected' ? reason : null,
        refundTransactionId,
        decidedBy: admin.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, id))
      .returning();
    await recordAudit(tx, {
      ...admin.audit,
      action: input.status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: row.status },
      after: { status: updated!.status, ...(reason && { reason }) },
    });
    const holder = (await holderOf(tx, row.userId))!;
    await ctx.mailer.enqueue(tx, withdrawalMail(holder, updated!, input.status));
    return withdrawalView(updated!);
  });
}

/** A message id for a payment file: at most 35 characters, unique (decision 0136). */
const messageIdAt = (now: Date) =>
  `AV${now.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Writes one pain.001.001.09 file of every approved withdrawal not yet exported, oldest first, and
 * marks them `sent` (pending withdrawals -> external), in one transaction; the file is kept
 * (GET /api/admin/withdrawals/exports/{id}). With nothing approved: 409 payments.nothing_to_export.
 */
export async function exportWithdrawals(ctx: AppContext, admin: AdminCaller) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Locked first (before any account), so a second export waits and then finds them sent.
    const rows = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.status, 'approved'))
      .orderBy(withdrawals.createdAt, withdrawals.id)
      .for('update');
    if (rows.length === 0) throw new HttpError(409, 'payments.nothing_to_export');
    const messageId = messageIdAt(now);
    const { iban, bic, name } = ctx.config.platformAccount;
    const xml = buildPain001({
      messageId,
      createdAt: now,
      executionDate: ctx.clock.today(),
      initiatingParty: name,
      debtor: { name, iban, bic },
      transfers: rows.map((row) => ({
        endToEndId: row.id.replace(/-/g, ''),
        amountCents: row.amountCents,
        name: row.holderName,
        iban: row.iban,
        remittance: `AfriVest withdrawal ${row.id.slice(0, 8).toUpperCase()}`,
      })),
    });
    const total = rows.reduce((sum, row) => sum + row.amountCents, 0n);
    const [file] = await tx
      .insert(withdrawalExports)
      .values({ messageId, createdBy: admin.id, count: rows.length, totalCents: total, xml, createdAt: now })
      .returning({ id: withdrawalExports.id });
    const pending = await pendingWithdrawalsAccountId(tx);
    const external = await externalAccountId(tx);
    // Pending withdrawals, then external: the global lock order.
    const sentIds = await postTransactions(
      tx,
      rows.map((row) => ({
        kind: 'withdrawal' as const,
        createdBy: admin.id,
        note: `Withdrawal sent (${messageId})`,
        idempotencyKey: `withdrawal-sent:${row.id}`,
        entries: [
          { accountId: pending, amountCents: -row.amountCents },
          { accountId: external, amountCents: row.amountCents },
        ],
        at: now,
      })),
      (a, b) => (a.accountId === b.accountId ? 0 : a.accountId === pending ? -1 : 1),
    );
    const people = new Map(
      (
        await tx
          .select({
            id: users.id,
            email: users.email,
            language: users.language,
            firstName: users.firstName,
            role: users.role,
          })
          .from(users)
          .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]))
      ).map((p) => [p.id, p]),
    );
    const mails: MailMessage[] = [];
    for (const [i, row] of rows.entries()) {
      const [updated] = await tx
        .update(withdrawals)
        .set({ status: 'sent', sentTransactionId: sentIds[i]!, exportId: file!.id, updatedAt: now })
        .where(eq(withdrawals.id, row.id))
        .returning();
      mails.push(withdrawalMail(people.get(row.userId)!, updated!, 'sent'));
    }
    await recordAudit(tx, {
      ...admin.audit,
      action: 'withdrawal.export',
      targetType: 'withdrawal_export',
      targetId: file!.id,
      after: { messageId, count: rows.length, withdrawals: rows.map((r) => r.id) },
    });
    await ctx.mailer.enqueueMany(tx, mails);
    return { id: file!.id, messageId, xml };
  });
}

export async function listExports(db: DbOrTx, query: ExportsQuery) {
  const where = query.search ? ilike(withdrawalExports.messageId, containsPattern(query.search)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: withdrawalExports.id,
        messageId: withdrawalExports.messageId,
        count: withdrawalExports.count,
        totalCents: withdrawalExports.totalCents,
        createdAt: withdrawalExports.createdAt,
      })
      .from(withdrawalExports)
      .where(where)
      .orderBy(desc(withdrawalExports.createdAt), desc(withdrawalExports.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(withdrawalExports).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      messageId: r.messageId,
      count: r.count,
      total: centsToEuros(r.totalCents),
      createdAt: r.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}

export async function exportFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ messageId: withdrawalExports.messageId, xml: withdrawalExports.xml })
    .from(withdrawalExports)
    .where(eq(withdrawalExports.id, id));
  if (!row) throw new HttpError(404, 'payments.export_not_found');
  return row;
}

// ------------------------------------------------------------------------------------------------
// Bank statements

/** Why an entry cannot be credited by itself, or null (decision 0135). Returned payments, debits,
 * other currencies and batches are listed, never converted or split. */
function unmatchedReason(entry: StatementEntryData, known: Map<string, string>): UnmatchedReason | null {
  if (entry.reversal) return 'returned';
  if (!entry.credit) return 'debit';
  if (entry.currency !== 'EUR') return 'currency';
  if (entry.transactions > 1) return 'batch';
  if (entry.references.length === 0) return 'no_reference';
  if (entry.references.length > 1) return 'several_references';
  if (!known.has(entry.references[0]!)) return 'unknown_reference';
  return null;
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

type NewStatementEntry = Pick<
  typeof bankStatementEntries.$inferInsert,
  | 'bankRef'
  | 'amountCents'
  | 'currency'
  | 'credit'
  | 'reversal'
  | 'bookingDate'
  | 'reference'
  | 'name'
  | 'remittance'
  | 'transactions'
  | 'status'
  | 'unmatchedReason'
  | 'userId'
  | 'ledgerTransactionId'
> & { id: string };

/** Stores an import's entries in one statement: a column an array (`unnest`), in the order given. */
async function insertStatementEntries(tx: DbOrTx, importId: string, at: Date, rows: NewStatementEntry[]) {
  const column = <T>(pick: (r: NewStatementEntry) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO bank_statement_entries (id, bank_ref, import_id, amount_cents, currency, credit, reversal,
           booking_date, reference, name, remittance, transactions, status, unmatched_reason, user_id,
           ledger_transaction_id, created_at)
    SELECT e.id, e.bank_ref, ${importId}::uuid, e.amount_cents, e.currency, e.credit, e.reversal,
           e.booking_date, e.reference, e.name, e.remittance, e.transactions, e.status, e.unmatched_reason,
           e.user_id, e.ledger_transaction_id, ${at}::timestamptz
      FROM unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.bankRef)}::text[],
                  ${column((r) => String(r.amountCents))}::bigint[], ${column((r) => r.currency)}::text[],
                  ${column((r) => r.credit)}::boolean[], ${column((r) => r.reversal ?? false)}::boolean[],
                  ${column((r) => r.bookingDate ?? null)}::date[], ${column((r) => r.reference ?? null)}::text[],
                  ${column((r) => r.name ?? null)}::text[], ${column((r) => r.remittance ?? null)}::text[],
                  ${column((r) => r.transactions ?? 1)}::integer[],
                  ${column((r) => r.status)}::statement_entry_status[],
                  ${column((r) => r.unmatchedReason ?? null)}::unmatched_reason[],
                  ${column((r) => r.userId ?? null)}::uuid[], ${column((r) => r.ledgerTransactionId ?? null)}::uuid[])
        WITH ORDINALITY AS e(id, bank_ref, amount_cents, currency, credit, reversal, booking_date, reference,
                             name, remittance, transactions, status, unmatched_reason, user_id,
                             ledger_transaction_id, n)
     ORDER BY e.n`);
}

/** The lock that makes imports one at a time (decision 0135). */
const IMPORT_LOCK = 27_053_001;

/**
 * Imports a camt.053 statement (decision 0135). Each booked entry is stored once per bank reference;
 * a credit in EUR with one transaction whose remittance information holds one known deposit
 * reference credits that account (external -> user); every other new entry is listed as unmatched.
 * An entry seen before (the same bank reference) is a duplicate and changes nothing. Entries not
 * booked (pending) are left for the statement that books them.
 */
export async function importStatement(
  ctx: AppContext,
  admin: AdminCaller,
  xml: string,
  fileName: string | null,
) {
  let statement;
  try {
    statement = parseCamt053(xml);
  } catch (error) {
    if (error instanceof NotCamt053Error) throw new HttpError(400, 'payments.not_camt053');
    throw error;
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const booked = statement.entries.filter((e) => e.booked);
    const seen = new Set<string>();
    const unique: StatementEntryData[] = [];
    for (const entry of booked) {
      if (!seen.has(entry.bankRef)) {
        seen.add(entry.bankRef);
        unique.push(entry);
      }
    }
    // One query for the bank references already imported, one for the deposit references: each
    // with the whole list as one array parameter (docs/benchmarks.md, "Bank statement import").
    const { rows: storedRows } = await tx.execute<{ bank_ref: string }>(
      sql`SELECT bank_ref FROM bank_statement_entries
           WHERE bank_ref = ANY(${sql.param(unique.map((e) => e.bankRef))}::text[])`,
    );
    const stored = new Set(storedRows.map((r) => r.bank_ref));
    const fresh = unique.filter((e) => !stored.has(e.bankRef));
    const duplicates = booked.length - fresh.length;

    const candidates = [...new Set(fresh.flatMap((e) => e.references))];
    const { rows: knownRows } = await tx.execute<{ reference: string; user_id: string }>(
      sql`SELECT reference, user_id FROM deposit_references
           WHERE reference = ANY(${sql.param(candidates)}::text[])`,
    );
    const known = new Map(knownRows.map((r) => [r.reference, r.user_id]));
    const classified = fresh.map((entry) => ({ entry, reason: unmatchedReason(entry, known) }));
    const credits = classified.filter((c) => c.reason === null);

    // The people's accounts (made on first use, in user order so that two imports never wait on each
    // other's new rows crosswise), then locked in the global order: user accounts by id, before
    // `external`, so that the slices below never lock a user account after it. The SELECT locks
    // in its ORDER BY (the row locks are taken above the sort).
    const userIds = [...new Set(credits.map((c) => known.get(c.entry.references[0]!)!))].sort();
    const accountOf = new Map<string, string>();
    if (userIds.length > 0) {
      await tx.execute(
        sql`INSERT INTO accounts (kind, user_id)
            SELECT 'user', u FROM unnest(${sql.param(userIds)}::uuid[]) AS u
            ON CONFLICT DO NOTHING`,
      );
      const { rows: locked } = await tx.execute<{ id: string; user_id: string }>(
        sql`SELECT id, user_id FROM accounts WHERE user_id = ANY(${sql.param(userIds)}::uuid[])
             ORDER BY id FOR UPDATE`,
      );
      for (const r of locked) accountOf.set(r.user_id, r.id);
    }
    const [imported] = await tx
      .insert(bankStatementImports)
      .values({
        statementId: statement.statementId,
        fileName,
        importedBy: admin.id,
        entries: statement.entries.length,
        credited: credits.length,
        duplicates,
        unmatched: classified.length - credits.length,
        createdAt: now,
      })
      .returning({ id: bankStatementImports.id });
    // One ledger transaction per slice of 5,000 credits (decision 0135): an entry per credit to its
    // person's account, in account order, and one from `external` for the slice's total. The
    // entries' bank references stay the idempotency keys (bank_statement_entries.bank_ref).
    const external = await externalAccountId(tx);
    const accountOfCredit = (entry: StatementEntryData) => accountOf.get(known.get(entry.references[0]!)!)!;
    const sorted = [...credits].sort((a, b) =>
      accountOfCredit(a.entry) < accountOfCredit(b.entry)
        ? -1
        : accountOfCredit(a.entry) > accountOfCredit(b.entry)
          ? 1
          : 0,
    );
    const ledgerIdOf = new Map<string, string>();
    for (const [n, part] of chunks(sorted, 5000).entries()) {
      const total = part.reduce((sum, c) => sum + c.entry.amountCents, 0n);
      const transactionId = await postTransaction(tx, {
        kind: 'deposit',
        createdBy: admin.id,
        note: `Bank transfers of statement ${statement.statementId ?? imported!.id}`,
        idempotencyKey: `camt-import:${imported!.id}:${n}`,
        entries: [
          ...part.map((c) => ({ accountId: accountOfCredit(c.entry), amountCents: c.entry.amountCents })),
          { accountId: external, amountCents: -total },
        ],
        at: now,
      });
      for (const c of part) ledgerIdOf.set(c.entry.bankRef, transactionId);
    }

    const rows = classified.map(({ entry, reason }) => ({
      id: randomUUID(),
      bankRef: entry.bankRef,
      importId: imported!.id,
      amountCents: entry.amountCents,
      currency: entry.currency || '???',
      credit: entry.credit,
      reversal: entry.reversal,
      bookingDate: entry.bookingDate,
      reference: entry.references[0] ?? null,
      name: entry.name,
      remittance: entry.remittance.slice(0, 2000) || null,
      transactions: entry.transactions,
      status: reason === null ? ('credited' as const) : ('unmatched' as const),
      unmatchedReason: reason,
      userId: reason === null ? known.get(entry.references[0]!)! : null,
      ledgerTransactionId: reason === null ? ledgerIdOf.get(entry.bankRef)! : null,
      createdAt: now,
    }));
    // One INSERT of the whole list, a column an array: building a 17-column multi-row VALUES of
    // 10,000 rows took about a second of the server's CPU before PostgreSQL saw it.
    if (rows.length > 0) await insertStatementEntries(tx, imported!.id, now, rows);

    // The e-mails: the amount, and the balance once the statement is booked.
    if (credits.length > 0) {
      const { rows: found } = await tx.execute<{
        id: string;
        role: string;
        email: string;
        first_name: string;
        language: string;
        balance: string;
      }>(
        sql`SELECT u.id, u.role, u.email, u.first_name, u.language, a.balance_cents::text AS balance
              FROM users u JOIN accounts a ON a.user_id = u.id
             WHERE u.id = ANY(${sql.param(userIds)}::uuid[])`,
      );
      const people = new Map(
        found.map((r) => [r.id, { ...r, firstName: r.first_name, balance: BigInt(r.balance) }]),
      );
      await ctx.mailer.enqueueMany(
        tx,
        credits.map(({ entry }) => {
          const userId = known.get(entry.references[0]!)!;
          const holder = people.get(userId)!;
          return {
            kind: 'balance-credited',
            to: holder.email,
            lang: holder.language as LanguageCode,
            name: holder.firstName,
            amount: centsToEuros(entry.amountCents),
            balance: centsToEuros(holder.balance),
            path: homePath(holder.role),
          };
        }),
      );
    }
    await recordAudit(tx, {
      ...admin.audit,
      action: 'bank_statement.import',
      targetType: 'bank_statement_import',
      targetId: imported!.id,
      after: {
        credited: credits.length,
        duplicates,
        unmatched: rows.filter((r) => r.status === 'unmatched').length,
      },
    });
    return {
      credited: credits.length,
      duplicates,
      unmatched: rows
        .filter((r) => r.status === 'unmatched')
        .map((r) => ({
          _id: r.id,
          amount: centsToEuros(r.amountCents),
          currency: r.currency,
          reference: r.reference,
          name: r.name,
          bookingDate: r.bookingDate,
          reason: r.unmatchedReason,
        })),
    };
  });
}

const entryView = (r: typeof bankStatementEntries.$inferSelect): StatementEntry => ({
  _id: r.id,
  amount: centsToEuros(r.amountCents),
  currency: r.currency,
  credit: r.credit,
  reference: r.reference,
  name: r.name,
  remittance: r.remittance,
  bookingDate: r.bookingDate,
  status: r.status,
  reason: r.status === 'unmatched' ? r.unmatchedReason : null,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
});

export async function listStatementEntries(db: DbOrTx, query: StatementEntriesQuery) {
  const where: SQL | undefined = and(
    query.status ? eq(bankStatementEntries.status, query.status as 'unmatched') : undefined,
    query.search
      ? or(
          ilike(bankStatementEntries.name, containsPattern(query.search)),
          ilike(bankStatementEntries.remittance, containsPattern(query.search)),
          ilike(bankStatementEntries.reference, containsPattern(query.search)),
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bankStatementEntries)
      .where(where)
      .orderBy(desc(bankStatementEntries.createdAt), desc(bankStatementEntries.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(bankStatementEntries).where(where),
  ]);
  return { rows: rows.map(entryView), total: totals[0]?.total ?? 0 };
}

/**
 * An admin credits an unmatched entry to a person's account (decision 0135): only a credit in EUR
 * that is not a returned payment (409 otherwise), once (409 when already credited), recorded on the
 * entry (who, when, note) with the ledger transaction (external -> user, key camt:<bank reference>).
 */
export async function assignEntry(
  ctx: AppContext,
  admin: AdminCaller,
  entryId: string,
  input: { userId: string; note?: string | undefined },
): Promise<StatementEntry> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(bankStatementEntries)
      .where(eq(bankStatementEntries.id, entryId))
      .for('update');
    if (!entry) throw new HttpError(404, 'payments.entry_not_found');
    if (entry.status !== 'unmatched') throw new HttpError(409, 'payments.entry_already_assigned');
    if (!entry.credit || entry.reversal || entry.currency !== 'EUR')
      throw new HttpError(409, 'payments.entry_not_assignable');
    const holder = await holderOf(tx, input.userId);
    if (!holder || (holder.role !== 'user' && holder.role !== 'corporate'))
      throw new HttpError(404, 'user.not_found', { fields: { userId: 'user.not_found' } });
    const account = await userAccountId(tx, holder.id);
    const transactionId = await postTransaction(tx, {
      kind: 'deposit',
      createdBy: admin.id,
      note:
        input.note?.trim() || `Bank transfer assigned${entry.bookingDate ? ` (${entry.bookingDate})` : ''}`,
      idempotencyKey: `camt:${entry.bankRef}`,
      entries: [
        { accountId: account, amountCents: entry.amountCents },
        { accountId: await externalAccountId(tx), amountCents: -entry.amountCents },
      ],
      at: now,
    });
    const [updated] = await tx
      .update(bankStatementEntries)
      .set({
        status: 'assigned',
        userId: holder.id,
        ledgerTransactionId: transactionId,
        assignedBy: admin.id,
        assignedAt: now,
        note: input.note?.trim() || null,
      })
      .where(eq(bankStatementEntries.id, entryId))
      .returning();
    await recordAudit(tx, {
      ...admin.audit,
      action: 'bank_statement.assign',
      targetType: 'bank_statement_entry',
      targetId: entryId,
      before: { status: 'unmatched' },
      after: { status: 'assigned', userId: holder.id, ...(updated!.note && { note: updated!.note }) },
    });
    const [balance] = await tx
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, account));
    await ctx.mailer.enqueue(tx, {
      kind: 'balance-credited',
      to: holder.email,
      lang: holder.language as LanguageCode,
      name: holder.firstName,
      amount: centsToEuros(entry.amountCents),
      balance: centsToEuros(balance!.balance),
      path: homePath(holder.role),
    });
    return entryView(updated!);
  });
}
