import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '../../../src-shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export interface EntryInput {
  accountId: string;
  /** Signed integer cents: positive credits the account, negative debits it. */
  amountCents: bigint;
}

export interface TransactionInput {
  kind: LedgerKind;
  entries: EntryInput[];
  createdBy?: string | null;
  ventureId?: string | null;
  /** What the movement was, as the admin's and the person's balance histories show it ('Investment
   * in <venture>', 'Refund of …', 'Instalment … <venture>, instalment 2: …'). Required and never
   * blank (decision 0200): every ledger row says what it was. */
  note: string;
  proofPath?: string | null;
  idempotencyKey?: string | null;
  at?: Date;
}

export class UnbalancedTransactionError extends Error {}

/** A transaction without a note (decision 0200): a programming error, as an unbalanced one. */
export class UnnotedTransactionError extends Error {}

function checkNote(input: TransactionInput): void {
  if (typeof input.note !== 'string' || input.note.trim() === '')
    throw new UnnotedTransactionError(`a ${input.kind} transaction needs a note`);
}

/**
 * Writes one ledger transaction. Must run inside a database transaction; the `ledger_entries_apply`
 * trigger moves each account's balance (its CHECK refuses a negative user balance) and a deferred
 * trigger re-checks the zero sum at commit. Entries are applied in the order given, which is the
 * order their account rows are locked in. An investment's transaction is written by the
 * `place_investment` SQL function instead (one statement per investment, issue 16), with the
 * same rows and the same entry order (investor, then escrow; escrow, then external at the target).
 */
export async function postTransaction(tx: DbOrTx, input: TransactionInput): Promise<string> {
  if (input.entries.length < 2)
    throw new UnbalancedTransactionError('a transaction needs at least two entries');
  const sum = input.entries.reduce((acc, e) => acc + e.amountCents, 0n);
  if (sum !== 0n) throw new UnbalancedTransactionError(`entries sum to ${sum}, not 0`);
  if (input.entries.some((e) => e.amountCents === 0n)) throw new UnbalancedTransactionError('zero entry');
  checkNote(input);

  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      createdBy: input.createdBy ?? null,
      ventureId: input.ventureId ?? null,
      note: input.note,
      proofPath: input.proofPath ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: ledgerTransactions.id });
  const transactionId = row!.id;
  // One INSERT whatever the number of entries, in the order given (ORDER BY the arrays' ordinality),
  // so the row trigger applies (and locks) the accounts in that order, as one statement per entry
  // did; a repayment to 1,000 investors is one round trip instead of 1,000 (docs/benchmarks.md,
  // "Loan servicing"). The entries travel as two array parameters: a multi-row VALUES of a bank
  // statement's 4,500 credits cost about 0.2 s to build ("Bank statement import").
  await tx.execute(sql`
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, created_at)
    SELECT ${transactionId}::uuid, e.account_id, e.amount_cents,
           COALESCE(${input.at ?? null}::timestamptz, now())
      FROM unnest(${sql.param(input.entries.map((e) => e.accountId))}::uuid[],
                  ${sql.param(input.entries.map((e) => String(e.amountCents)))}::bigint[])
        WITH ORDINALITY AS e(account_id, amount_cents, n)
     ORDER BY e.n`);
  return transactionId;
}

/** The user's account, created on first use. */
export async function userAccountId(tx: DbOrTx, userId: string): Promise<string> {
  await tx.insert(accounts).values({ kind: 'user', userId }).onConflictDoNothing();
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId));
  return row!.id;
}

/** The venture's escrow account, created on first use. */
export async function escrowAccountId(tx: DbOrTx, ventureId: string): Promise<string> {
  await tx.insert(accounts).values({ kind: 'escrow', ventureId }).onConflictDoNothing();
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.ventureId, ventureId));
  return row!.id;
}

/** The platform account for money entering or leaving off-platform (created by the migrations). */
export async function externalAccountId(tx: DbOrTx): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, 'platform'), eq(accounts.code, 'external')));
  if (!row) throw new Error('the external platform account is missing: migrations not applied?');
  return row.id;
}

/** The platform account where requested withdrawals wait until they are sent or refunded (decision
 * 0134; created by the migrations). In the global lock order it comes after the user accounts and
 * the escrows, before `external`. */
export async function pendingWithdrawalsAccountId(tx: DbOrTx): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, 'platform'), eq(accounts.code, 'pending-withdrawals')));
  if (!row) throw new Error('the pending-withdrawals platform account is missing: migrations not applied?');
  return row.id;
}

/**
 * Writes many ledger transactions in three statements (a bank statement's 10,000 credits): the
 * transactions in one INSERT, then every entry in one INSERT in the order given by `entryOrder`
 * (the caller sorts them in the global lock order, e.g. user accounts by id, then `external`). Each
 * transaction is checked as `postTransaction` checks it; the deferred trigger checks the sums at
 * commit. Returns the transactions' ids in the order of `inputs`.
 */
/** Rows per INSERT of `postTransactions` (8 parameters a row at most). */
const BULK_ROWS = 5000;

export async function postTransactions(
  tx: DbOrTx,
  inputs: TransactionInput[],
  entryOrder: (a: EntryInput, b: EntryInput) => number,
): Promise<string[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) {
    if (input.entries.length < 2)
      throw new UnbalancedTransactionError('a transaction needs at least two entries');
    const sum = input.entries.reduce((acc, e) => acc + e.amountCents, 0n);
    if (sum !== 0n) throw new UnbalancedTransactionError(`entries sum to ${sum}, not 0`);
    if (input.entries.some((e) => e.amountCents === 0n)) throw new UnbalancedTransactionError('zero entry');
    checkNote(input);
  }
  // Ids chosen here, so that each entry names its transaction whatever order RETURNING would answer.
  const ids = inputs.map(() => randomUUID());
  const transactionRows = inputs.map((input, i) => ({
    id: ids[i]!,
    kind: input.kind,
    createdBy: input.createdBy ?? null,
    ventureId: input.ventureId ?? null,
    note: input.note,
    proofPath: input.proofPath ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  }));
  for (let i = 0; i < transactionRows.length; i += BULK_ROWS)
    await tx.insert(ledgerTransactions).values(transactionRows.slice(i, i + BULK_ROWS));
  const entries = inputs.flatMap((input, i) =>
    input.entries.map((entry) => ({ ...entry, transactionId: ids[i]!, at: input.at })),
  );
  // Sorted as a whole and then written in slices (PostgreSQL takes at most 65,535 parameters a
  // statement): the accounts are still locked in the order asked for, across the slices.
  entries.sort(entryOrder);
  const entryRows = entries.map((entry) => ({
    transactionId: entry.transactionId,
    accountId: entry.accountId,
    amountCents: entry.amountCents,
    ...(entry.at ? { createdAt: entry.at } : {}),
  }));
  for (let i = 0; i < entryRows.length; i += BULK_ROWS)
    await tx.insert(ledgerEntries).values(entryRows.slice(i, i + BULK_ROWS));
  return ids;
}
