/**
 * The second factor (API contract, "Admin sign-in and audit"; decisions 0118-0121): TOTP as in
 * RFC 6238 (SHA-1, 6 digits, 30-second steps, one step of drift either way) and ten single-use
 * recovery codes. The secret is stored encrypted (AES-256-GCM, key derived from the server's
 * identity-document key with HKDF); recovery codes are stored as SHA-256 hashes (50 random bits each).
 * A step is never accepted twice (`users.totp_last_step`), and wrong codes count against a limit.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { ErrorCode } from '../../../src-shared/errors';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import { isAdminRole } from '../../plugins/session';
import * as rateLimit from './rate-limit';
import type { UserRow } from './users';

export const SECOND_FACTOR_REQUIRED: ErrorCode = 'auth.second_factor_required';
export const SECOND_FACTOR_INVALID: ErrorCode = 'auth.second_factor_invalid';
export const SECOND_FACTOR_SETUP_REQUIRED: ErrorCode = 'auth.second_factor_setup_required';

const ISSUER = 'Afrivest';
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Wrong codes per account in 15 minutes (enable, disable and login together) before 429. */
const WRONG_CODES = { limit: 10, windowMs: 15 * 60 * 1000 };

// ---------------------------------------------------------------------------------------------
// The secret at rest

const MAGIC = 'TOTP1';

function secretKey(ctx: AppContext): Buffer {
  const master = ctx.config.kycEncryptionKey;
  if (!master) throw new Error('no encryption key configured (KYC_ENCRYPTION_KEY)');
  // A key of its own for the secrets, derived from the documents' key (RFC 5869), so one key is
  // configured and backed up, yet a document's ciphertext can never be read as a secret or back.
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'afrivest totp secret v1', 32));
}

export function encryptSecret(ctx: AppContext, base32: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(ctx), nonce);
  cipher.setAAD(Buffer.from(MAGIC));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `${MAGIC}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptSecret(ctx: AppContext, stored: string): string {
  const [magic, payload] = stored.split(':');
  if (magic !== MAGIC || !payload) throw new Error('not an encrypted TOTP secret');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(ctx), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(MAGIC));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** The 30-second step a valid code belongs to (drift of one step either way), or null. */
function matchingStep(base32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(base32).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/**
 * Accepts a TOTP code once: the step is stored only if it is later than the last one accepted, in
 * one statement, so two requests with the same code cannot both pass.
 */
async function acceptStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

async function useRecoveryCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Checking a code

const failureKey = (userId: string) => `second-factor-failures:${userId}`;

/**
 * True when `code` (normalised by the schema: digits, or a recovery code without its dash) is a
 * valid TOTP code not used before, or an unused recovery code (which it burns). Wrong codes count
 * against the account's limit of wrong codes (429 once it is passed).
 */
async function checkCode(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  const now = ctx.now();
  await rateLimit.check(ctx.db, failureKey(user.id), WRONG_CODES, now);
  let ok = false;
  if (/^\d{6}$/.test(code)) {
    if (user.totpSecret) {
      const step = matchingStep(decryptSecret(ctx, user.totpSecret), code, now);
      ok = step !== null && (await acceptStep(ctx.db, user.id, step));
    }
  } else {
    ok = await useRecoveryCode(ctx.db, user.id, code, now);
  }
  if (!ok)
    await rateLimit.hit(ctx.db, failureKey(user.id), { ...WRONG_CODES, limit: Number.MAX_SAFE_INTEGER }, now);
  return ok;
}

export const hasSecondFactor = (user: Pick<UserRow, 'totpEnabledAt' | 'totpSecret'>): boolean =>
  Boolean(user.totpEnabledAt && user.totpSecret);

/**
 * Login's one call after the password is proven: an account with a second factor needs a valid
 * `code` (401 `auth.second_factor_required` without one, `auth.second_factor_invalid` for a wrong
 * one, and `recordFailure` counts it as a failed login). Accounts without a factor pass.
 */
export async function verifyLoginSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string | undefined,
  recordFailure: () => Promise<void>,
): Promise<void> {
  if (!hasSecondFactor(user)) return;
  if (!code) throw new HttpError(401, SECOND_FACTOR_REQUIRED);
  if (await checkCode(ctx, user, code)) return;
  await recordFailure();
  throw new HttpError(401, SECOND_FACTOR_INVALID);
}

// ---------------------------------------------------------------------------------------------
// Setup, enable, disable

/** A new pending secret (replacing any earlier pending one); refused when a factor is on. */
export async function setup(ctx: AppContext, user: UserRow): Promise<{ otpauthUrl: string; secret: string }> {
  if (hasSecondFactor(user)) throw new HttpError(409, 'auth.second_factor_already_enabled');
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: encryptSecret(ctx, secret), updatedAt: ctx.now() })
    .where(eq(users.id, user.id));
  return { otpauthUrl: totpOf(secret, user.email).toString(), secret };
}

/** Proves the pending secret with a code and turns the factor on; returns the ten recovery codes. */
export async function enable(ctx: AppContext, user: UserRow, code: string): Promise<string[]> {
  if (hasSecondFactor(user)) throw new HttpError(409, 'auth.second_factor_already_enabled');
  if (!user.totpPendingSecret) throw new HttpError(409, 'auth.second_factor_no_setup');
  const now = ctx.now();
  await rateLimit.check(ctx.db, failureKey(user.id), WRONG_CODES, now);
  const pending = decryptSecret(ctx, user.totpPendingSecret);
  const step = matchingStep(pending, code, now);
  if (step === null) {
    await rateLimit.hit(ctx.db, failureKey(user.id), { ...WRONG_CODES, limit: Number.MAX_SAFE_INTEGER }, now);
    throw new HttpError(400, SECOND_FACTOR_INVALID, { fields: { code: SECOND_FACTOR_INVALID } });
  }
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      // Only the pending secret the code proved, and only once (two enables at once: one wins).
      .where(
        and(
          eq(users.id, user.id),
          eq(users.totpPendingSecret, user.totpPendingSecret!),
          isNull(users.totpEnabledAt),
        ),
      )
      .returning({ id: users.id });
    if (!moved) throw new HttpError(409, 'auth.second_factor_already_enabled');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c), createdAt: now })));
  });
  await rateLimit.reset(ctx.db, failureKey(user.id));
  return codes;
}

/** Turns the factor off with the password and a code; never for admins (it is mandatory for them). */
export async function disable(ctx: AppContext, user: UserRow, password: string, code: string): Promise<void> {
  if (isAdminRole(user.role)) throw new HttpError(403, 'auth.second_factor_mandatory');
  if (!hasSecondFactor(user)) throw new HttpError(409, 'auth.second_factor_not_enabled');
  if (!(await verifyPassword(user.passwordHash, password))) {
    await rateLimit.hit(
      ctx.db,
      failureKey(user.id),
      { ...WRONG_CODES, limit: Number.MAX_SAFE_INTEGER },
      ctx.now(),
    );
    throw new HttpError(400, 'auth.wrong_current_password', {
      fields: { password: 'auth.wrong_current_password' },
    });
  }
  if (!(await checkCode(ctx, user, code))) {
    throw new HttpError(400, SECOND_FACTOR_INVALID, { fields: { code: SECOND_FACTOR_INVALID } });
  }
  await clearSecondFactor(ctx.db, user.id, ctx.now());
}

/** Removes the factor and the recovery codes (disable, and `create-admin --reset-2fa`). */
export async function clearSecondFactor(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
