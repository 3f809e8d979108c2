import { render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { BalanceHistoryList } from '../../src-backoffice/resources/balance-histories/BalanceHistoryList';
import { BalanceList } from '../../src-backoffice/resources/balances/BalanceList';
import { InvestmentList } from '../../src-backoffice/resources/investments/InvestmentList';
import { stubPhoneWidth } from '../support/phoneWidth';

const ANN = { id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
const page = (total: number) => ({ page: 1, limit: 10, total, totalPages: 1 });

/** The API's answers by path; every request's path and query are recorded. */
function server(answers: Record<string, unknown>) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://backoffice.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      urls.push(`${url.pathname}${url.search}`);
      const answer = answers[url.pathname];
      return answer === undefined
        ? Response.json({ message: 'Not found.', code: 'common.not_found' }, { status: 404 })
        : Response.json(answer);
    },
  });
  return { client, urls };
}

function renderList(resource: string, list: ReactNode, client: ReturnType<typeof server>['client']) {
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <ResourceContextProvider value={resource}>{list}</ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const users = { users: [ANN], pagination: page(1) };

describe('the money lists', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('balances: numbered rows sorted by the last change, the person linked, Add Balance per row', async () => {
    const api = server({
      '/api/balances': {
        data: [
          {
            id: 'acc1',
            user: ANN,
            balance: 1250.5,
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-03-01T10:00:00Z',
          },
        ],
        pagination: page(1),
      },
      '/api/users': users,
    });
    renderList('balances', <BalanceList />, api.client);
    const row = (await screen.findByText('€1,250.50')).closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/users/u1/show');
    expect(within(row).getByRole('link', { name: 'Add Balance' })).toHaveAttribute(
      'href',
      '/balances/add-balance/u1',
    );
    expect(api.urls).toContain('/api/balances?page=1&limit=10&sortBy=updatedAt&sortOrder=desc');
    // The API's two sort fields are sortable column headers.
    expect(screen.getByRole('button', { name: /Sort by balance/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });

  it('balance histories: newest first, signed amounts, the proof link, filters for person and days', async () => {
    const api = server({
      '/api/balances/all-histories': {
        data: [
          {
            id: '2',
            kind: 'withdrawal',
            amount: -25,
            balanceBefore: 100,
            balanceAfter: 75,
            note: null,
            at: '2026-03-11T09:00:00Z',
            user: ANN,
            proofUrl: null,
            createdBy: null,
          },
          {
            id: '1',
            kind: 'deposit',
            amount: 100,
            balanceBefore: 0,
            balanceAfter: 100,
            note: 'Bank transfer',
            at: '2026-03-10T09:00:00Z',
            user: ANN,
            proofUrl: '/api/balances/proofs/t1',
            createdBy: { id: 'a1', email: 'admin@example.com' },
          },
        ],
        pagination: page(2),
      },
      '/api/users': users,
    });
    renderList('balance-histories', <BalanceHistoryList />, api.client);
    expect(await screen.findByText('+€100.00')).toBeInTheDocument();
    expect(screen.getByText('-€25.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View proof (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/api/balances/proofs/t1',
    );
    expect(api.urls).toContain('/api/balances/all-histories?page=1&limit=10&sortBy=at&order=desc');
    expect(screen.getByRole('combobox', { name: 'Person' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toBeInTheDocument();
  });

  it('investments: each row links to its venture and its investor; status and venture filters', async () => {
    const api = server({
      '/api/investments/admin': {
        data: [
          {
            _id: 'i1',
            venture: { _id: 'v1', title: 'Solar kiosks' },
            investedBy: ANN,
            amount: 300,
            profitPaid: 0,
            status: 'invested',
            totalExpectedReturn: 36,
            investmentDate: '2026-03-01T10:00:00Z',
          },
        ],
        pagination: page(1),
      },
      '/api/ventures/admin-get-all': { data: [], pagination: page(0) },
      '/api/users': users,
    });
    renderList('investments', <InvestmentList />, api.client);
    expect(await screen.findByRole('link', { name: 'Solar kiosks' })).toHaveAttribute(
      'href',
      '/ventures/v1/show',
    );
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/users/u1/show');
    expect(api.urls).toContain('/api/investments/admin?page=1&limit=10&sortBy=investmentDate&order=desc');
    expect(screen.getByRole('combobox', { name: 'Venture' })).toBeInTheDocument();
  });

  it('at phone width each list is a simple list without a table, links kept', async () => {
    stubPhoneWidth();
    const api = server({
      '/api/balances': {
        data: [
          {
            id: 'acc1',
            user: ANN,
            balance: 80,
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-03-01T10:00:00Z',
          },
        ],
        pagination: page(1),
      },
      '/api/balances/all-histories': {
        data: [
          {
            id: '1',
            kind: 'deposit',
            amount: 80,
            balanceBefore: 0,
            balanceAfter: 80,
            note: null,
            at: '2026-03-10T09:00:00Z',
            user: ANN,
            proofUrl: '/api/balances/proofs/t1',
            createdBy: null,
          },
        ],
        pagination: page(1),
      },
      '/api/investments/admin': {
        data: [
          {
            _id: 'i1',
            venture: { _id: 'v1', title: 'Solar kiosks' },
            investedBy: ANN,
            amount: 300,
            profitPaid: 0,
            status: 'invested',
            totalExpectedReturn: 36,
            investmentDate: '2026-03-01T10:00:00Z',
          },
        ],
        pagination: page(1),
      },
      '/api/ventures/admin-get-all': { data: [], pagination: page(0) },
      '/api/users': users,
    });
    const balances = renderList('balances', <BalanceList />, api.client);
    expect(await screen.findByText('€80.00')).toBeInTheDocument();
    // A tap on the row opens the add-balance form (a button: the path is made per row).
    expect(await screen.findByRole('button', { name: /Ann Lee/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    balances.unmount();

    const histories = renderList('balance-histories', <BalanceHistoryList />, api.client);
    expect(await screen.findByText('+€80.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View proof (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    histories.unmount();

    renderList('investments', <InvestmentList />, api.client);
    expect(await screen.findByRole('link', { name: 'Solar kiosks' })).toHaveAttribute(
      'href',
      '/ventures/v1/show',
    );
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/users/u1/show');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
