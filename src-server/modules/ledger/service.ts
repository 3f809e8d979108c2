import { and, eq } from 'drizzle-orm';
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
  note?: string | null;
  proofPath?: string | null;
  idempotencyKey?: string | null;
  at?: Date;
}

export class UnbalancedTransactionError extends Error {}

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

  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      createdBy: input.createdBy ?? null,
      ventureId: input.ventureId ?? null,
      note: input.note ?? null,
      proofPath: input.proofPath ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: ledgerTransactions.id });
  const transactionId = row!.id;
  // One multi-row INSERT: PostgreSQL inserts the VALUES rows in the order given, so the row trigger
  // applies (and locks) the accounts in that order, as one statement per entry did; a repayment to
  // 1,000 investors is one round trip instead of 1,000 (docs/benchmarks.md, "Loan servicing").
  await tx.insert(ledgerEntries).values(
    input.entries.map((entry) => ({
      transactionId,
      accountId: entry.accountId,
      amountCents: entry.amountCents,
      ...(input.at ? { createdAt: input.at } : {}),
    })),
  );
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
