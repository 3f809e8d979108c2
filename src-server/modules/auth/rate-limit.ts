import { eq, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../../src-shared/errors';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

export const TOO_MANY: ErrorCode = 'auth.too_many_attempts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

function retryAfterSeconds(windowStart: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
}

export function tooMany(seconds: number, code: ErrorCode = TOO_MANY): HttpError {
  return new HttpError(429, code, { headers: { 'Retry-After': String(seconds) } });
}

/**
 * Counts one hit against a fixed window kept in PostgreSQL, so every server instance shares it;
 * throws 429 with Retry-After once the limit is passed.
 */
export async function hit(
  db: DbOrTx,
  key: string,
  rule: RateLimitRule,
  now: Date,
  code: ErrorCode = TOO_MANY,
): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  if (row && row.count > rule.limit) {
    throw tooMany(retryAfterSeconds(row.windowStart, rule.windowMs, now), code);
  }
}

/** Throws 429 when the key has already used up its window (without counting a hit). */
export async function check(db: DbOrTx, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowMs) return;
  if (row.count >= rule.limit) throw tooMany(retryAfterSeconds(row.windowStart, rule.windowMs, now));
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
