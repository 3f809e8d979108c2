/**
 * The audit log in the back office (issue 26): the list's filters reach GET /api/admin/audit, a row
 * opens to its before and after side by side, the CSV export, and a person's history. The real
 * dataProvider on a fake API; the mapping onto the real server is tests/server/dataprovider-verbs.test.ts.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { canAccess } from '../../src-backoffice/providers/canAccess';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { AuditList } from '../../src-backoffice/resources/audit/AuditList';
import { AuditHistory } from '../../src-backoffice/resources/audit/AuditHistory';
import { stubPhoneWidth } from '../support/phoneWidth';

const USER = '22222222-2222-4222-8222-222222222222';
const ADMIN_ID = '11111111-1111-4111-8111-111111111111';

const auditRow = (id: string, fields = {}) => ({
  _id: id,
  at: '2026-03-02T09:30:00.000Z',
  actor: { id: ADMIN_ID, email: 'ada@example.com', role: 'superadmin' },
  action: 'user.role',
  targetType: 'user',
  targetId: USER,
  before: { role: 'user' },
  after: { role: 'admin' },
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  ...fields,
});

const ROWS = [
  auditRow('a1'),
  auditRow('a2', {
    at: '2026-03-01T08:00:00.000Z',
    action: 'servicing.repayment',
    targetType: 'venture',
    targetId: 'v1',
    before: { loanStatus: 'current' },
    after: { loanStatus: 'repaid', amount: 1000 },
  }),
  // A name this back office does not know: shown as it is.
  auditRow('a3', { action: 'robot.dance', targetType: 'robot', targetId: null, before: null, after: null }),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeApi(rows = ROWS) {
  const queries: URLSearchParams[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/admin/audit') {
      queries.push(url.searchParams);
      return json({ data: rows, pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 } });
    }
    return json({ message: 'Not found.', code: 'common.not_found' }, 404);
  });
  return { fetch, queries, last: () => Object.fromEntries(queries.at(-1)!.entries()) };
}

const authAs: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'admin',
  canAccess: async ({ resource, action }) => canAccess('admin', { resource, action }),
};

function renderAt(api: ReturnType<typeof fakeApi>, path: string) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        authProvider={authAs}
      >
        <Routes>
          <Route
            path="/audit"
            element={
              <ResourceContextProvider value="audit">
                <AuditList />
              </ResourceContextProvider>
            }
          />
          <Route
            path="/users/history"
            element={
              <ResourceContextProvider value="users">
                <RecordContextProvider value={{ id: USER }}>
                  <AuditHistory targetType="user" />
                </RecordContextProvider>
              </ResourceContextProvider>
            }
          />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const blobs: Blob[] = [];
beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://backoffice.test/file-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  blobs.length = 0;
});

describe('the audit list', () => {
  it('shows each change newest first with its action and target named, a raw name as it is', async () => {
    const api = fakeApi();
    renderAt(api, '/audit');
    const table = await screen.findByRole('table');
    await within(table).findByText('Role changed');
    expect(within(table).getByText('Repayment recorded')).toBeInTheDocument();
    expect(within(table).getByText('Venture')).toBeInTheDocument();
    expect(within(table).getByText('robot.dance')).toBeInTheDocument();
    expect(within(table).getByText('robot')).toBeInTheDocument();
    expect(within(table).getAllByText('ada@example.com')).toHaveLength(3);
    expect(api.last()).toMatchObject({ order: 'desc', page: '1', limit: '10' });
  });

  it('sends its filters to the API: the admin, an action family, the target and the days', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderAt(api, '/audit');
    await screen.findByText('Role changed');
    await user.type(screen.getByRole('textbox', { name: 'Admin (e-mail)' }), 'ada@');
    await waitFor(() => expect(api.last()).toMatchObject({ actor: 'ada@' }));

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Servicing: all' }));
    await waitFor(() => expect(api.last()).toMatchObject({ actor: 'ada@', action: 'servicing.*' }));

    const from = screen.getByLabelText('From');
    await user.type(from, '2026-03-01');
    await waitFor(() => expect(api.last()).toMatchObject({ from: '2026-03-01', action: 'servicing.*' }));
  });

  it('sends the target filters and the oldest-first order from the address', async () => {
    const api = fakeApi();
    renderAt(
      api,
      `/audit?filter=${encodeURIComponent(JSON.stringify({ targetType: 'venture', targetId: 'v1', to: '2026-03-31' }))}&sort=at&order=ASC`,
    );
    await screen.findByText('Role changed');
    expect(api.last()).toMatchObject({
      targetType: 'venture',
      targetId: 'v1',
      to: '2026-03-31',
      order: 'asc',
    });
  });

  it('opens a row to its before and after side by side, field by field', async () => {
    const user = userEvent.setup();
    renderAt(fakeApi(), '/audit');
    await user.click(await screen.findByText('Repayment recorded'));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const lines = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Field', 'Before', 'After'],
      ['loanStatus', 'current', 'repaid'],
      ['amount', '-', '1000'],
    ]);
    expect(screen.getByText(/IP address: 203\.0\.113\.7/)).toBeInTheDocument();
  });

  it('exports the rows of its filter as CSV, before and after as JSON text', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(fakeApi(), '/audit');
    await screen.findByText('Role changed');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = await blobs.at(-1)!.text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'at,actorEmail,actorRole,actorId,action,targetType,targetId,before,after,ip,userAgent',
    );
    expect(lines).toEqual([
      `2026-03-02T09:30:00.000Z,ada@example.com,superadmin,${ADMIN_ID},user.role,user,${USER},"{""role"":""user""}","{""role"":""admin""}",203.0.113.7,Firefox`,
      `2026-03-01T08:00:00.000Z,ada@example.com,superadmin,${ADMIN_ID},servicing.repayment,venture,v1,"{""loanStatus"":""current""}","{""loanStatus"":""repaid"",""amount"":1000}",203.0.113.7,Firefox`,
      `2026-03-02T09:30:00.000Z,ada@example.com,superadmin,${ADMIN_ID},robot.dance,robot,,,,203.0.113.7,Firefox`,
    ]);
  });

  it('is a list of lines on a phone, each opening to its before and after', async () => {
    stubPhoneWidth();
    const user = userEvent.setup();
    renderAt(fakeApi(), '/audit');
    const line = await screen.findByRole('button', { name: new RegExp(`Role changed · Person ${USER}`) });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(line);
    const changes = await screen.findByRole('table', { name: 'Changes' });
    expect(within(changes).getByText('admin')).toBeInTheDocument();
  });
});

describe("a person's history", () => {
  it('lists the audit rows about the person, newest first', async () => {
    const api = fakeApi([ROWS[0]!]);
    renderAt(api, '/users/history');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Role changed')).toBeInTheDocument();
    expect(api.last()).toMatchObject({ targetType: 'user', targetId: USER, order: 'desc' });
  });

  it('on a phone names the action without repeating the person on every line', async () => {
    stubPhoneWidth();
    renderAt(fakeApi([ROWS[0]!]), '/users/history');
    const line = await screen.findByRole('button', { name: /Role changed/ });
    expect(line).not.toHaveTextContent(USER);
    expect(line).toHaveTextContent('ada@example.com');
  });
});
