/** Small helpers around `document.cookie` (the browser side of spec section 4 and 7). */

/** The value of a cookie, or undefined when it is not set. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      const value = rest.join('=').trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The login-marker cookie the server sets next to the HttpOnly session cookie (api-contract,
 * "Sessions and cookies"). The client treats a visitor as possibly signed in only while it exists,
 * so a visitor without a session never calls the profile or balance endpoints. */
export const LOGIN_MARKER_COOKIE = 'logged_in';

export function hasLoginMarker(): boolean {
  return readCookie(LOGIN_MARKER_COOKIE) !== undefined;
}
