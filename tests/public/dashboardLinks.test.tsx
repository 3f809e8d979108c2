import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../src-shared/constants/enums';
import { pathAfterLogin, roleDashboardTarget } from '../../src-public/auth/session/roles';
import { fullPageNavigation } from '../../src-public/lib/navigation';
import { mockApi, mockSignedIn, renderApp, sampleUser, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/auth/pages/LoginPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/FundingPage'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/VerificationPage'),
  () => import('../../src-public/investor/ProfilePage'),
  () => import('../../src-public/pages/HomePage'),
);

function signedInAs(role: Role) {
  const api = mockSignedIn(
    {
      'GET /api/investments/my-investments': { data: [] },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
      'GET /api/ventures': { data: [], pagination: { totalPages: 1 } },
    },
    { account: { ...sampleUser, role } },
  );
  const replace = vi.spyOn(fullPageNavigation, 'replace').mockImplementation(() => {});
  return { ...api, replace };
}

describe('the /dashboard/... links (spec 2.1)', () => {
  it.each([
    ['/dashboard/overview', '/user/overview', 'Welcome back, Ada!'],
    ['/dashboard', '/user/overview', 'Welcome back, Ada!'],
    ['/dashboard/funding', '/user/funding', 'Portfolio and funding'],
    ['/dashboard/investments', '/user/investments', 'My Investments'],
    ['/dashboard/verification', '/user/verification', 'Identity Verification'],
    ['/dashboard/profile', '/user/profile', 'My Profile'],
  ])('an investor opening %s lands on %s', async (link, target, heading) => {
    signedInAs('user');
    const { router } = renderApp(link);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(router.state.location.pathname).toBe(target);
  });

  it.each([
    ['corporate', '/dashboard/overview', '/corporate/overview'],
    ['corporate', '/dashboard/verification', '/corporate/verification'],
    ['corporate', '/dashboard/profile', '/corporate/profile'],
    ['admin', '/dashboard/overview', '/admin/overview'],
    ['superadmin', '/dashboard/overview', '/admin/overview'],
    ['admin', '/dashboard/verification', '/admin/overview'],
  ] as const)('a %s opening %s goes to %s in the back office', async (role, link, target) => {
    const { replace } = signedInAs(role);
    renderApp(link);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(target));
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('a visitor opening /dashboard/overview goes to /login without calling the profile', async () => {
    const { calls } = mockApi();
    const { router } = renderApp('/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.filter((call) => call.path === '/api/profile/get')).toHaveLength(0);
  });
});

describe("the header's Dashboard link", () => {
  it.each([
    ['user', '/user/overview'],
    ['corporate', '/corporate/overview'],
    ['admin', '/admin/overview'],
    ['superadmin', '/admin/overview'],
  ] as const)('goes to the overview of a %s: %s', async (role, href) => {
    signedInAs(role);
    renderApp('/');
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', href);
  });
});

describe('where a login leads', () => {
  it('goes back to a remembered page the role may open, else to the role overview', () => {
    expect(pathAfterLogin('user')).toBe('/user/overview');
    expect(pathAfterLogin('corporate')).toBe('/corporate/overview');
    expect(pathAfterLogin('admin')).toBe('/admin/overview');
    expect(pathAfterLogin('user', { pathname: '/user/investments', search: '?page=2' })).toBe(
      '/user/investments?page=2',
    );
    expect(pathAfterLogin('corporate', { pathname: '/user/investments' })).toBe('/corporate/overview');
    expect(pathAfterLogin('corporate', { pathname: '/dashboard/investments' })).toBe('/corporate/overview');
    expect(pathAfterLogin('corporate', { pathname: '/dashboard/overview' })).toBe('/dashboard/overview');
    expect(pathAfterLogin('admin', { pathname: '/corporate/ventures' })).toBe('/admin/overview');
    expect(pathAfterLogin('user', { pathname: '/login' })).toBe('/user/overview');
    expect(pathAfterLogin('user', { pathname: '/ventures/abc', hash: '#stats' })).toBe('/ventures/abc#stats');
  });

  it('maps the role-dependent dashboard pages', () => {
    expect(roleDashboardTarget('verification', 'user')).toBe('/user/verification');
    expect(roleDashboardTarget('verification', 'corporate')).toBe('/corporate/verification');
    expect(roleDashboardTarget('profile', 'superadmin')).toBe('/admin/overview');
  });
});
