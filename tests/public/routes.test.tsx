import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../src-shared/i18n/locales/en/common.json';
import { PLACEHOLDER_PAGES } from '../../src-public/pages/PlaceholderPage';
import {
  jsonResponse,
  mockApi,
  mockSignedIn,
  renderApp,
  sampleUser,
  sampleVenture,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/pages/HomePage'),
  () => import('../../src-public/ventures/VentureDetailPage'),
  () => import('../../src-public/ventures/VenturesPage'),
  () => import('../../src-public/auth/pages/LoginPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/pages/PlaceholderPage'),
);

beforeEach(() => {
  mockApi({
    'GET /api/ventures': { data: [], pagination: { totalPages: 1 } },
    'GET /api/ventures/id/abc': { data: sampleVenture },
  });
});

describe('route table', () => {
  it('redirects an unknown path to home', async () => {
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Invest in Africa's growing businesses" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects /projects/abc to the venture page /ventures/abc', async () => {
    const { router } = renderApp('/projects/abc');
    expect(await screen.findByRole('heading', { level: 1, name: sampleVenture.title })).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures/abc');
    expect(screen.getByRole('button', { name: 'INVEST IN PROJECT' })).toBeEnabled();
    expect(screen.getByText('#solar')).toBeInTheDocument();
  });

  it('redirects /projects/abc/invest to the investment form, which opens the invest dialog', async () => {
    mockSignedIn({
      'GET /api/ventures/id/abc': { data: sampleVenture },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
    });
    const { router } = renderApp('/projects/abc/invest');
    expect(await screen.findByRole('dialog', { name: `Invest in ${sampleVenture.title}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures/abc/investment-form');
  });

  it('redirects /projects to the ventures list', async () => {
    const { router } = renderApp('/projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventures' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures');
  });

  it('sends a visitor from /dashboard/verification to /login, remembering the link', async () => {
    const { router } = renderApp('/dashboard/verification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect((router.state.location.state as { from?: { pathname: string } }).from?.pathname).toBe(
      '/dashboard/verification',
    );
  });

  it('sends a signed-in corporate account away from the investor area', async () => {
    let releaseProfile: (response: Response) => void = () => {};
    mockSignedIn({
      'GET /api/profile/get': () => new Promise<Response>((resolve) => (releaseProfile = resolve)),
      'GET /api/balances/my-balance': { balance: 10 },
    });
    const { router } = renderApp('/user/overview');
    expect(await screen.findByText('Loading user data...')).toBeInTheDocument();
    releaseProfile(jsonResponse(200, { data: { ...sampleUser, role: 'corporate' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders each placeholder page with a translated title and one line', async () => {
    const { router } = renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    expect(screen.getByText('News and updates are coming soon.')).toBeInTheDocument();
    for (const page of PLACEHOLDER_PAGES) {
      await router.navigate(`/${page}`);
      const { title, text } = en.placeholder[page];
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/style-guide'));
  });
});
