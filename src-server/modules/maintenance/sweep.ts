import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Deletes what no rule needs any more: rate-limit windows over a day old, used or expired e-mail
 * codes after a week, sessions a month after they ended, and idempotency keys after 24 hours. Run hourly by the job queue.
 */
export async function sweep(
  db: Db,
  now = new Date(),
): Promise<{ rateLimits: number; codes: number; sessions: number; idempotencyKeys: number }> {
  const rateLimits = await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start < ${new Date(now.getTime() - 24 * 3_600_000)}`,
  );
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const codes = await db.execute(
    sql`DELETE FROM email_codes WHERE (used_at IS NOT NULL AND used_at < ${weekAgo}) OR expires_at < ${weekAgo}`,
  );
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3_600_000);
  const sessions = await db.execute(
    sql`DELETE FROM sessions WHERE expires_at < ${monthAgo} OR (revoked_at IS NOT NULL AND revoked_at < ${monthAgo})`,
  );
  const keys = await db.execute(
    sql`DELETE FROM idempotency_keys WHERE created_at < ${new Date(now.getTime() - 24 * 3_600_000)}`,
  );
  return {
    idempotencyKeys: keys.rowCount ?? 0,
    rateLimits: rateLimits.rowCount ?? 0,
    codes: codes.rowCount ?? 0,
    sessions: sessions.rowCount ?? 0,
  };
}
