import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from '../../src-backoffice/admin/Dashboard';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { createApiClient, type ApiClient } from '../../src-shared/api/http';
import type { LanguageCode } from '../../src-shared/constants/enums';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';

const months = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 4 + i, 1));
  return { month: d.toISOString().slice(0, 7), amount: i === 11 ? 1234.5 : i === 10 ? 100 : 0 };
});

const OVERVIEW = {
  invested: 12_345.67,
  heldInBalances: 2_000,
  inEscrow: 300.5,
  venturesAwaitingReview: 3,
  verificationsAwaitingReview: 1,
  signUps30d: 7,
  openTickets: 0,
  complaintsDueSoon: 0,
  investedByMonth: months,
};

const venture = (id: string, title: string, adminStatus: string, createdAt: string) => ({
  _id: id,
  title,
  adminStatus,
  createdAt,
});

type Seen = URL[];

/** A client answering the overview's three calls like the API, recording the URLs asked. */
function client(seen: Seen, overviewStatus = 200): ApiClient {
  const list = (data: unknown[]) => ({
    data,
    pagination: { page: 1, limit: 5, total: data.length, totalPages: 1 },
  });
  return createApiClient({
    baseUrl: 'http://backoffice.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(url);
      let status = 200;
      let json: unknown = { message: 'Not found.', code: 'common.not_found' };
      if (url.pathname === '/api/admin/overview') {
        status = overviewStatus;
        json =
          overviewStatus === 200
            ? { data: OVERVIEW }
            : { message: 'Something went wrong.', code: 'common.server_error' };
      } else if (url.pathname === '/api/ventures/admin-get-all') {
        json =
          url.searchParams.get('adminStatus') === 'pending'
            ? list([
                venture('v1', 'Solar kiosks', 'pending', '2026-01-02T10:00:00Z'),
                venture('v3', 'Cassava mill', 'pending', '2026-01-05T10:00:00Z'),
              ])
            : list([venture('v2', 'Cold storage', 'under-review', '2026-01-03T10:00:00Z')]);
      } else if (url.pathname === '/api/kyc/admin') {
        json = list([
          {
            id: 'u9',
            user: { id: 'u9', firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com' },
            status: 'pending',
            provider: 'builtin',
            submittedAt: '2026-01-04T09:00:00Z',
            decidedAt: null,
            reason: null,
          },
        ]);
      } else status = 404;
      return new Response(JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
}

function renderOverview(api: ApiClient, language: LanguageCode = 'en') {
  const i18nProvider = createI18nProvider(createI18n(language, 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client: api, i18n: i18nProvider.i18n });
  return render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AdminDashboard />
    </AdminContext>,
  );
}

const card = (label: string) => screen.getByRole('heading', { level: 2, name: label }).parentElement!;

describe('admin overview', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('shows the figures as cards, money in euros with two decimals', async () => {
    const seen: Seen = [];
    renderOverview(client(seen));
    expect(await screen.findByText('€12,345.67')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin overview' })).toBeVisible();
    expect(within(card('Invested')).getByText('€12,345.67')).toBeVisible();
    expect(within(card('Held in balances')).getByText('€2,000.00')).toBeVisible();
    expect(within(card('In escrow')).getByText('€300.50')).toBeVisible();
    expect(within(card('Ventures awaiting review')).getByText('3')).toBeVisible();
    expect(within(card('Verifications awaiting review')).getByText('1')).toBeVisible();
    expect(within(card('Sign-ups (last 30 days)')).getByText('7')).toBeVisible();
    expect(within(card('Open tickets')).getByText('0')).toBeVisible();
    expect(within(card('Complaints due soon')).getByText('0')).toBeVisible();
    // The ticket figures open the tickets list (complaints filtered).
    expect(within(card('Open tickets')).getByRole('link', { name: '0' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/tickets$/),
    );
    expect(
      decodeURIComponent(
        within(card('Complaints due soon')).getByRole('link', { name: '0' }).getAttribute('href')!,
      ),
    ).toMatch(/\/tickets\?filter=\{"category":"complaint"\}$/);
  });

  it('has the chart of money invested per month with its text alternative', async () => {
    renderOverview(client([]));
    const figure = await screen.findByRole('figure', {
      name: 'Money invested in each of the last 12 months: €1,334.50 in total.',
    });
    const table = within(figure).getByRole('table', { name: 'Money invested per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Apr 2026', '€1,234.50']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['May 2025', '€0.00']);
  });

  it('lists the ventures and verifications waiting, oldest first, linking to them', async () => {
    const seen: Seen = [];
    renderOverview(client(seen));
    const ventures = within(card('Ventures waiting for review'));
    expect(await ventures.findByRole('link', { name: /Solar kiosks/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/ventures\/v1\/show$/),
    );
    expect(
      ventures
        .getAllByRole('link', { name: /Solar kiosks|Cold storage|Cassava mill/ })
        .map((a) => a.getAttribute('href')?.replace(/^#/, '')),
    ).toEqual(['/ventures/v1/show', '/ventures/v2/show', '/ventures/v3/show']);
    expect(ventures.getByText('Under review')).toBeVisible();
    expect(ventures.getByRole('link', { name: 'All pending (2)' })).toBeVisible();
    const verifications = within(card('Verifications waiting for review'));
    expect(await verifications.findByRole('link', { name: /Ivy Investor/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/kyc\/u9\/show$/),
    );
    const asked = seen.map((u) => `${u.pathname}?${u.searchParams.toString()}`);
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\/api\/ventures\/admin-get-all\?.*adminStatus=pending.*sortBy=createdAt&order=asc/,
        ),
        expect.stringMatching(/^\/api\/ventures\/admin-get-all\?.*adminStatus=under-review/),
        expect.stringMatching(/^\/api\/kyc\/admin\?.*status=pending/),
      ]),
    );
  });

  it('says so in the reader’s language when the figures cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderOverview(client([], 500), 'de');
    expect(
      await screen.findByText('Die Kennzahlen der Übersicht konnten nicht geladen werden.'),
    ).toBeVisible();
  });
});
