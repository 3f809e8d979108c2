import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ErrorCode } from '../../../src-shared/errors';
import type { Db, DbOrTx } from '../../db/client';
import { emailCodes } from '../../db/schema';

export type CodePurpose = (typeof emailCodes.$inferSelect)['purpose'];

/** Contract: 6 digits from a CSPRNG, stored hashed, single use, valid 10 minutes, at most 5 wrong
 * tries per code, resend at most once a minute. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;

export const INVALID_CODE: ErrorCode = 'auth.invalid_code';
export const BURNT_CODE: ErrorCode = 'auth.code_burnt';

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** Milliseconds until another code may be sent (0 when it may be sent now). */
export async function resendWait(
  db: DbOrTx,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!latest) return 0;
  return Math.max(0, latest.createdAt.getTime() + RESEND_INTERVAL_MS - now.getTime());
}

/** Issues a new code (any earlier unused code of that purpose stops working) and returns it. */
export async function issueCode(
  tx: DbOrTx,
  input: { userId: string; purpose: CodePurpose; now: Date; newEmail?: string },
): Promise<string> {
  await tx
    .update(emailCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(emailCodes.userId, input.userId),
        eq(emailCodes.purpose, input.purpose),
        isNull(emailCodes.usedAt),
      ),
    );
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const id = randomUUID();
  await tx.insert(emailCodes).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    codeHash: hashCode(id, code),
    newEmail: input.newEmail ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CODE_TTL_MS),
  });
  return code;
}

export type CodeCheck = { ok: true; newEmail: string | null } | { ok: false; code: ErrorCode };

/**
 * Checks a code in its own transaction, so that a wrong try is counted even though the request
 * then fails. The fifth wrong try burns the code. A right code is used up.
 */
export async function consumeCode(
  db: Db,
  input: {
    userId: string;
    purpose: CodePurpose;
    code: string;
    now: Date;
    /** Run once the code is right, before it is used up: an error code refuses the request and
     * leaves the code valid (a reset's new password that names the account's owner, decision 0114:
     * checked only after the code, so that the answer reveals no name to someone without it). */
    accept?: () => ErrorCode | null;
  },
): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.userId, input.userId),
          eq(emailCodes.purpose, input.purpose),
          isNull(emailCodes.usedAt),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= input.now) return { ok: false, code: INVALID_CODE };
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(hashCode(row.id, input.code), 'hex');
    if (timingSafeEqual(expected, given)) {
      const refused = input.accept?.();
      if (refused) return { ok: false, code: refused };
      await tx.update(emailCodes).set({ usedAt: input.now }).where(eq(emailCodes.id, row.id));
      return { ok: true, newEmail: row.newEmail };
    }
    const attempts = row.attempts + 1;
    const burnt = attempts >= CODE_MAX_ATTEMPTS;
    await tx
      .update(emailCodes)
      .set({ attempts, ...(burnt ? { usedAt: input.now } : {}) })
      .where(eq(emailCodes.id, row.id));
    return { ok: false, code: burnt ? BURNT_CODE : INVALID_CODE };
  });
}
