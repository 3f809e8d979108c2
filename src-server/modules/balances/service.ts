import { auditSource, recordAudit } from '../audit/service';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LanguageCode, LedgerKind } from '../../../src-shared/constants/enums';
import type { AllHistoriesQuery, BalancesQuery, HistoryRow } from '../../../src-shared/contracts/money';
import { centsToEuros } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import { checkedUpload, DOCUMENT_TYPES, fileTypeOf } from '../../lib/file-type';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { hashRequest, once } from '../idempotency';
import { readPrivateFile, removePrivateFiles, writePrivateFile } from '../kyc/storage';
import { externalAccountId, postTransaction, userAccountId } from '../ledger/service';
import { containsPattern } from '../../lib/query';

export const INSUFFICIENT = 'balance.insufficient' as const;
/** The admin who made an adjustment (a second join on users). */
const creators = alias(users, 'creators');
const person = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const searchPeople = (search: string | undefined): SQL | undefined =>
  search
    ? or(
        ilike(users.email, containsPattern(search)),
        ilike(users.firstName, containsPattern(search)),
        ilike(users.lastName, containsPattern(search)),
      )
    : undefined;

const historyColumns = {
  id: ledgerEntries.id,
  kind: ledgerTransactions.kind,
  amount: ledgerEntries.amountCents,
  before: ledgerEntries.balanceBeforeCents,
  after: ledgerEntries.balanceAfterCents,
  note: ledgerTransactions.note,
  at: ledgerEntries.createdAt,
};

const DAY_MS = 86_400_000;

/**
 * Newest first by time: the entry's `createdAt` (when its request was made), then its id (the order
 * in which entries were applied to their accounts) for entries of the same moment.
 */
export const NEWEST_FIRST = [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)] as const;

function toHistory(r: {
  id: bigint;
  kind: LedgerKind;
  amount: bigint;
  before: bigint;
  after: bigint;
  note: string | null;
  at: Date;
}): HistoryRow {
  return {
    id: String(r.id),
    kind: r.kind,
    amount: centsToEuros(r.amount),
    balanceBefore: centsToEuros(r.before),
    balanceAfter: centsToEuros(r.after),
    note: r.note,
    at: r.at.toISOString(),
  };
}

/** A person who has (or may have) a balance: investors and corporates. */
async function loadHolder(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || (user.role !== 'user' && user.role !== 'corporate'))
    throw new HttpError(404, 'user.not_found');
  return user;
}

/** A person's balance in euros (0 before their account exists). */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balanceCents: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return centsToEuros(row?.balanceCents ?? 0n);
}

export async function historyOf(
  db: DbOrTx,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  await loadHolder(db, userId);
  const where = and(eq(accounts.userId, userId));
  const [rows, totals] = await Promise.all([
    db
      .select(historyColumns)
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(page.limit)
      .offset(pageOffset(page)),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(where),
  ]);
  return { rows: rows.map(toHistory), total: totals[0]?.total ?? 0 };
}

/** The history list's filters: a person, a day range (inclusive, UTC), a kind and a search. */
function historyFilters(query: AllHistoriesQuery): SQL | undefined {
  return and(
    eq(accounts.kind, 'user'),
    searchPeople(query.search),
    query.userId ? eq(accounts.userId, query.userId) : undefined,
    query.from ? gte(ledgerEntries.createdAt, query.from) : undefined,
    query.to ? lt(ledgerEntries.createdAt, new Date(query.to.getTime() + DAY_MS)) : undefined,
    query.kind ? eq(ledgerTransactions.kind, query.kind) : undefined,
  );
}

/** Every person's balance movements for admins, newest first unless sorted by amount. */
export async function allHistories(db: DbOrTx, query: AllHistoriesQuery) {
  const where = historyFilters(query);
  const direction = query.order === 'asc' ? asc : desc;
  const orderBy =
    query.sortBy === 'amount'
      ? [direction(ledgerEntries.amountCents), ...NEWEST_FIRST]
      : [direction(ledgerEntries.createdAt), direction(ledgerEntries.id)];
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...historyColumns,
        transactionId: ledgerTransactions.id,
        proofPath: ledgerTransactions.proofPath,
        creator: { id: creators.id, email: creators.email },
        user: person,
      })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .innerJoin(users, eq(users.id, accounts.userId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(creators, eq(creators.id, ledgerTransactions.createdBy))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .innerJoin(users, eq(users.id, accounts.userId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...toHistory(r),
      user: r.user,
      proofUrl: r.proofPath ? `/api/balances/proofs/${r.transactionId}` : null,
      createdBy: r.creator?.id ? { id: r.creator.id, email: r.creator.email } : null,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/**
 * The balances of investors and corporates (and of anyone else who still holds money, e.g. an investor
 * made admin), read from their accounts: the balance the ledger keeps, so a credit shows at once.
 */
export async function listBalances(db: DbOrTx, query: BalancesQuery) {
  const where = and(
    eq(accounts.kind, 'user'),
    or(inArray(users.role, ['user', 'corporate']), ne(accounts.balanceCents, 0n)),
    searchPeople(query.search),
    query.userId ? eq(accounts.userId, query.userId) : undefined,
  );
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const column = query.sortBy === 'balance' ? accounts.balanceCents : accounts.updatedAt;
  const [rows, totals] = await Promise.all([
    db
      .select({ account: accounts, user: person })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(where)
      .orderBy(direction(column), direction(accounts.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.account.id,
      user: r.user,
      balance: centsToEuros(r.account.balanceCents),
      createdAt: r.account.createdAt.toISOString(),
      updatedAt: r.account.updatedAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}

export interface Proof {
  bytes: Buffer;
}

/**
 * An admin's deposit (positive) or deduction (negative) with an optional note and proof, as one
 * ledger transaction with the off-platform `external` account. A deduction below zero changes
 * nothing. Once per Idempotency-Key. A deposit e-mails the person the amount and their new balance,
 * queued in the same transaction.
 */
export async function adjustBalance(
  ctx: AppContext,
  admin: SessionContext,
  userId: string,
  input: { amountCents: bigint; note: string | null; proof: Proof | null },
  idempotencyKey: string | undefined,
) {
  const now = ctx.now();
  // What is stored: the picture only, nothing appended to it (lib/file-type.ts). The request's
  // fingerprint for Idempotency-Key stays that of the bytes sent.
  let stored: Buffer | null = null;
  if (input.proof) {
    // The whole file, not only its first bytes, without metadata or active content (lib/file-type.ts).
    stored = (await checkedUpload(input.proof.bytes, DOCUMENT_TYPES, 'balance.proof_wrong_type')).bytes;
  }
  const key = ctx.config.kycEncryptionKey;
  if (input.proof && !key) throw new Error('encryption key missing from the configuration');
  let written: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) =>
      once(
        tx,
        {
          userId: admin.user.id,
          scope: `add-balance:${userId}`,
          key: idempotencyKey,
          request: {
            amount: String(input.amountCents),
            note: input.note,
            proof: input.proof ? hashRequest(input.proof.bytes.toString('base64')) : null,
          },
          now,
        },
        async (ledgerKey) => {
          const holder = await loadHolder(tx, userId);
          const account = await userAccountId(tx, userId);
          const [row] = await tx
            .select({ balance: accounts.balanceCents })
            .from(accounts)
            .where(eq(accounts.id, account))
            .for('update');
          if (row!.balance + input.amountCents < 0n)
            throw new HttpError(400, INSUFFICIENT, { fields: { amount: INSUFFICIENT } });
          let proofPath: string | null = null;
          if (stored) {
            // Encrypted here, then stored (DATA_DIR/private/proofs or the bucket's private/proofs).
            proofPath = await writePrivateFile(ctx, 'proofs', stored);
            written = proofPath;
          }
          const deposit = input.amountCents > 0n;
          // The user's account first, then the external one: the global lock order.
          await postTransaction(tx, {
            kind: deposit ? 'deposit' : 'withdrawal',
            createdBy: admin.user.id,
            // The admin's own note, else what it was (decision 0200: every ledger row has a note).
            note:
              input.note?.trim() ||
              (deposit ? 'Deposit recorded by an admin' : 'Deduction recorded by an admin'),
            proofPath,
            idempotencyKey: ledgerKey,
            entries: [
              { accountId: account, amountCents: input.amountCents },
              { accountId: await externalAccountId(tx), amountCents: -input.amountCents },
            ],
            // Business time, as every other money movement: a statement puts it in its business year.
            at: ctx.clock.now(),
          });
          const balance = centsToEuros(row!.balance + input.amountCents);
          await recordAudit(tx, {
            ...auditSource(admin),
            action: deposit ? 'balance.credit' : 'balance.deduct',
            targetType: 'user',
            targetId: userId,
            before: { balance: centsToEuros(row!.balance) },
            after: { balance },
          });
          // The deposit's notice commits with the credit (and only once per Idempotency-Key: a
          // replay answers from the stored response without coming here).
          if (deposit) {
            await ctx.mailer.enqueue(tx, {
              kind: 'balance-credited',
              to: holder.email,
              lang: holder.language as LanguageCode,
              name: holder.firstName,
              amount: centsToEuros(input.amountCents),
              balance,
              path: holder.role === 'corporate' ? '/corporate/overview' : '/user/funding',
            });
          }
          return {
            statusCode: 200,
            body: { message: 'Balance updated successfully.', balance },
          };
        },
      ),
    );
  } catch (error) {
    if (written) await removePrivateFiles(ctx, [written]);
    throw error;
  }
}

export async function readProof(
  ctx: AppContext,
  transactionId: string,
): Promise<{ bytes: Buffer; mimeType: string }> {
  const [row] = await ctx.db
    .select({ proofPath: ledgerTransactions.proofPath })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, transactionId));
  if (!row?.proofPath) throw new HttpError(404, 'balance.proof_not_found');
  const bytes = await readPrivateFile(ctx, row.proofPath);
  return { bytes, mimeType: fileTypeOf(bytes, DOCUMENT_TYPES) ?? 'application/octet-stream' };
}
