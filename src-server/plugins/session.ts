import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src-shared/constants/enums';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import {
  findSession,
  LOGIN_MARKER_COOKIE,
  REMEMBER_ME_MS,
  SESSION_COOKIE,
  type SessionContext,
} from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null for a visitor. Resolved once per API request. */
    auth: SessionContext | null;
  }
}

/** Reads the `sid` cookie of every API request and resolves it to a live session. */
export function registerSessions(app: FastifyInstance, db: Db, now: () => Date): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    request.auth = await findSession(db, token, now());
  });
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  rememberMe: boolean,
  secure: boolean,
): void {
  const lifetime = rememberMe ? { maxAge: REMEMBER_ME_MS / 1000 } : {};
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    ...lifetime,
  });
  void reply.setCookie(LOGIN_MARKER_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure,
    ...lifetime,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  void reply.clearCookie(LOGIN_MARKER_COOKIE, { httpOnly: false, sameSite: 'lax', path: '/', secure });
}

/** The signed-in session, or a 401. */
export function requireAuth(request: FastifyRequest): SessionContext {
  if (!request.auth) throw new HttpError(401, 'auth.login_required');
  return request.auth;
}

/** A route hook (use it as `onRequest`, so a visitor gets 401 before any validation) admitting only the
 * given roles; a superadmin passes wherever an admin does. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

/** Admins and superadmins (a superadmin can do whatever an admin can). */
export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'superadmin';

export function requireRole(...roles: Role[]): AuthHook {
  const allowed = new Set<Role>(roles.includes('admin') ? [...roles, 'superadmin'] : roles);
  return async (request) => {
    const auth = requireAuth(request);
    if (!allowed.has(auth.user.role)) throw new HttpError(403, 'auth.forbidden');
  };
}

export const requireSignedIn: AuthHook = async (request) => {
  requireAuth(request);
};
