import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';

/** The session's cookies and lookup, which the request plugin (plugins/session.ts) reads on every
 * API request; creating and revoking sessions is the auth module's (modules/auth/sessions.ts). */
export const SESSION_COOKIE = 'sid';
export const LOGIN_MARKER_COOKIE = 'logged_in';
/** `rememberMe`: 30 days; otherwise a browser-session cookie with a 12-hour server-side limit. */
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** An admin's or superadmin's session ends 12 hours after sign-in whatever "remember me" said
 * (issue 26; decision 0120): checked on every lookup, so a promotion or an older session is held too. */
export const ADMIN_SESSION_MS = SESSION_MS;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionContext {
  sessionId: string;
  user: typeof users.$inferSelect;
}

function buildFindSession(db: DbOrTx) {
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
        or(
          not(inArray(users.role, ['admin', 'superadmin'])),
          gt(sessions.createdAt, sql.placeholder('adminSince')),
        ),
      ),
    )
    .limit(1)
    .prepare('find_session');
}
/** The session lookup of every signed-in request, built once per database handle and sent as a named
 * prepared statement: no query building in Node, no parsing or planning in PostgreSQL. It still reads
 * the rows each time, so a revoked session or a deactivated user is refused at once. */
const findSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof buildFindSession>>();

/** The live session behind a token: not revoked, not expired, of an active user. */
export async function findSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<SessionContext | null> {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = buildFindSession(db);
    findSessionQueries.set(db, query);
  }
  // The timestamp as drizzle writes a `timestamptz` parameter (placeholders skip the column's mapping).
  const rows = await query.execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
    adminSince: new Date(now.getTime() - ADMIN_SESSION_MS).toISOString(),
  });
  return rows[0] ?? null;
}
