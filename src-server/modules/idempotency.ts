import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/http-error';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The `Idempotency-Key` header: absent, or 1 to 200 visible ASCII characters (400 otherwise). */
export function readIdempotencyKey(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value))
    throw new HttpError(400, 'idempotency.invalid_key');
  return value;
}

export const hashRequest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/**
 * Runs `work` at most once per (user, scope, key) within 24 hours, inside the caller's transaction.
 * The key row is inserted first: a concurrent request with the same key waits on it and then
 * reads the stored answer. A refused request (an HttpError) rolls the key back with everything
 * else, so retrying it tries again. The same key with a different request answers 422.
 */
export async function once<T>(
  tx: DbOrTx,
  scope: { userId: string; scope: string; key: string | undefined; request: unknown; now: Date },
  work: (ledgerKey: string | null) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  if (!scope.key) return { ...(await work(null)), replayed: false };
  const requestHash = hashRequest(scope.request);
  const id = and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.scope, scope.scope),
    eq(idempotencyKeys.key, scope.key),
  );
  await tx
    .delete(idempotencyKeys)
    .where(and(id, lt(idempotencyKeys.createdAt, new Date(scope.now.getTime() - IDEMPOTENCY_WINDOW_MS))));
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, scope: scope.scope, key: scope.key, requestHash, createdAt: scope.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [stored] = await tx.select().from(idempotencyKeys).where(id);
    if (!stored || stored.statusCode === null) throw new HttpError(409, 'idempotency.in_progress');
    if (stored.requestHash !== requestHash) throw new HttpError(422, 'idempotency.key_reused');
    return { statusCode: stored.statusCode, body: stored.responseBody as T, replayed: true };
  }
  // Unique per key and 24-hour window: the ledger's own unique index is a second guard that one
  // key moves money once, while a key reused after its window may move money again.
  const answer = await work(`${scope.scope}:${scope.userId}:${scope.key}:${scope.now.toISOString()}`);
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: sql`${JSON.stringify(answer.body)}::jsonb` })
    .where(id);
  return { ...answer, replayed: false };
}
