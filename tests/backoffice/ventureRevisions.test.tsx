/**
 * Revisions of approved ventures in the back office (issue 26, finding 2; decision 0127): the admin
 * page's side-by-side diff with Approve and Reject (notes, confirmation), the list's filter, and
 * the company's "Changes awaiting review" banner with the rejection notes afterwards.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { VentureShow } from '../../src-backoffice/resources/ventures/VentureShow';
import { VentureList } from '../../src-backoffice/resources/ventures/VentureList';
import { RevisionBanner } from '../../src-backoffice/resources/ventures/Revision';

const VENTURE_ID = '11111111-1111-4111-8111-111111111111';

const venture = (fields: object = {}) => ({
  _id: VENTURE_ID,
  title: 'Solar Schools',
  shortDescription: 'Panels for schools',
  longDescription: 'Panels, batteries and their installation.',
  collateralDescription: 'The panels',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  targetAmount: 10000,
  amountFunded: 750,
  expectedReturn: 8.5,
  investmentPeriod: 12,
  closingDate: '2030-01-31T00:00:00.000Z',
  collateralValue: 6000,
  loanToValue: 60,
  isConvertible: false,
  tags: ['solar'],
  images: ['/uploads/ventures/v/one.jpg', '/uploads/ventures/v/two.jpg'],
  lifecycleStatus: 'new',
  visibility: 'public',
  adminStatus: 'approved',
  adminNotes: 'Complete file.',
  adminReviewedAt: '2026-01-02T00:00:00.000Z',
  dateIssued: null,
  goesLiveAt: '2026-01-02T00:00:00.000Z',
  createdBy: {
    companyName: 'Sunrise Ltd',
    firstName: 'Cora',
    lastName: 'Company',
    email: 'cora@example.com',
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...fields,
});

type Handler = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API: GET the venture and its investments, and whatever `extra` answers (method + path). */
function fakeApi(record: object, rows: object[], extra: Record<string, Handler> = {}) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    if (extra[key]) return extra[key]!(request);
    if (key === `GET /api/ventures/id/${VENTURE_ID}`) return json({ data: record });
    if (key === 'GET /api/ventures/admin-get-all')
      return json({ data: [record], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } });
    if (key === 'GET /api/investments/admin') {
      expect(url.searchParams.get('ventureId')).toBe(VENTURE_ID);
      return json({ data: rows, pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 } });
    }
    return json({ message: 'Not found.', code: 'common.not_found' }, 404);
  });
  return { fetch, calls };
}

function renderShow(api: ReturnType<typeof fakeApi>, path = `/ventures/${VENTURE_ID}/show`) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <ResourceContextProvider value="ventures">
          <Routes>
            <Route path="/ventures/:id/show" element={<VentureShow />} />
            <Route path="/ventures" element={<VentureList />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const posts = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.calls.filter((r) => r.method !== 'GET' && new URL(r.url).pathname === path);

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const PENDING = { title: 'Solar Schools SCAM', expectedReturn: 45, targetAmount: 900000 };
const waiting = () =>
  venture({
    pendingChanges: PENDING,
    pendingChangesAt: '2026-02-01T00:00:00.000Z',
    revisionStatus: 'pending',
  });
const reviewCalls = (api: ReturnType<typeof fakeApi>) =>
  posts(api, `/api/ventures/admin/${VENTURE_ID}/admin-status-update`);

describe('admin venture page: a revision waiting', () => {
  it('shows current and proposed values side by side, per field', async () => {
    renderShow(fakeApi(waiting(), []));
    const table = await screen.findByRole('table', { name: 'Proposed changes' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldCurrent (approved)Proposed',
      'TitleSolar SchoolsSolar Schools SCAM',
      'Target Amount€10,000.00€900,000.00',
      'Expected Return8.5 %45 %',
    ]);
  });

  it('rejects only with notes, after a confirmation, and sends revision reject', async () => {
    const api = fakeApi(waiting(), [], {
      [`PATCH /api/ventures/admin/${VENTURE_ID}/admin-status-update`]: () =>
        json({ message: 'Updated successfully', data: venture({ revisionStatus: 'rejected' }) }),
    });
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject changes' }));
    expect(await screen.findByText('Please give the reason for the rejection.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Notes for the company' }), 'Not credible.');
    await user.click(screen.getByRole('button', { name: 'Reject changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject the changes to "Solar Schools"?');
    expect(dialog).toHaveTextContent('The 3 proposed changes are discarded');
    expect(reviewCalls(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    await waitFor(() => expect(reviewCalls(api)).toHaveLength(1));
    expect(await reviewCalls(api)[0]!.json()).toEqual({
      adminStatus: 'approved',
      adminNotes: 'Not credible.',
      revision: 'reject',
    });
    expect(await screen.findByText('Changes rejected.')).toBeInTheDocument();
  });

  it("approves after a confirmation; the server's refusal is shown", async () => {
    let answer = json(
      {
        message: 'This venture already has investments: only its texts, tags and images can change now.',
        code: 'venture.frozen_terms',
      },
      409,
    );
    const api = fakeApi(waiting(), [], {
      [`PATCH /api/ventures/admin/${VENTURE_ID}/admin-status-update`]: () => answer,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The 3 changed fields go live at once');
    await user.click(within(dialog).getByRole('button', { name: 'Approve changes' }));
    await waitFor(() => expect(reviewCalls(api)).toHaveLength(1));
    expect(await reviewCalls(api)[0]!.json()).toEqual({
      adminStatus: 'approved',
      adminNotes: '',
      revision: 'approve',
    });
    expect(
      await screen.findByText(
        'This venture already has investments: only its texts, tags and images can change now.',
      ),
    ).toBeInTheDocument();

    answer = json({ message: 'Updated successfully', data: venture({ ...PENDING }) });
    // The refused attempt's dialog closes and the button comes back enabled before a second try:
    // a click before that (a busy machine) opens nothing.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = screen.getByRole('button', { name: 'Approve changes' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve changes' }),
    );
    expect(await screen.findByText('Changes applied.')).toBeInTheDocument();
  });

  it('shows no revision section without a revision', async () => {
    renderShow(fakeApi(venture({ pendingChanges: null, pendingChangesAt: null, revisionStatus: null }), []));
    // The page has loaded (its money section), and no revision is offered.
    expect(await screen.findByRole('heading', { name: 'Money' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve changes' })).not.toBeInTheDocument();
  });
});

describe('admin venture list', () => {
  it('filters the ventures with changes awaiting review (hasRevision=true)', async () => {
    const api = fakeApi(waiting(), []);
    renderShow(api, '/ventures?filter=%7B%22hasRevision%22%3A%22true%22%7D');
    await screen.findByText('Solar Schools');
    const lists = api.calls.filter((r) => new URL(r.url).pathname === '/api/ventures/admin-get-all');
    expect(new URL(lists.at(-1)!.url).searchParams.get('hasRevision')).toBe('true');
  });
});

function renderBanner(record: object) {
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: vi.fn() });
  const dataProvider = createDataProvider({ app: 'corporate', client, i18n: i18nProvider.i18n });
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
      <RecordContextProvider value={{ id: VENTURE_ID, ...record }}>
        <RevisionBanner />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe("the company's banner", () => {
  it('says the changes await review and lists them', async () => {
    renderBanner(waiting());
    expect(await screen.findByText('Changes awaiting review')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Proposed changes' });
    expect(within(table).getByText('Solar Schools SCAM')).toBeInTheDocument();
  });

  it('shows the rejection notes after a rejection', async () => {
    renderBanner(venture({ revisionStatus: 'rejected', pendingChanges: null, adminNotes: 'Not credible.' }));
    expect(await screen.findByText('Your last changes were not approved')).toBeInTheDocument();
    expect(screen.getByText('Not credible.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows nothing without a revision', () => {
    const { container } = renderBanner(venture({ revisionStatus: null, pendingChanges: null }));
    expect(container).toBeEmptyDOMElement();
  });
});
