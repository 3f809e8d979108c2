import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as rateLimit from './rate-limit';

/**
 * Failed sign-ins counted without locking the owner out: OWASP's device-cookie scheme ("Slow Down
 * Online Guessing Attacks with Device Cookies", OWASP Cheat Sheet Series), as the API contract's
 * "Auth and profile" rules ask. Decision 0131.
 *
 * A browser that signed in to an account gets a device cookie for that account: a random nonce and
 * an HMAC of the account's e-mail and the nonce under a key only the server holds. A sign-in attempt
 * that presents a valid device cookie for the address being tried counts its failures on that
 * cookie alone (`login-failures:device:{nonce}`); every other attempt (an untrusted client) counts on
 * the address (`login-failures:{email}`). Ten failures lock out only what they were counted on: an
 * attacker guessing from anywhere locks out the untrusted clients of the address, while the owner's
 * browser, holding its device cookie, keeps its own allowance. A successful sign-in clears the
 * counter it was judged by and issues a fresh cookie; a successful password reset clears the
 * address's counter.
 *
 * The cookie's name carries a hash of the address, so one browser may hold cookies for several
 * accounts (a family's computer) and the cookie never shows the address itself.
 */

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MS = 180 * 24 * 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const COOKIE_PREFIX = 'device_';

let processKey: Buffer | undefined;

/** The HMAC key: derived from the server's document key (the same on every instance), else a
 * per-process key (device cookies then last until the process restarts). */
function signingKey(ctx: AppContext): Buffer {
  const master = ctx.config.kycEncryptionKey;
  if (master)
    return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'afrivest device cookie v1', 32));
  processKey ??= randomBytes(32);
  return processKey;
}

function cookieName(email: string): string {
  return COOKIE_PREFIX + createHash('sha256').update(email).digest('hex').slice(0, 16);
}

function signature(ctx: AppContext, email: string, nonce: string): Buffer {
  return createHmac('sha256', signingKey(ctx)).update(`${email}\n${nonce}`).digest();
}

/** The nonce of a valid device cookie for `email` in this request, or null (an untrusted client). */
export function trustedDevice(
  ctx: AppContext,
  request: FastifyRequest | undefined,
  email: string,
): string | null {
  const value = request?.cookies[cookieName(email)];
  if (!value) return null;
  const [nonce, mac] = value.split('.');
  if (!nonce || !mac || !/^[\w-]{22}$/.test(nonce)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(ctx, email, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** The failure counter an attempt for `email` from this request is judged by. */
export function failureKey(ctx: AppContext, request: FastifyRequest | undefined, email: string): string {
  const nonce = trustedDevice(ctx, request, email);
  return nonce ? `login-failures:device:${nonce}` : `login-failures:${email}`;
}

function failureRule(ctx: AppContext): rateLimit.RateLimitRule {
  return { limit: ctx.config.loginFailureLimit, windowMs: LOGIN_FAILURE_WINDOW_MS };
}

/** 429 with Retry-After when the counter this attempt is judged by is used up (nothing counted). */
export async function assertNotLockedOut(ctx: AppContext, key: string, now: Date): Promise<void> {
  await rateLimit.check(ctx.db, key, failureRule(ctx), now);
}

/** Counts one failed attempt (a wrong password at sign-in or as the current password of a change). */
export async function recordFailure(ctx: AppContext, key: string, now: Date): Promise<void> {
  await rateLimit.hit(ctx.db, key, { ...failureRule(ctx), limit: Number.MAX_SAFE_INTEGER }, now);
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await rateLimit.reset(db, key);
}

/** Sets a fresh device cookie for `email` after a successful sign-in. */
export function issueDeviceCookie(ctx: AppContext, reply: FastifyReply, email: string): void {
  const nonce = randomBytes(16).toString('base64url');
  const mac = signature(ctx, email, nonce).toString('base64url');
  void reply.setCookie(cookieName(email), `${nonce}.${mac}`, {
    httpOnly: true,
    sameSite: 'strict',
    // Read by the sign-in and the profile change only.
    path: '/api',
    secure: ctx.config.secureCookies,
    maxAge: DEVICE_COOKIE_MS / 1000,
  });
}
