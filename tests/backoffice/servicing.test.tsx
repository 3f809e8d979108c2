/**
 * The admin's side of loan servicing (issue 24): the servicing list, a loan's page and its four
 * confirmed actions (each: a summary of the money it moves, the request, the receipt), the business
 * date on the overview. The real dataProvider on a fake API; the mapping onto the real server is
 * tests/server/dataprovider-verbs.test.ts.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { canAccess } from '../../src-backoffice/providers/canAccess';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { ServicingList } from '../../src-backoffice/resources/servicing/ServicingList';
import { LoanShow } from '../../src-backoffice/resources/servicing/LoanShow';
import { loanActionsFor, previewPayment } from '../../src-backoffice/resources/servicing/loanRules';
import { BusinessDateCard, ServicingOverview } from '../../src-backoffice/admin/ServicingOverview';
import type { Role } from '../../src-shared/constants/enums';

const ID = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

const installment = (number: number, dueDate: string, principal: number, interest: number, fields = {}) => ({
  number,
  dueDate,
  principal,
  interest,
  lateInterest: 0,
  paidPrincipal: 0,
  paidInterest: 0,
  paidLateInterest: 0,
  status: 'scheduled',
  paidAt: null,
  ...fields,
});

/** Three instalments; the first is late with 0.25 of late interest: 306.25 owed, 103.25 overdue. */
const INSTALLMENTS = [
  installment(1, '2026-02-01', 100, 3, { lateInterest: 0.25, status: 'late' }),
  installment(2, '2026-03-01', 100, 2),
  installment(3, '2026-04-01', 100, 1),
];

const schedule = (fields = {}) => ({
  loanStatus: 'late_1_15',
  daysLate: 12,
  disbursedAt: '2026-01-01',
  repaymentType: 'equal_principal',
  repaymentFrequency: 'monthly',
  gracePeriods: 0,
  principal: 300,
  outstandingPrincipal: 300,
  overdue: 103.25,
  owed: 306.25,
  writtenOff: 0,
  nextDue: { number: 2, dueDate: '2026-03-01', amount: 102 },
  installments: INSTALLMENTS,
  ...fields,
});

const row = (fields = {}) => ({
  id: ID,
  venture: { _id: ID, title: 'Solar Schools' },
  company: 'Sunrise Ltd',
  loanStatus: 'late_1_15',
  daysLate: 12,
  principal: 300,
  outstandingPrincipal: 300,
  overdue: 103.25,
  nextDue: { number: 2, dueDate: '2026-03-01', amount: 102 },
  disbursedAt: '2026-01-01',
  ...fields,
});

const detail = (fields: { loanStatus?: string } = {}) => ({
  ...row(fields),
  schedule: schedule(fields.loanStatus ? { loanStatus: fields.loanStatus } : {}),
  investors: 3,
  events: [
    {
      id: 'e1',
      kind: 'disbursed',
      businessDate: '2026-01-01',
      status: 'current',
      amount: 300,
      allocation: null,
      note: null,
      at: '2026-01-01T08:00:00.000Z',
    },
    {
      id: 'e2',
      kind: 'payment',
      businessDate: '2026-01-20',
      status: null,
      amount: 10,
      allocation: { principal: 7, interest: 3, lateInterest: 0, fee: 0.03, costs: 0 },
      note: 'Bank transfer 42',
      at: '2026-01-20T08:00:00.000Z',
    },
    {
      id: 'e3',
      kind: 'status',
      businessDate: '2026-02-02',
      status: 'late_1_15',
      amount: null,
      allocation: null,
      note: null,
      at: '2026-02-02T00:00:00.000Z',
    },
  ],
});

type Handler = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeApi(loan: object, extra: Record<string, Handler> = {}) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    if (extra[key]) return extra[key]!(request);
    if (key === `GET /api/admin/servicing/${ID}`) return json({ data: loan });
    if (key === `GET /api/ventures/${ID}/schedule`)
      return json({ data: (loan as { schedule: object }).schedule });
    return json({ message: 'Not found.', code: 'common.not_found' }, 404);
  });
  return { fetch, calls };
}

const authAs = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
  canAccess: async ({ resource, action }) => canAccess(role, { resource, action }),
});

function renderAt(api: ReturnType<typeof fakeApi>, path: string, role: Role = 'admin') {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        authProvider={authAs(role)}
      >
        <ResourceContextProvider value="servicing">
          <Routes>
            <Route path="/servicing/:id/show" element={<LoanShow />} />
            <Route path="/servicing" element={<ServicingList />} />
            <Route path="/overview" element={<BusinessDateCard />} />
            <Route
              path="/figures"
              element={
                <ServicingOverview
                  loading={false}
                  data={{
                    invested: 0,
                    heldInBalances: 0,
                    inEscrow: 0,
                    venturesAwaitingReview: 0,
                    verificationsAwaitingReview: 0,
                    signUps30d: 0,
                    openTickets: 0,
                    complaintsDueSoon: 0,
                    investedByMonth: [],
                    overdue: 1234.5,
                    loansByStatus: [
                      { loanStatus: 'current', loans: 4, outstandingPrincipal: 40000 },
                      { loanStatus: 'default', loans: 1, outstandingPrincipal: 2500.5 },
                    ],
                  }}
                />
              }
            />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const sentTo = (api: ReturnType<typeof fakeApi>, path: string, method = 'POST') =>
  api.calls.filter((r) => r.method === method && new URL(r.url).pathname === path);

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('loan rules', () => {
  it('allows the actions the server allows for each status', () => {
    expect(loanActionsFor('current')).toEqual(['payment', 'default', 'writeOff']);
    expect(loanActionsFor('late_61_90')).toEqual(['payment', 'default', 'writeOff']);
    expect(loanActionsFor('default')).toEqual(['payment', 'recovery', 'writeOff']);
    expect(loanActionsFor('recovery')).toEqual(['payment', 'recovery', 'writeOff']);
    expect(loanActionsFor('repaid')).toEqual([]);
    expect(loanActionsFor('written_off')).toEqual([]);
  });

  it('previews a payment oldest instalment first, late interest then interest then principal', () => {
    expect(previewPayment(INSTALLMENTS, 150)).toEqual({
      lateInterest: 0.25,
      interest: 5,
      principal: 144.75,
      settled: [{ number: 1, dueDate: '2026-02-01' }],
      partly: { number: 2, dueDate: '2026-03-01' },
    });
    expect(previewPayment(INSTALLMENTS, 306.26)).toBeNull();
    expect(previewPayment(INSTALLMENTS, 306.25)?.settled.map((i) => i.number)).toEqual([1, 2, 3]);
  });
});

describe('the servicing list', () => {
  it('shows each loan in the API’s order and filters by status', async () => {
    const rows = [
      row({ loanStatus: 'default', daysLate: 95, company: 'Sunrise Ltd', overdue: 1500 }),
      row({
        id: OTHER,
        venture: { _id: OTHER, title: 'Wind Farms' },
        company: 'Breeze SA',
        loanStatus: 'current',
        daysLate: 0,
        overdue: 0,
        nextDue: null,
      }),
    ];
    const api = fakeApi(detail(), {
      'GET /api/admin/servicing': () =>
        json({ data: rows, pagination: { page: 1, limit: 10, total: 2, totalPages: 1 } }),
    });
    renderAt(api, '/servicing');
    const table = await screen.findByRole('table');
    await within(table).findByText('Wind Farms');
    const body = cells(table).slice(1);
    expect(body[0]).toEqual(
      expect.arrayContaining([
        'Solar Schools',
        'Sunrise Ltd',
        'In default',
        '95',
        '€300.00',
        '€1,500.00',
        'Mar 1, 2026 · €102.00',
      ]),
    );
    expect(body[1]).toEqual(
      expect.arrayContaining(['Wind Farms', 'Breeze SA', 'Current', '0', '€0.00', '-']),
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Loan status/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Late (any)' }));
    await waitFor(() =>
      expect(api.calls.some((r) => new URL(r.url).searchParams.get('loanStatus') === 'late')).toBe(true),
    );
  });
});

describe('a loan’s page', () => {
  it('shows the summary, the schedule, the payments with their allocation and the history', async () => {
    renderAt(fakeApi(detail()), `/servicing/${ID}/show`);
    const schedule = await screen.findByRole('table', { name: 'Repayment schedule' });
    expect(cells(schedule)).toEqual([
      ['#', 'Due date', 'Principal', 'Interest', 'Late interest', 'Paid', 'Status', 'Paid on'],
      ['1', 'Feb 1, 2026', '€100.00', '€3.00', '€0.25', '€0.00', 'Late', '-'],
      ['2', 'Mar 1, 2026', '€100.00', '€2.00', '€0.00', '€0.00', 'Scheduled', '-'],
      ['3', 'Apr 1, 2026', '€100.00', '€1.00', '€0.00', '€0.00', 'Scheduled', '-'],
    ]);
    const payments = screen.getByRole('table', { name: 'Payments and recoveries' });
    expect(cells(payments)[1]).toEqual([
      'Jan 20, 2026',
      'Payment',
      '€10.00',
      '€0.00',
      '€3.00',
      '€7.00',
      '€0.00',
      '€0.03',
      'Bank transfer 42',
    ]);
    const history = screen.getByRole('table', { name: 'Status history' });
    expect(cells(history).slice(1)).toEqual([
      ['Jan 1, 2026', 'Disbursed', 'Current', '€300.00', ''],
      ['Feb 2, 2026', 'Status change', '1–15 days late', '-', ''],
    ]);
    expect(screen.getByText('€103.25')).toBeInTheDocument();
    expect(screen.getByText('€306.25')).toBeInTheDocument();
    // A late loan: no recovery before a default.
    expect(await screen.findByRole('button', { name: 'Record a recovery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Declare default' })).toBeEnabled();
  });

  it('disables every action on a closed loan', async () => {
    renderAt(fakeApi(detail({ loanStatus: 'written_off' })), `/servicing/${ID}/show`);
    for (const name of ['Record a payment', 'Declare default', 'Record a recovery', 'Write off'])
      expect(await screen.findByRole('button', { name })).toBeDisabled();
    expect(
      screen.getByText('This loan is closed: nothing can be recorded on it any more.'),
    ).toBeInTheDocument();
  });

  it('records a payment: what it settles, then the request (one key), then the receipt', async () => {
    let attempts = 0;
    const api = fakeApi(detail(), {
      [`POST /api/ventures/admin/${ID}/repayments`]: () => {
        attempts += 1;
        return attempts === 1
          ? json({ message: 'Something went wrong.' }, 500)
          : json({
              message: 'Payment recorded.',
              data: {
                allocated: { lateInterest: 0.25, interest: 5, principal: 144.75 },
                serviceFee: 0.05,
                credited: 149.95,
                investors: 3,
                loanStatus: 'current',
              },
            });
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(api, `/servicing/${ID}/show`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a repayment for “Solar Schools”' });
    expect(
      await within(dialog).findByText(
        'Owed in total: €306.25, of which €103.25 overdue; next: €102.00 due on Mar 1, 2026.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('At most €306.25 is owed.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Amount/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '150');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Wire 7');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const summary = within(dialog).getByRole('table', { name: 'Summary' });
    expect(cells(summary)).toEqual([
      ['Late interest', '€0.25'],
      ['Interest', '€5.00'],
      ['Principal', '€144.75'],
      ['Overdue', '€103.25'],
      ['Owed in total', '€306.25'],
      ['Owed afterwards', '€156.25'],
    ]);
    expect(
      within(dialog).getByText(/It settles instalment #1\. It pays instalment #2 in part\./),
    ).toBeInTheDocument();
    expect(sentTo(api, `/api/ventures/admin/${ID}/repayments`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Record €150.00' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record €150.00' }));
    expect(
      await within(dialog).findByText(
        'Recorded: €149.95 credited to 3 investors. The loan is now “Current”.',
      ),
    ).toBeInTheDocument();
    expect(cells(within(dialog).getByRole('table', { name: 'Receipt' }))).toEqual([
      ['Late interest', '€0.25'],
      ['Interest', '€5.00'],
      ['Principal', '€144.75'],
      ['Service fee', '€0.05'],
      ['Credited to investors', '€149.95'],
      ['Loan status', 'Current'],
    ]);
    const sent = sentTo(api, `/api/ventures/admin/${ID}/repayments`);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers.get('Idempotency-Key')).toBe(sent[0]!.headers.get('Idempotency-Key'));
    expect(await sent[1]!.json()).toEqual({ amount: 150, note: 'Wire 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('declares a default: a reason, what it means, then the new status', async () => {
    const api = fakeApi(detail(), {
      [`POST /api/ventures/admin/${ID}/default`]: () =>
        json({ message: 'The loan is in default.', data: { loanStatus: 'default', writtenOff: 0 } }),
    });
    renderAt(api, `/servicing/${ID}/show`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Declare default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare “Solar Schools” in default?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Please give the reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insolvency filed');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText(
        'No money moves: the loan becomes “in default” and 3 investors are told by e-mail.',
      ),
    ).toBeInTheDocument();
    expect(cells(within(dialog).getByRole('table', { name: 'Summary' }))).toEqual([
      ['Outstanding principal', '€300.00'],
      ['Overdue', '€103.25'],
      ['Days late', '12'],
      ['Reason', 'Insolvency filed'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Declare default' }));
    expect(
      await within(dialog).findByText('Default declared. The loan is now “In default”.'),
    ).toBeInTheDocument();
    const [sent] = sentTo(api, `/api/ventures/admin/${ID}/default`);
    expect(await sent!.json()).toEqual({ reason: 'Insolvency filed' });
  });

  it('records a recovery: the amount less costs to the investors, then the receipt', async () => {
    const api = fakeApi(detail({ loanStatus: 'default' }), {
      [`POST /api/ventures/admin/${ID}/recoveries`]: () =>
        json({
          message: 'Recovery recorded.',
          data: {
            allocated: { lateInterest: 0.25, interest: 3, principal: 196.75 },
            serviceFee: 0.03,
            credited: 199.97,
            investors: 3,
            loanStatus: 'recovery',
          },
        }),
    });
    renderAt(api, `/servicing/${ID}/show`);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Declare default' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Record a recovery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a recovery for “Solar Schools”' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '250');
    await user.type(within(dialog).getByRole('textbox', { name: /^Costs/ }), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('The costs cannot exceed the amount.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /^Costs/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Costs/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText(
        '€200.00 (the amount less the costs) goes to 3 investors pro rata; the loan moves to “recovery”.',
      ),
    ).toBeInTheDocument();
    expect(cells(within(dialog).getByRole('table', { name: 'Summary' }))).toEqual([
      ['Amount', '€250.00'],
      ['Costs', '€50.00'],
      ['To the investors', '€200.00'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Record €250.00' }));
    expect(
      await within(dialog).findByText(
        'Recorded: €199.97 credited to 3 investors. The loan is now “In recovery”.',
      ),
    ).toBeInTheDocument();
    const [sent] = sentTo(api, `/api/ventures/admin/${ID}/recoveries`);
    expect(await sent!.json()).toEqual({ amount: 250, costs: 50, note: '' });
  });

  it('writes the loan off: the outstanding principal first, then what was written off', async () => {
    const api = fakeApi(detail({ loanStatus: 'default' }), {
      [`POST /api/ventures/admin/${ID}/write-off`]: () =>
        json({ message: 'The loan is written off.', data: { loanStatus: 'written_off', writtenOff: 300 } }),
    });
    renderAt(api, `/servicing/${ID}/show`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off “Solar Schools”?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Nothing left');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText(
        '€300.00 of outstanding principal will be written off as a loss for 3 investors; the loan and its investments become “written off”.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Write off €300.00' }));
    expect(
      await within(dialog).findByText('€300.00 written off. The loan is now “Written off”.'),
    ).toBeInTheDocument();
    const [sent] = sentTo(api, `/api/ventures/admin/${ID}/write-off`);
    expect(await sent!.json()).toEqual({ reason: 'Nothing left' });
  });
});

describe('the business date on the overview', () => {
  const dateApi = (controlled: boolean) => {
    let date = '2026-03-10';
    return fakeApi(detail(), {
      'GET /api/admin/business-date': () =>
        json({
          data: {
            date,
            controlled,
            lastCob: {
              businessDate: '2026-03-09',
              finishedAt: '2026-03-10T00:00:05.000Z',
              loansStarted: 1,
              loansAged: 4,
              lateInterest: 1.5,
              defaults: 0,
              emailsQueued: 2,
            },
          },
        }),
      'PUT /api/admin/business-date': async (request) => {
        date = ((await request.json()) as { date: string }).date;
        return json({ data: { date, controlled: true, lastCob: null } });
      },
    });
  };

  it('shows the date and the last close of business; a superadmin moves it after a confirmation', async () => {
    const api = dateApi(true);
    renderAt(api, '/overview', 'superadmin');
    expect(await screen.findByText('Mar 10, 2026')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Last close of business: Mar 9, 2026 (loans started 1, aged 4, defaults 0, late interest €1.50).',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const input = screen.getByLabelText('New business date');
    await user.type(input, '2026-03-13');
    await user.click(screen.getByRole('button', { name: 'Move the date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the business date?' });
    expect(
      within(dialog).getByText(
        'From Mar 10, 2026 to Mar 13, 2026: the close of business runs for every one of the 3 days passed, in order (late interest, late statuses, defaults, e-mails).',
      ),
    ).toBeInTheDocument();
    expect(sentTo(api, '/api/admin/business-date', 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move and run the close of business' }));
    expect(await screen.findByText('The business date is now Mar 13, 2026.')).toBeInTheDocument();
    const [sent] = sentTo(api, '/api/admin/business-date', 'PUT');
    expect(await sent!.json()).toEqual({ date: '2026-03-13' });
  });

  it('offers no form to an admin, nor when the server does not allow moving the date', async () => {
    renderAt(dateApi(true), '/overview', 'admin');
    expect(await screen.findByText('Mar 10, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move the date' })).not.toBeInTheDocument();
  });

  it('shows money overdue as a figure and the loans by status with their text alternative', async () => {
    renderAt(fakeApi(detail()), '/figures');
    expect(await screen.findByText('Money overdue')).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Number of loans in each status: 5 loans in all.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Loans by status' });
    expect(cells(table)).toEqual([
      ['Loan status', 'Loans', 'Outstanding principal'],
      ['Current', '4', '€40,000.00'],
      ['In default', '1', '€2,500.50'],
    ]);
  });
});
