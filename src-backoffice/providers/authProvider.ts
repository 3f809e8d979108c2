import type { AuthProvider, UserIdentity } from 'react-admin';
import { api as pageClient, ApiError, call, type ApiClient } from '../../src-shared/api/http';
import type { Profile } from '../../src-shared/api/types';
import { translateError } from '../../src-shared/i18n/errors';
import type { ErrorTranslator } from './httpError';
import { canAccess, roleMatchesApp, type BackofficeApp } from './canAccess';

/**
 * Session handling of the two back-office apps (spec section 4 and the API contract, "Sessions").
 *
 * | react-admin call | what happens |
 * |---|---|
 * | login({ username, password }) | POST /api/auth/login { email: username, password, rememberMe: false }; a role that does not belong to this app is signed out again and refused |
 * | checkAuth | no `logged_in` cookie: reject at once, no network call; else GET /api/profile/get (once, then cached) and check the role (a session of the other app's role is refused but not signed out) |
 * | checkError | 401: reject (react-admin signs out); 403 and everything else: resolve |
 * | logout | POST /api/auth/logout when the cookie is there (failure ignored), except for a session of the other app; clears the cached profile |
 * | getIdentity | { id, fullName: firstName + ' ' + lastName } from the profile |
 * | getPermissions | the role (null when signed out) |
 * | canAccess | the pure canAccess(role, { resource, action }) of canAccess.ts |
 *
 * Messages are translation keys of the `backoffice` namespace (react-admin translates them when it
 * shows the notification), or, for a refused sign-in, the server's error code translated in the
 * reader's language. Calls go through the one typed client (src-shared/api/http.ts).
 */
export const LOGIN_MARKER_COOKIE = 'logged_in';

export type { Profile };

/** True while the login-marker cookie exists (the only sign the browser has of a session). */
export function hasLoginMarker(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return new RegExp(`(?:^|;\\s*)${LOGIN_MARKER_COOKIE}=`).test(cookie);
}

const WRONG_ROLE_MESSAGE: Record<BackofficeApp, string> = {
  admin: 'app.auth.wrong_role_admin',
  corporate: 'app.auth.wrong_role_corporate',
};

/** An error react-admin turns into a notification of its message (a translation key); with
 * `message: false` react-admin shows no notification at all. */
export type AuthError = Error & { status?: number; code?: string };

function authError(message: string, status?: number): AuthError {
  const error: AuthError = new Error(message);
  if (status !== undefined) error.status = status;
  return error;
}

function silentError(): { message: false } {
  return { message: false };
}

export interface AuthProviderOptions {
  app: BackofficeApp;
  /** Reads document.cookie by default; tests inject their own. */
  readCookie?: () => string;
  /** The typed client; the page's own by default. */
  client?: ApiClient;
  /** The back office's i18next instance, for a refused sign-in's message (English without it). */
  i18n?: ErrorTranslator;
}

export type BackofficeAuthProvider = ReturnType<typeof createAuthProvider>;

export function createAuthProvider({ app, readCookie, client = pageClient, i18n }: AuthProviderOptions) {
  const signedIn = () => hasLoginMarker(readCookie ? readCookie() : undefined);
  let profilePromise: Promise<Profile> | null = null;
  /** Set when the browser's session belongs to a role of the other app. */
  let foreignSession = false;

  const loadProfile = (): Promise<Profile> => {
    if (!profilePromise) {
      profilePromise = call(client.GET('/api/profile/get')).then(({ data }) => data);
      profilePromise.catch(() => {
        profilePromise = null;
      });
    }
    return profilePromise;
  };

  const currentProfile = async (): Promise<Profile | null> => {
    if (!signedIn()) return null;
    try {
      return await loadProfile();
    } catch {
      return null;
    }
  };

  const serverLogout = async () => {
    profilePromise = null;
    if (!signedIn()) return;
    try {
      await call(client.POST('/api/auth/logout'));
    } catch {
      // The session may already be gone; signing out locally is what matters.
    }
  };

  return {
    async login(params: { username?: string; password?: string; code?: string }) {
      const email = (params.username ?? '').trim();
      // Trimmed like the public site's forms (README, Decisions).
      const password = (params.password ?? '').trim();
      const code = (params.code ?? '').trim();
      if (!email || !password) throw authError('app.auth.fill_all_fields');
      let user: Profile;
      try {
        ({ user } = await call(
          client.POST('/api/auth/login', {
            body: { email, password, rememberMe: false, ...(code && { code }) },
          }),
        ));
      } catch (error) {
        if (!(error instanceof ApiError)) throw authError('app.auth.login_failed');
        // 'Invalid email or password.', 'Your account is deactivated.', ... by code, in the reader's language.
        const refused: AuthError = authError(
          i18n ? translateError(i18n, error) : error.message,
          error.status,
        );
        // The login page asks for the second factor's code on `auth.second_factor_required`.
        refused.code = error.code;
        throw refused;
      }
      if (!roleMatchesApp(app, user?.role)) {
        await serverLogout();
        throw authError(WRONG_ROLE_MESSAGE[app]);
      }
      profilePromise = Promise.resolve(user);
    },

    async checkAuth() {
      if (!signedIn()) {
        profilePromise = null;
        throw authError('ra.auth.auth_check_error');
      }
      let profile: Profile;
      try {
        profile = await loadProfile();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401)
          throw authError('ra.auth.auth_check_error', 401);
        throw authError(
          error instanceof ApiError
            ? i18n
              ? translateError(i18n, error)
              : error.message
            : 'ra.auth.auth_check_error',
        );
      }
      if (!roleMatchesApp(app, profile.role)) {
        // A session of the other app (e.g. a corporate account opening /admin): send the visitor to
        // this app's login page, but leave that session alone (react-admin calls logout next).
        foreignSession = true;
        profilePromise = null;
        throw authError(WRONG_ROLE_MESSAGE[app]);
      }
      foreignSession = false;
    },

    async checkError(error: { status?: number } | null | undefined) {
      if (error?.status === 401) {
        profilePromise = null;
        throw authError('ra.notification.logged_out', 401);
      }
      // 403 means signed in but not allowed: stay signed in, the screen shows the message.
    },

    async logout() {
      if (foreignSession) {
        foreignSession = false;
        profilePromise = null;
        return;
      }
      await serverLogout();
    },

    async getIdentity(): Promise<UserIdentity> {
      const profile = await currentProfile();
      if (!profile) throw silentError();
      const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
      return { id: profile.id, fullName };
    },

    async getPermissions() {
      const profile = await currentProfile();
      return profile?.role ?? null;
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const profile = await currentProfile();
      return canAccess(profile?.role, { resource, action });
    },

    /** The cached profile, for screens that need more than getIdentity gives (e.g. first name). */
    getProfile: currentProfile,

    /** Replaces the cached profile after the profile form saved it. */
    setProfile: (profile: Profile) => {
      profilePromise = Promise.resolve(profile);
    },
  } satisfies AuthProvider & Record<string, unknown>;
}
