import { and, eq, isNull, ne } from 'drizzle-orm';
import { DatabaseError } from 'pg';
import type { LanguageCode } from '../../../src-shared/constants/enums';
import type { ErrorCode } from '../../../src-shared/errors';
import { AFRICAN_COUNTRIES, citiesOf, INVESTOR_COUNTRIES } from '../../../src-shared/constants/countries';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../../src-shared/constants/legal';
import type {
  ProfileUpdateBody,
  RegisterBody,
  RegisterCorporateBody,
} from '../../../src-shared/contracts/auth';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { passwordIsPersonal } from '../../../src-shared/rules/passwords';
import { userAccountId } from '../ledger/service';
import { consumeCode, INVALID_CODE, issueCode, RESEND_INTERVAL_MS, resendWait } from './codes';
import * as devices from './device-cookies';
import * as rateLimit from './rate-limit';
import { isAdminRole } from '../../plugins/session';
import { verifyLoginSecondFactor } from './second-factor';
import {
  ADMIN_SESSION_MS,
  createSession,
  hashToken,
  revokeSessionByToken,
  revokeUserSessions,
} from './sessions';
import type { UserRow } from './users';

export const INVALID_CREDENTIALS: ErrorCode = 'auth.invalid_credentials';
export const EMAIL_TAKEN: ErrorCode = 'auth.email_taken';
export const RESEND_TOO_SOON: ErrorCode = 'auth.resend_too_soon';

const isUniqueViolation = (error: unknown) =>
  error instanceof DatabaseError
    ? error.code === '23505'
    : (error as { cause?: unknown })?.cause instanceof DatabaseError &&
      (error as { cause: DatabaseError }).cause.code === '23505';

async function findByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Registration and e-mail verification

type NewAccount =
  ({ role: 'user' } & z_output<RegisterBody>) | ({ role: 'corporate' } & z_output<RegisterCorporateBody>);
// The bodies arrive parsed by zod (defaults applied); this keeps the types honest without zod here.
type z_output<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/**
 * Creates an unverified account and queues the e-mail with its verification code, atomically. The
 * body's schema has already refused a registration without `acceptTerms: true`; the account keeps
 * the versions of the terms of use and the privacy policy accepted and the real time of the consent
 * (GDPR Art. 7(1): the controller must be able to show what was accepted, and when).
 */
export async function register(ctx: AppContext, input: NewAccount, lang: LanguageCode): Promise<string> {
  const { password, acceptTerms: _accepted, ...fields } = input;
  // Contract, "Auth and profile": never a common password, nor the person's name or e-mail.
  assertPasswordAllowed(password, [input], 'password');
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          ...fields,
          city: input.role === 'user' ? input.city : null,
          address: input.role === 'user' ? input.address : input.registeredAddress,
          passwordHash,
          language: lang,
          termsVersion: TERMS_VERSION,
          privacyVersion: PRIVACY_VERSION,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await userAccountId(tx, user!.id);
      const code = await issueCode(tx, { userId: user!.id, purpose: 'verify-email', now });
      await ctx.mailer.enqueue(tx, {
        kind: 'verify-email',
        to: user!.email,
        lang,
        name: user!.firstName,
        code,
      });
    });
  } catch (error) {
    // The address has an account: the same answer as a new registration (the password was hashed
    // all the same, so the time is the same too), and its owner gets a notice instead of a code.
    // Nothing of the existing account changes. Decision 0117.
    if (!isUniqueViolation(error)) throw error;
    await noticeOwner(ctx, input.email, 'register');
  }
  return input.email;
}

/**
 * E-mails an address's owner that someone tried to register with it (or move another account to it),
 * at most once a minute per address so that repeated attempts cannot flood the owner; extra attempts
 * are skipped silently, since the answer must be the one a free address gets. Decision 0117.
 */
async function noticeOwner(ctx: AppContext, email: string, attempt: 'register' | 'change-email') {
  const owner = await findByEmail(ctx, email);
  if (!owner) return;
  try {
    await rateLimit.hit(
      ctx.db,
      `account-exists-notice:${email}`,
      { limit: 1, windowMs: RESEND_INTERVAL_MS },
      ctx.now(),
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return;
    throw error;
  }
  await ctx.mailer.enqueue(ctx.db, {
    kind: 'account-exists',
    to: owner.email,
    lang: owner.language as LanguageCode,
    name: owner.firstName,
    attempt,
  });
}

export async function verifyEmail(ctx: AppContext, email: string, token: string): Promise<void> {
  const user = await findByEmail(ctx, email);
  // An unknown address and an already verified one answer as a wrong code does, so the answer does
  // not tell which addresses have accounts (API contract, "Auth and profile"; decision 0117).
  if (!user || user.emailVerifiedAt) throw new HttpError(400, INVALID_CODE);
  const result = await consumeCode(ctx.db, {
    userId: user.id,
    purpose: 'verify-email',
    code: token,
    now: ctx.now(),
  });
  if (!result.ok) throw new HttpError(400, result.code);
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(users.id, user.id));
}

/**
 * At most one code request a minute per address and purpose, counted before the address is looked
 * up: an unknown address gets the same answers (200, then 429) as a known one.
 */
async function throttleCodeRequest(
  ctx: AppContext,
  email: string,
  purpose: 'verify-email' | 'reset-password',
): Promise<void> {
  await rateLimit.hit(
    ctx.db,
    `code-request:${purpose}:${email}`,
    { limit: 1, windowMs: RESEND_INTERVAL_MS },
    ctx.now(),
    RESEND_TOO_SOON,
  );
}

/** Same answer for an unknown or already verified address; at most one code a minute. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  await throttleCodeRequest(ctx, email, 'verify-email');
  const user = await findByEmail(ctx, email);
  if (!user || user.emailVerifiedAt) return;
  await sendCode(ctx, user, 'verify-email');
}

/**
 * Sends a new code unless one of that purpose went out less than a minute ago (at registration, say):
 * then nothing is sent and the caller answers as usual, since a 429 here would reveal a real account
 * (the per-address limit in throttleCodeRequest answers the same for every address). Decision 0117.
 */
async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: 'verify-email' | 'reset-password',
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Serialise code requests of one person, so two at once cannot both pass the one-a-minute rule.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const wait = await resendWait(tx, user.id, purpose, now);
    if (wait > 0) return;
    const code = await issueCode(tx, { userId: user.id, purpose, now });
    const lang = user.language as LanguageCode;
    await ctx.mailer.enqueue(tx, { kind: purpose, to: user.email, lang, name: user.firstName, code });
  });
}

// ---------------------------------------------------------------------------------------------
// Login and password reset

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** The second factor's code (or a recovery code) when the account has one. */
  code?: string;
  ip?: string;
  userAgent?: string;
  /** The `sid` the browser already had: revoked, so a login always rotates the session. */
  previousToken?: string;
  /** The failure counter this attempt is judged by (device-cookies.ts): the browser's own when it
   * holds a device cookie for the address, else the address's one for untrusted clients. */
  failureKey?: string;
}

export async function login(ctx: AppContext, input: LoginInput): Promise<{ user: UserRow; token: string }> {
  const now = ctx.now();
  const failureKey = input.failureKey ?? `login-failures:${input.email}`;
  await devices.assertNotLockedOut(ctx, failureKey, now);

  const row = await findByEmail(ctx, input.email);
  // The password is checked first (against a dummy hash for an unknown address), so the answer and
  // its timing reveal nothing about which addresses have accounts.
  const passwordOk = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !passwordOk) {
    await devices.recordFailure(ctx, failureKey, now);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (!row.emailVerifiedAt) throw new HttpError(403, 'auth.email_not_verified');
  if (!row.isActive) throw new HttpError(403, 'auth.deactivated');
  // Second factor (lane 2fa): a wrong code counts as a failed login, as a wrong password does.
  await verifyLoginSecondFactor(ctx, row, input.code, () => devices.recordFailure(ctx, failureKey, now));

  return ctx.db.transaction(async (tx) => {
    await devices.clearFailures(tx, failureKey);
    if (input.previousToken) await revokeSessionByToken(tx, input.previousToken, now);
    const { token } = await createSession(tx, {
      userId: row.id,
      rememberMe: input.rememberMe,
      ip: input.ip,
      userAgent: input.userAgent,
      now,
      maxMs: isAdminRole(row.role) ? ADMIN_SESSION_MS : undefined,
    });
    const [updated] = await tx
      .update(users)
      .set({ lastLoginAt: now })
      .where(eq(users.id, row.id))
      .returning();
    return { user: updated ?? row, token };
  });
}

/** Same answer for an unknown address; at most one code a minute. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  await throttleCodeRequest(ctx, email, 'reset-password');
  const user = await findByEmail(ctx, email);
  if (!user || !user.isActive) return;
  await sendCode(ctx, user, 'reset-password');
}

/** Sets a new password with a reset code; every session of the account ends. */
export async function resetPassword(ctx: AppContext, email: string, token: string, newPassword: string) {
  // The same password rules as at registration (the schema refused the e-mail's local part); the
  // account's names only once the code is proven (consumeCode's `accept`), so as not to reveal them.
  assertPasswordAllowed(newPassword, [{ email }], 'newPassword');
  const user = await findByEmail(ctx, email);
  if (!user) throw new HttpError(400, INVALID_CODE);
  const result = await consumeCode(ctx.db, {
    userId: user.id,
    purpose: 'reset-password',
    code: token,
    now: ctx.now(),
    accept: () => (passwordIsPersonal(newPassword, user) ? 'input.password_personal' : null),
  });
  if (!result.ok) {
    throw new HttpError(400, result.code, {
      ...(result.code === 'input.password_personal' && { fields: { newPassword: result.code } }),
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    // The code reached the address, so the address is proven too.
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.now(), emailVerifiedAt: user.emailVerifiedAt ?? ctx.now() })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, ctx.now());
    // The owner proved the address: the untrusted clients' lockout of it ends (device-cookies.ts).
    await devices.clearFailures(tx, `login-failures:${user.email}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Profile

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  currentToken: string,
  body: ProfileUpdateBody,
  /** The failure counter of sign-ins from this browser (device-cookies.ts): a wrong current password
   * counts there as a failed sign-in (API contract, "Auth and profile"). */
  failureKey = `login-failures:${user.email}`,
): Promise<UserRow> {
  const errors: Record<string, ErrorCode> = {};
  const investor = user.role === 'user';
  if (investor) {
    if (!INVESTOR_COUNTRIES.some((c) => c.name === body.countryName)) {
      errors.countryName = 'profile.choose_country';
    } else if (!body.city || !citiesOf(body.countryName).includes(body.city)) {
      errors.city = body.city ? 'profile.choose_city' : 'profile.city_required';
    }
  } else if (user.role === 'corporate' && !AFRICAN_COUNTRIES.some((c) => c.name === body.countryName)) {
    errors.countryName = 'profile.choose_country';
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, { fields: errors });

  if (body.currentPassword && body.newPassword) {
    // The schema refused the names and e-mail of the body; the account's own ones count too.
    assertPasswordAllowed(body.newPassword, [body, user], 'newPassword');
    // Guessing the current password with a stolen session is guessing a sign-in: the same counter,
    // the same lockout (429) once it is used up.
    await devices.assertNotLockedOut(ctx, failureKey, ctx.now());
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      await devices.recordFailure(ctx, failureKey, ctx.now());
      throw new HttpError(400, 'auth.wrong_current_password', {
        fields: { currentPassword: 'auth.wrong_current_password' },
      });
    }
  }
  const newHash = body.currentPassword && body.newPassword ? await hashPassword(body.newPassword) : undefined;
  const now = ctx.now();
  const wantsNewEmail = body.email !== user.email;
  // A taken address answers as a free one does (pending e-mail, "code sent"); its owner gets a notice
  // instead of a code, so no code exists and the change can never be confirmed. Decision 0117.
  const taken = wantsNewEmail ? await findByEmail(ctx, body.email) : undefined;

  const saved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        countryName: body.countryName,
        city: investor ? (body.city ?? null) : null,
        address: body.address,
        newsletterFrequency: body.newsletterFrequency,
        ...(body.transactionNotification !== undefined && {
          transactionNotification: body.transactionNotification,
        }),
        ...(body.latestNewsNotification !== undefined && {
          latestNewsNotification: body.latestNewsNotification,
        }),
        ...(user.role === 'corporate' && {
          ...(body.companyName && { companyName: body.companyName }),
          ...(body.legalForm && { legalForm: body.legalForm }),
          ...(body.registrationNumber && { registrationNumber: body.registrationNumber }),
          ...(body.registeredAddress && { registeredAddress: body.registeredAddress }),
          ...(body.companyEmail && { companyEmail: body.companyEmail }),
          ...(body.companyPhone && { companyPhone: body.companyPhone }),
        }),
        ...(newHash && { passwordHash: newHash }),
        ...(wantsNewEmail && { pendingEmail: body.email }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (newHash) {
      // Every other session ends; the one that changed the password stays signed in.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, user.id),
            isNull(sessions.revokedAt),
            ne(sessions.tokenHash, hashToken(currentToken)),
          ),
        );
    }
    if (wantsNewEmail) {
      // One code a minute, like the other codes: a profile save cannot flood an address with mail.
      // Checked after the row update above, whose lock serialises two saves of one person.
      const wait = await resendWait(tx, user.id, 'change-email', now);
      if (wait > 0) throw rateLimit.tooMany(Math.ceil(wait / 1000), RESEND_TOO_SOON);
      // A code is issued either way, so the once-a-minute rule above treats both addresses alike; for
      // a taken address it is sent to nobody (and confirming would still meet the unique address).
      const code = await issueCode(tx, {
        userId: user.id,
        purpose: 'change-email',
        now,
        newEmail: body.email,
      });
      if (!taken) {
        const lang = user.language as LanguageCode;
        await ctx.mailer.enqueue(tx, {
          kind: 'change-email',
          to: body.email,
          lang,
          name: body.firstName,
          code,
        });
      }
    }
    return updated!;
  });
  if (taken) await noticeOwner(ctx, body.email, 'change-email');
  return saved;
}

/** The e-mail change takes effect only with the code sent to the new address. */
export async function confirmEmailChange(ctx: AppContext, user: UserRow, token: string): Promise<UserRow> {
  const result = await consumeCode(ctx.db, {
    userId: user.id,
    purpose: 'change-email',
    code: token,
    now: ctx.now(),
  });
  if (!result.ok || !result.newEmail) throw new HttpError(400, result.ok ? INVALID_CODE : result.code);
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ email: result.newEmail, pendingEmail: null, updatedAt: ctx.now() })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
    throw error;
  }
}
