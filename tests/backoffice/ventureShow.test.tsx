import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { VentureShow } from '../../src-backoffice/resources/ventures/VentureShow';
import { VentureList } from '../../src-backoffice/resources/ventures/VentureList';
import { countryChoices, countryName } from '../../src-backoffice/components/CountryInput';
import { moneyActionsFor, parseEuros } from '../../src-backoffice/resources/ventures/MoneyActions';
import { notesRequiredToReject } from '../../src-backoffice/resources/ventures/ReviewActions';

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

const investment = (id: string, who: string, amount: number, day: number, status: string) => ({
  _id: id,
  venture: { _id: VENTURE_ID, title: 'Solar Schools' },
  amount,
  profitPaid: 0,
  status,
  totalExpectedReturn: amount * 0.085,
  investmentDate: new Date(Date.UTC(2026, 0, day)).toISOString(),
  investedBy: { id: `user-${who}`, firstName: who, lastName: 'Investor', email: `${who}@example.com` },
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

describe('money actions: which ones, and typed amounts', () => {
  it('offers close funding only to an approved venture raising money, repayments only once funded', () => {
    expect(moneyActionsFor({ lifecycleStatus: 'new', adminStatus: 'approved', cancelledAt: null })).toEqual([
      'close',
      'cancel',
    ]);
    expect(
      moneyActionsFor({ lifecycleStatus: 'new', adminStatus: 'under-review', cancelledAt: null }),
    ).toEqual(['cancel']);
    expect(
      moneyActionsFor({ lifecycleStatus: 'coming-soon', adminStatus: 'pending', cancelledAt: null }),
    ).toEqual(['cancel']);
    expect(
      moneyActionsFor({ lifecycleStatus: 'funded', adminStatus: 'approved', cancelledAt: null }),
    ).toEqual(['repay']);
    expect(
      moneyActionsFor({ lifecycleStatus: 'repaid', adminStatus: 'approved', cancelledAt: null }),
    ).toEqual([]);
  });

  it('offers nothing on a cancelled venture (its money went back to the investors)', () => {
    const cancelledAt = '2026-11-20T10:00:00.000Z';
    expect(moneyActionsFor({ lifecycleStatus: 'new', adminStatus: 'rejected', cancelledAt })).toEqual([]);
    expect(moneyActionsFor({ lifecycleStatus: 'coming-soon', adminStatus: 'rejected', cancelledAt })).toEqual(
      [],
    );
  });

  it('reads euros with a dot or a comma, two decimals at most, above 0', () => {
    expect(parseEuros(' 1234,5 ')).toBe(1234.5);
    expect(parseEuros('0.01')).toBe(0.01);
    for (const text of ['', '0', '-3', '1.234', 'ten']) expect(parseEuros(text)).toBeNull();
  });

  it('requires notes to reject, and only to reject', () => {
    expect(notesRequiredToReject('  ', { adminStatus: 'rejected' })).toBe(
      'app.ventures.reject_notes_required',
    );
    expect(notesRequiredToReject('Incomplete file', { adminStatus: 'rejected' })).toBeUndefined();
    expect(notesRequiredToReject('', { adminStatus: 'approved' })).toBeUndefined();
  });
});

describe('VentureShow (admin)', () => {
  const raising = [
    investment('i1', 'Ann', 250, 1, 'invested'),
    investment('i2', 'Bob', 300, 2, 'invested'),
    investment('i3', 'Ann', 200, 3, 'invested'),
  ];

  it('shows the images, the country by name and the investments below', async () => {
    renderShow(fakeApi(venture(), raising));
    expect(await screen.findByRole('heading', { name: 'Solar Schools' })).toBeInTheDocument();
    const images = screen.getAllByRole('img') as HTMLImageElement[];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(
      expect.arrayContaining(['/uploads/ventures/v/one.jpg', '/uploads/ventures/v/two.jpg']),
    );
    expect(screen.getByText('Kenya')).toBeInTheDocument();
    expect(await screen.findByText('Bob Investor')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Investments' })).toBeInTheDocument();
  });

  it('closes the funding after a dialog that states the amount funded and the investors', async () => {
    const api = fakeApi(venture(), raising, {
      [`POST /api/ventures/admin/${VENTURE_ID}/close-funding`]: () =>
        json({ message: 'Funding closed.', data: venture({ lifecycleStatus: 'funded' }) }),
    });
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close funding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the funding of “Solar Schools”?' });
    expect(
      await within(dialog).findByText(
        '€750.00 of the €10,000.00 target, invested by 2 investors, will be paid out to the company. The investments become completed and nobody can invest any more.',
      ),
    ).toBeInTheDocument();
    expect(posts(api, `/api/ventures/admin/${VENTURE_ID}/close-funding`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close funding' }));
    expect(await screen.findByText('Funding closed: €750.00 paid out to the company.')).toBeInTheDocument();
    expect(posts(api, `/api/ventures/admin/${VENTURE_ID}/close-funding`)).toHaveLength(1);
  });

  it('cancels only with a reason, after stating the sum refunded and the investments', async () => {
    const api = fakeApi(venture(), raising, {
      [`POST /api/ventures/admin/${VENTURE_ID}/cancel`]: () =>
        json({
          message: 'Venture cancelled; 3 investments refunded.',
          data: venture({ adminStatus: 'rejected' }),
        }),
    });
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel with refunds' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel “Solar Schools” and refund its investors?',
    });
    expect(
      await within(dialog).findByText(
        '€750.00 will be refunded to the investors (3 investments). The venture leaves the public list and cannot take investments again.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await within(dialog).findByText('Please give the reason for the cancellation.'),
    ).toBeInTheDocument();
    expect(posts(api, `/api/ventures/admin/${VENTURE_ID}/cancel`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The company withdrew.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('Venture cancelled: €750.00 refunded (3 investments).'),
    ).toBeInTheDocument();
    const [sent] = posts(api, `/api/ventures/admin/${VENTURE_ID}/cancel`);
    expect(await sent!.json()).toEqual({ reason: 'The company withdrew.' });
  });

  it('records a repayment: amount and note, what it settles of the schedule, once per dialog (one Idempotency-Key), then the receipt', async () => {
    const schedule = {
      loanStatus: 'current',
      daysLate: 0,
      disbursedAt: '2026-01-01',
      repaymentType: 'bullet',
      repaymentFrequency: 'monthly',
      gracePeriods: 0,
      principal: 300,
      outstandingPrincipal: 300,
      overdue: 0,
      owed: 302,
      writtenOff: 0,
      nextDue: { number: 1, dueDate: '2026-02-01', amount: 1 },
      installments: [
        {
          number: 1,
          dueDate: '2026-02-01',
          principal: 0,
          interest: 1,
          lateInterest: 0,
          paidPrincipal: 0,
          paidInterest: 0,
          paidLateInterest: 0,
          status: 'scheduled',
          paidAt: null,
        },
        {
          number: 2,
          dueDate: '2026-03-01',
          principal: 300,
          interest: 1,
          lateInterest: 0,
          paidPrincipal: 0,
          paidInterest: 0,
          paidLateInterest: 0,
          status: 'scheduled',
          paidAt: null,
        },
      ],
    };
    let attempts = 0;
    const api = fakeApi(venture({ lifecycleStatus: 'funded', amountFunded: 300 }), [], {
      [`GET /api/ventures/${VENTURE_ID}/schedule`]: () => json({ data: schedule }),
      [`POST /api/ventures/admin/${VENTURE_ID}/repayments`]: () => {
        attempts += 1;
        // The first answer is lost (a server error): the retry must carry the same key.
        return attempts === 1
          ? json({ message: 'Something went wrong.' }, 500)
          : json({
              message: 'Payment recorded.',
              data: {
                allocated: { lateInterest: 0, interest: 2, principal: 98 },
                serviceFee: 0.02,
                credited: 99.98,
                investors: 3,
                loanStatus: 'current',
              },
            });
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a repayment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a repayment for “Solar Schools”' });
    expect(
      await within(dialog).findByText(
        'Owed in total: €302.00, of which €0.00 overdue; next: €1.00 due on Feb 1, 2026.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText(/It settles instalment #1\. It pays instalment #2 in part\./),
    ).toBeInTheDocument();

    const send = within(dialog).getByRole('button', { name: 'Record €100.00' });
    await user.click(send);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record €100.00' }));
    expect(
      await within(dialog).findByText('Recorded: €99.98 credited to 3 investors. The loan is now “Current”.'),
    ).toBeInTheDocument();

    const sent = posts(api, `/api/ventures/admin/${VENTURE_ID}/repayments`);
    expect(sent).toHaveLength(2);
    const keys = sent.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await sent[1]!.json()).toEqual({ amount: 100, note: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // A new opening of the dialog is a new repayment: a new key.
    await user.click(await screen.findByRole('button', { name: 'Record a repayment' }));
    const again = await screen.findByRole('dialog', { name: 'Record a repayment for “Solar Schools”' });
    await within(again).findByText(/Owed in total/);
    await user.type(within(again).getByRole('textbox', { name: /Amount/ }), '0.01');
    await user.type(within(again).getByRole('textbox', { name: /Note/ }), 'Cash');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await user.click(within(again).getByRole('button', { name: 'Record €0.01' }));
    await waitFor(() => expect(posts(api, `/api/ventures/admin/${VENTURE_ID}/repayments`)).toHaveLength(3));
    const third = posts(api, `/api/ventures/admin/${VENTURE_ID}/repayments`)[2]!;
    expect(third.headers.get('Idempotency-Key')).not.toBe(keys[0]);
    expect(await third.json()).toEqual({ amount: 0.01, note: 'Cash' });
  });

  it('offers the review decision in the top toolbar: Reject asks for notes, confirms, and shows the server’s field error (issue 30, item 7)', async () => {
    let answer: Response = json({ message: 'Updated successfully', data: venture() });
    const api = fakeApi(
      venture({ adminStatus: 'pending', lifecycleStatus: 'coming-soon', amountFunded: 0, adminNotes: '' }),
      [],
      {
        [`PATCH /api/ventures/admin/${VENTURE_ID}/admin-status-update`]: () => answer,
      },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShow(api);
    const user = userEvent.setup();
    // The page's top toolbar: the one holding the link back to the list.
    const toolbar = (await screen.findByRole('link', { name: 'List' })).closest(
      '.MuiToolbar-root',
    ) as HTMLElement;
    expect(await within(toolbar).findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Under review' })).toBeInTheDocument();
    // No second review form at the bottom of the page.
    expect(screen.queryByRole('combobox', { name: /Admin Status/ })).not.toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Solar Schools”?' });
    expect(within(dialog).getByText(/Admin status: Pending → Rejected\./)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    const patches = () =>
      api.calls.filter((r) => r.method === 'PATCH' && r.url.endsWith('/admin-status-update'));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Notes for the company/ }),
      'The collateral is not documented.',
    );
    answer = json(
      {
        message: 'Please give the reason for the rejection.',
        code: 'venture.reject_notes_required',
        errors: { adminNotes: 'Please give the reason for the rejection.' },
        codes: { adminNotes: 'venture.reject_notes_required' },
      },
      400,
    );
    await user.click(confirm);
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(await patches()[0]!.json()).toEqual({
      adminStatus: 'rejected',
      adminNotes: 'The collateral is not documented.',
    });
    // The server's refusal stays in the dialog (and its toast).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please give the reason for the rejection.',
    );
  });

  it('approves from the toolbar keeping the notes, and offers neither decision twice', async () => {
    const api = fakeApi(
      venture({
        adminStatus: 'pending',
        lifecycleStatus: 'coming-soon',
        amountFunded: 0,
        adminNotes: 'Looks fine.',
      }),
      [],
      {
        [`PATCH /api/ventures/admin/${VENTURE_ID}/admin-status-update`]: () =>
          json({ message: 'Updated successfully', data: venture() }),
      },
    );
    renderShow(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve “Solar Schools”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(await api.calls.find((r) => r.method === 'PATCH')!.json()).toEqual({
      adminStatus: 'approved',
      adminNotes: 'Looks fine.',
    });
  });
});

describe('VentureList (admin)', () => {
  it('names the venture countries in the reader’s language, sorted, over ISO codes', () => {
    const german = countryChoices('de');
    expect(german).toHaveLength(54);
    expect(german.find((c) => c.id === 'KE')).toEqual({ id: 'KE', name: 'Kenia' });
    const names = german.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    expect(countryName('ci', 'fr')).toBe('Côte d’Ivoire');
  });

  it('filters by a country picked by name (sent as its code) and sorts by a column on the server', async () => {
    const api = fakeApi(venture(), []);
    renderShow(api, '/ventures');
    const user = userEvent.setup();
    expect(await screen.findByText('Solar Schools')).toBeInTheDocument();
    const lists = () =>
      api.calls
        .filter((r) => new URL(r.url).pathname === '/api/ventures/admin-get-all')
        .map((r) => Object.fromEntries(new URL(r.url).searchParams));
    expect(lists()[0]).toMatchObject({ sortBy: 'createdAt', order: 'desc', page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Country' }));
    await user.click(await screen.findByRole('combobox', { name: 'Country' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Kenya' }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ country: 'KE' }));

    await user.click(screen.getByRole('button', { name: 'Sort by title ascending' }));
    await waitFor(() =>
      expect(lists().at(-1)).toMatchObject({ country: 'KE', sortBy: 'title', order: 'asc' }),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });

  it('shows the company as Created by, keeps dates on one line and gives the title room (issue 30, item 6)', async () => {
    const api = fakeApi(venture(), []);
    renderShow(api, '/ventures');
    const title = (await screen.findByText('Solar Schools')).closest('td')!;
    const row = title.closest('tr')!;
    expect(within(row).getByText('Sunrise Ltd')).toBeInTheDocument();
    expect(within(row).queryByText('cora@example.com')).not.toBeInTheDocument();
    expect(parseInt(getComputedStyle(title).minWidth, 10)).toBeGreaterThanOrEqual(160);
    const created = within(row).getByText(/2026/).closest('td')!;
    expect(getComputedStyle(created).whiteSpace).toBe('nowrap');
  });

  it('approves and rejects the selected ventures after a dialog listing their titles, through each one’s review', async () => {
    const second = '22222222-2222-4222-8222-222222222222';
    const third = '33333333-3333-4333-8333-333333333333';
    const rows = [
      venture({ adminStatus: 'pending', amountFunded: 0, adminNotes: null }),
      venture({
        _id: second,
        title: 'Wind Farms',
        adminStatus: 'under-review',
        amountFunded: 0,
        adminNotes: 'Check',
      }),
      venture({ _id: third, title: 'Old Approved', adminStatus: 'approved', amountFunded: 500 }),
    ];
    const api = fakeApi(rows[0]!, [], {
      'GET /api/ventures/admin-get-all': () =>
        json({ data: rows, pagination: { page: 1, limit: 10, total: 3, totalPages: 1 } }),
      [`PATCH /api/ventures/admin/${VENTURE_ID}/admin-status-update`]: () => json({ data: rows[0] }),
      [`PATCH /api/ventures/admin/${second}/admin-status-update`]: () => json({ data: rows[1] }),
      [`PATCH /api/ventures/admin/${third}/admin-status-update`]: () => json({ data: rows[2] }),
    });
    renderShow(api, '/ventures');
    const user = userEvent.setup();
    for (const title of ['Solar Schools', 'Wind Farms', 'Old Approved'])
      await user.click(within((await screen.findByText(title)).closest('tr')!).getByRole('checkbox'));
    const bulk = (await screen.findByText('3 items selected')).closest(
      '.RaBulkActionsToolbar-toolbar',
    ) as HTMLElement;
    const patches = () => api.calls.filter((r) => r.method === 'PATCH');

    await user.click(within(bulk).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve 3 ventures?' });
    for (const title of ['Solar Schools', 'Wind Farms', 'Old Approved'])
      expect(within(dialog).getByText(title)).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Done: 2, left alone: 1, refused: 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Left alone: already approved')).toBeInTheDocument();
    expect(await Promise.all(patches().map((r) => r.json()))).toEqual([
      { adminStatus: 'approved', adminNotes: '' },
      { adminStatus: 'approved', adminNotes: 'Check' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    for (const title of ['Solar Schools', 'Old Approved'])
      await user.click(within((await screen.findByText(title)).closest('tr')!).getByRole('checkbox'));
    const bulk2 = (await screen.findByText('2 items selected')).closest(
      '.RaBulkActionsToolbar-toolbar',
    ) as HTMLElement;
    await user.click(within(bulk2).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject 2 ventures?' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Notes for the company/ }),
      'Incomplete file.',
    );
    await user.click(confirm);
    expect(await within(dialog).findByText('Done: 1, left alone: 1, refused: 0.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Left alone: holds investors’ money, stays approved'),
    ).toBeInTheDocument();
    expect(await patches()[2]!.json()).toEqual({ adminStatus: 'rejected', adminNotes: 'Incomplete file.' });
  });
});
