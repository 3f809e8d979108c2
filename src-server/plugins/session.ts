import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src-shared/constants/enums';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../lib/db-unavailable';
import { HttpError } from '../lib/http-error';
import {
  findSession,
  LOGIN_MARKER_COOKIE,
  REMEMBER_ME_MS,
  SESSION_COOKIE,
  type SessionContext,
} from '../lib/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null for a visitor. Resolved once per API request. */
    auth: SessionContext | null;
    /** A route with `sessionInStatement`: the `sid` token whose session its one statement checks;
     * null once the session has been checked (by the statement, or by the lookup before an error). */
    deferredSessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** The route's own statement checks the session and the role (POST /api/investments): the
     * lookup is not sent on its own. Use with `sessionInStatement()`'s hook and error handler. */
    sessionInStatement?: readonly Role[];
  }
}

/** Reads the `sid` cookie of every API request and resolves it to a live session. */
export function registerSessions(app: FastifyInstance, db: Db, now: () => Date): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('deferredSessionToken', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.sessionInStatement) {
      request.deferredSessionToken = token;
      return;
    }
    request.auth = await findSession(db, token, now());
  });
}

/**
 * For a route whose one statement checks the session itself (config `sessionInStatement`): a
 * request without a `sid` cookie answers 401 at once, as `requireRole` does; any other refusal
 * before the statement ran (the body's parsing or schema, a malformed header, an id that names
 * nothing) first looks the session up, so 401 and 403 still come before every other answer, with
 * the same texts; the statement's own answers 'auth.login_required' and 'auth.forbidden' are
 * thrown as they are (see `sessionChecked`).
 */
export function sessionInStatement(db: Db, now: () => Date, ...roles: Role[]) {
  const role = requireRole(...roles);
  return {
    config: { sessionInStatement: roles },
    onRequest: async (request: FastifyRequest) => {
      if (request.deferredSessionToken === null) requireAuth(request);
    },
    errorHandler: async (error: Error, request: FastifyRequest) => {
      const token = request.deferredSessionToken;
      // A database that is unavailable answers 503 at once, without a second wait for a connection.
      if (token !== null && !isDatabaseUnavailable(error)) {
        request.deferredSessionToken = null;
        request.auth = await findSession(db, token, now());
        await role(request);
      }
      // To the app's error handler.
      throw error;
    },
  };
}

/** The route's statement has checked the session: its refusals are answered as they are. */
export function sessionChecked(request: FastifyRequest): void {
  request.deferredSessionToken = null;
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  rememberMe: boolean,
  secure: boolean,
  /** The session's own lifetime when shorter than "remember me" (admins: 12 hours, decision 0120). */
  maxAgeMs: number = REMEMBER_ME_MS,
): void {
  const lifetime = rememberMe ? { maxAge: Math.floor(maxAgeMs / 1000) } : {};
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

/** The signed-in session, or a 401; an admin or superadmin without a second factor gets 403
 * `auth.second_factor_setup_required` (it is mandatory for them: API contract, "Admin sign-in and
 * audit"), so every route but the few that lead through the setup (`requireSession`) refuses them. */
export function requireAuth(request: FastifyRequest): SessionContext {
  const auth = requireSession(request);
  if (isAdminRole(auth.user.role) && !auth.user.totpEnabledAt) {
    throw new HttpError(403, 'auth.second_factor_setup_required');
  }
  return auth;
}

/** The signed-in session, or a 401, admitting an admin who has not set up the second factor yet:
 * only for the routes that lead through the setup (profile/get, 2fa/setup, 2fa/enable). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.auth) throw new HttpError(401, 'auth.login_required');
  return request.auth;
}

/** `requireSignedIn` for the setup routes: an admin without a second factor passes. */
export const requireSignedInForSetup: AuthHook = async (request) => {
  requireSession(request);
};

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
