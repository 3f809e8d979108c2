import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { UserRow } from './users';

export const SESSION_COOKIE = 'sid';
export const LOGIN_MARKER_COOKIE = 'logged_in';
/** `rememberMe`: 30 days; otherwise a browser-session cookie with a 12-hour server-side limit. */
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns its token (256 random bits); only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  input: { userId: string; rememberMe: boolean; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (input.rememberMe ? REMEMBER_ME_MS : SESSION_MS));
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    rememberMe: input.rememberMe,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

export interface SessionContext {
  sessionId: string;
  user: UserRow;
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
  const rows = await query.execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return rows[0] ?? null;
}

export async function revokeSessionByToken(db: DbOrTx, token: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
