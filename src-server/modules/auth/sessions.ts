import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken, REMEMBER_ME_MS, SESSION_MS } from '../../lib/sessions';

// The cookies and the lookup live in lib/ (the request plugin needs them); re-exported for the module.
export {
  ADMIN_SESSION_MS,
  hashToken,
  REMEMBER_ME_MS,
  SESSION_COOKIE,
  type SessionContext,
} from '../../lib/sessions';

/** Creates a session and returns its token (256 random bits); only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  input: {
    userId: string;
    rememberMe: boolean;
    ip?: string;
    userAgent?: string;
    now?: Date;
    /** Caps the lifetime (an admin's session: 12 hours whatever "remember me" says). */
    maxMs?: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const lifetime = Math.min(input.rememberMe ? REMEMBER_ME_MS : SESSION_MS, input.maxMs ?? Infinity);
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    rememberMe: input.rememberMe,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
  return { token, expiresAt };
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
