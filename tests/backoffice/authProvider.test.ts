import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, hasLoginMarker } from '../../src-backoffice/providers/authProvider';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ADMIN = { id: 'a1', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin' };
const CORPORATE = {
  id: 'c1',
  firstName: 'Cora',
  lastName: 'Corp',
  email: 'cora@example.com',
  role: 'corporate',
};

function setCookie(present: boolean) {
  document.cookie = present
    ? 'logged_in=1; path=/'
    : 'logged_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

/** The Request the one client (openapi-fetch) hands to fetch. */
const requestOf = (input: unknown) => input as Request;
const pathOf = (input: unknown) => new URL(requestOf(input).url).pathname;

/** fetch answering by 'METHOD /path'; records the calls. */
function mockFetch(handlers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const key = `${requestOf(input).method.toUpperCase()} ${pathOf(input)}`;
    const handler = handlers[key];
    return handler ? handler() : json(404, { message: 'Not found.', code: 'common.not_found' });
  });
}

function calledKeys(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.map(([input]) => `${requestOf(input).method.toUpperCase()} ${pathOf(input)}`);
}

describe('authProvider', () => {
  beforeEach(() => setCookie(false));
  afterEach(() => {
    vi.restoreAllMocks();
    setCookie(false);
  });

  it('reads the login-marker cookie', () => {
    expect(hasLoginMarker('a=1; logged_in=1')).toBe(true);
    expect(hasLoginMarker('logged_in=1')).toBe(true);
    expect(hasLoginMarker('not_logged_in=1')).toBe(false);
    expect(hasLoginMarker('')).toBe(false);
  });

  it('checkAuth rejects at once, without calling the server, when the logged_in cookie is absent', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.checkAuth()).rejects.toThrow('ra.auth.auth_check_error');
    expect(fetchMock).not.toHaveBeenCalled();
    // and nothing else asks the server while signed out
    await expect(auth.getPermissions()).resolves.toBeNull();
    await expect(auth.canAccess({ resource: 'users', action: 'list' })).resolves.toBe(false);
    await auth.logout();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checkAuth with the cookie loads the profile once and accepts the matching role', async () => {
    setCookie(true);
    const fetchMock = mockFetch({ 'GET /api/profile/get': () => json(200, { data: ADMIN }) });
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.checkAuth()).resolves.toBeUndefined();
    await expect(auth.checkAuth()).resolves.toBeUndefined();
    expect(calledKeys(fetchMock)).toEqual(['GET /api/profile/get']);
    // The session cookie goes with every call (same origin).
    expect(requestOf(fetchMock.mock.calls[0]?.[0]).credentials).toBe('same-origin');
    await expect(auth.getIdentity()).resolves.toEqual({ id: 'a1', fullName: 'Ada Admin' });
    await expect(auth.getPermissions()).resolves.toBe('admin');
    await expect(auth.canAccess({ resource: 'users', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess({ resource: 'users', action: 'grant-admin' })).resolves.toBe(false);
  });

  it("checkAuth refuses a session of the other app's role without ending that session", async () => {
    setCookie(true);
    const fetchMock = mockFetch({
      'GET /api/profile/get': () => json(200, { data: CORPORATE }),
      'POST /api/auth/logout': () => json(200, { message: 'Logged out.' }),
    });
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.checkAuth()).rejects.toThrow('app.auth.wrong_role_admin');
    // react-admin logs out after a failed checkAuth: the corporate session must survive it
    await auth.logout();
    expect(calledKeys(fetchMock)).toEqual(['GET /api/profile/get']);
    // an explicit logout later does sign out
    await auth.logout();
    expect(calledKeys(fetchMock)).toEqual(['GET /api/profile/get', 'POST /api/auth/logout']);
  });

  it('checkAuth rejects when the server says the session is gone (401)', async () => {
    setCookie(true);
    mockFetch({
      'GET /api/profile/get': () => json(401, { message: 'Not signed in.', code: 'auth.login_required' }),
    });
    const auth = createAuthProvider({ app: 'corporate' });
    await expect(auth.checkAuth()).rejects.toMatchObject({ status: 401 });
  });

  it('login posts { email, password, rememberMe: false } and keeps the profile', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/login': () => {
        setCookie(true);
        return json(200, { message: 'Login successful!', user: CORPORATE });
      },
    });
    const auth = createAuthProvider({ app: 'corporate' });
    await auth.login({ username: ' cora@example.com ', password: 'secret123' });
    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(pathOf(request)).toBe('/api/auth/login');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
      email: 'cora@example.com',
      password: 'secret123',
      rememberMe: false,
    });
    await expect(auth.getPermissions()).resolves.toBe('corporate');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('login with a role that does not belong to the app signs out and rejects with a clear message', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/login': () => {
        setCookie(true);
        return json(200, { message: 'Login successful!', user: { ...CORPORATE, role: 'user' } });
      },
      'POST /api/auth/logout': () => json(200, { message: 'Logged out.' }),
    });
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.login({ username: 'u@example.com', password: 'secret123' })).rejects.toThrow(
      'app.auth.wrong_role_admin',
    );
    expect(calledKeys(fetchMock)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
  });

  it('login shows the server message of a failed sign-in', async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        json(401, { message: 'Invalid email or password.', code: 'auth.invalid_credentials' }),
    });
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.login({ username: 'a@example.com', password: 'wrong-pass' })).rejects.toThrow(
      'Invalid email or password.',
    );
  });

  it('checkError: 401 rejects (sign out), 403 and others resolve', async () => {
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ status: 401 });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('logout posts /api/auth/logout and ignores its failure', async () => {
    setCookie(true);
    const fetchMock = mockFetch({
      'POST /api/auth/logout': () => json(500, { message: 'Something went wrong.' }),
    });
    const auth = createAuthProvider({ app: 'admin' });
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(calledKeys(fetchMock)).toEqual(['POST /api/auth/logout']);
  });
});
