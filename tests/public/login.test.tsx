import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fullPageNavigation } from '../../src-public/lib/navigation';
import {
  bodiesOf,
  findToast,
  jsonResponse,
  mockApi,
  openPage,
  renderApp,
  sampleUser,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/auth/pages/LoginPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/InvestmentsPage'),
);

/** Signs in through the form with the given account answering the login and profile calls. */
async function signInAs(
  role: 'user' | 'corporate' | 'admin' | 'superadmin',
  entry: Parameters<typeof renderApp>[0] = '/login',
) {
  const account = { ...sampleUser, role };
  const api = mockApi({
    'POST /api/auth/login': { message: 'Login successful!', user: account },
    'GET /api/profile/get': { data: account },
    'GET /api/balances/my-balance': { balance: 250 },
    'GET /api/investments/my-investments': { data: [] },
    'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
  });
  const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => {});
  const replace = vi.spyOn(fullPageNavigation, 'replace').mockImplementation(() => {});
  const user = userEvent.setup();
  const rendered = await openPage(entry, 'Login');
  await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/Password/), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...rendered, ...api, assign, replace, user };
}

function openLogin(entry: Parameters<typeof renderApp>[0] = '/login') {
  return openPage(entry, 'Login');
}

describe('login form', () => {
  it('offers Remember me, Forgot Password and Create Account', async () => {
    mockApi();
    await openLogin();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
  });

  it("shows 'Please fill in all fields.' and sends nothing when a field is empty or blank", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText(/Email/), '   ');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill in all fields\.$/);
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(0);
  });

  it("shows 'Please fill in all fields.' for an empty password too", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill in all fields\.$/);
    expect(calls).toHaveLength(0);
  });

  it('sends rememberMe: false when Remember me is not ticked', async () => {
    const { calls } = await signInAs('user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible();
    expect(bodiesOf(calls, 'POST', '/api/auth/login')).toEqual([
      { email: 'ada@example.com', password: 'secret123', rememberMe: false },
    ]);
  });

  it('sends a corporate account to /corporate/overview (the back office, a full page load)', async () => {
    const { assign, router } = await signInAs('corporate');
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/corporate/overview'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an admin and a superadmin to /admin', async () => {
    const admin = await signInAs('admin');
    await waitFor(() => expect(admin.assign).toHaveBeenCalledWith('/admin/overview'));
    admin.unmount();
    vi.restoreAllMocks();
    const superadmin = await signInAs('superadmin');
    await waitFor(() => expect(superadmin.assign).toHaveBeenCalledWith('/admin/overview'));
  });

  it('does not send a corporate account back to an investor page it was turned away from', async () => {
    const { assign, router } = await signInAs('corporate', {
      pathname: '/login',
      state: { from: { pathname: '/user/investments', search: '', hash: '' } },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/corporate/overview'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('brings a visitor from /dashboard/overview back there, which leads to the role overview', async () => {
    mockApi();
    const { router } = renderApp('/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect((router.state.location.state as { from?: { pathname: string } }).from?.pathname).toBe(
      '/dashboard/overview',
    );
    mockApi({
      'POST /api/auth/login': { message: 'Login successful!', user: sampleUser },
      'GET /api/profile/get': { data: sampleUser },
      'GET /api/balances/my-balance': { balance: 250 },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/user/overview');
  });

  it("shows the server's refusals: unverified e-mail, deactivated account, rate limit", async () => {
    let answer = jsonResponse(403, {
      message: 'Please verify your email before logging in.',
      code: 'auth.email_not_verified',
    });
    mockApi({ 'POST /api/auth/login': () => answer });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await findToast('Please verify your email before logging in.')).toBeVisible();

    answer = jsonResponse(403, { message: 'Your account is deactivated.', code: 'auth.deactivated' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await findToast('Your account is deactivated.')).toBeVisible();

    answer = new Response(
      JSON.stringify({
        message: 'Too many requests. Please try again later.',
        code: 'common.too_many_requests',
      }),
      {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '60' },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await findToast('Too many requests. Please try again later.')).toBeVisible();
  });

  it("shows the server's known messages in the reader's language", async () => {
    mockApi({
      'POST /api/auth/login': jsonResponse(401, {
        message: 'Invalid email or password.',
        code: 'auth.invalid_credentials',
      }),
    });
    const user = userEvent.setup();
    renderApp('/login', { language: 'de' });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    await user.type(screen.getByLabelText(/E-Mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Passwort/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^E-Mail oder Passwort ist ungültig\.$/);
  });

  it('sends the trimmed email, password and rememberMe, then shows the investor dashboard', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { message: 'Login successful!', user: sampleUser },
      'GET /api/profile/get': { data: sampleUser },
      'GET /api/balances/my-balance': { balance: 250 },
    });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.type(screen.getByLabelText(/Email/), '  ada@example.com  ');
    await user.type(screen.getByLabelText(/Password/), ' secret123 ');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    const login = calls.find((call) => call.method === 'POST' && call.path === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'secret123', rememberMe: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/user/overview');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('goes back to the page the role guard remembered', async () => {
    mockApi({
      'POST /api/auth/login': { message: 'Login successful!', user: sampleUser },
      'GET /api/profile/get': { data: sampleUser },
      'GET /api/balances/my-balance': { balance: 250 },
      'GET /api/investments/my-investments': { data: [] },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/user/investments');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Investments' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/user/investments');
    expect(await screen.findByText('You have no investments yet.')).toBeInTheDocument();
  });

  it('translates a refused login by its code: German text for auth.invalid_credentials', async () => {
    mockApi({
      'POST /api/auth/login': jsonResponse(401, {
        message: 'Invalid email or password.',
        code: 'auth.invalid_credentials',
      }),
    });
    const user = userEvent.setup();
    await openPage('/login', 'Anmelden', { language: 'de' });
    await user.type(screen.getByLabelText(/E-Mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Passwort/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^E-Mail oder Passwort ist ungültig\.$/);
    expect(screen.queryByText('Invalid email or password.')).not.toBeInTheDocument();
  });

  it("shows the server's message when the login is refused", async () => {
    mockApi({
      'POST /api/auth/login': jsonResponse(401, {
        message: 'Invalid email or password.',
        code: 'auth.invalid_credentials',
      }),
    });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Login failed.' and to the no-response text", async () => {
    mockApi({ 'POST /api/auth/login': jsonResponse(500, {}) });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed.');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Try again later.'),
    );
  });
});
