/**
 * The company's side of loan servicing (issue 24): the venture form's repayment terms with a live
 * schedule preview and the server's refusals on the fields, the venture page's loan card (schedule,
 * next amount due, days late, late interest, the warning), "Pay now" (review of what it settles,
 * the payment with an Idempotency-Key per opening, the receipt, 'Insufficient balance.' with the
 * current balance), and the overview's next payment.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { VentureCreate } from '../../src-backoffice/corporate/ventures/VentureCreate';
import { VentureEdit } from '../../src-backoffice/corporate/ventures/VentureEdit';
import { VentureShow } from '../../src-backoffice/corporate/ventures/VentureShow';
import { CorporateOverview } from '../../src-backoffice/corporate/pages/CorporateOverview';
import { previewSchedule, reviewPayment } from '../../src-backoffice/corporate/ventures/servicing';
import { ventureTermErrors } from '../../src-backoffice/corporate/ventures/ventureForm';
import type { Installment } from '../../src-shared/contracts/servicing';

const ID = '22222222-2222-4222-8222-222222222222';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const VENTURE = {
  _id: ID,
  title: 'Solar kiosks',
  shortDescription: 'Short',
  longDescription: 'Long',
  collateralDescription: 'Land',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  targetAmount: 10_000,
  amountFunded: 0,
  expectedReturn: 12,
  investmentPeriod: 12,
  closingDate: '2030-01-31T00:00:00.000Z',
  collateralValue: 20_000,
  loanToValue: 50,
  isConvertible: false,
  repaymentType: 'bullet',
  repaymentFrequency: 'monthly',
  gracePeriods: 0,
  tags: [],
  images: [],
  lifecycleStatus: 'coming-soon',
  visibility: 'draft',
  adminStatus: 'pending',
  adminNotes: null,
};

const installment = (number: number, dueDate: string, fields: Partial<Installment> = {}): Installment => ({
  number,
  dueDate,
  principal: number === 12 ? 10_000 : 0,
  interest: 100,
  lateInterest: 0,
  paidPrincipal: 0,
  paidInterest: 0,
  paidLateInterest: 0,
  status: 'scheduled',
  paidAt: null,
  ...fields,
});

/** A bullet loan of €10,000 at 12 %: instalment 1 is 20 days late with €6.58 late interest. */
const SCHEDULE = {
  loanStatus: 'late_16_30',
  daysLate: 20,
  disbursedAt: '2026-01-10',
  repaymentType: 'bullet',
  repaymentFrequency: 'monthly',
  gracePeriods: 0,
  principal: 10_000,
  outstandingPrincipal: 10_000,
  overdue: 106.58,
  owed: 11_206.58,
  writtenOff: 0,
  nextDue: { number: 1, dueDate: '2026-02-10', amount: 106.58 },
  installments: [
    installment(1, '2026-02-10', { status: 'late', lateInterest: 6.58 }),
    ...Array.from({ length: 11 }, (_, i) =>
      installment(i + 2, `2026-${String(i + 3).padStart(2, '0')}-10`.replace('2026-13', '2027-01')),
    ),
  ],
};

type Handler = (request: Request) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API answering `routes` by 'METHOD /path' (a [status, body] pair or a body), recording requests. */
function fakeApi(routes: Record<string, Handler>) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) return json({ message: 'Not found.', code: 'common.not_found' }, 404);
    const answer = await route(request);
    return Array.isArray(answer) ? json(answer[1], answer[0] as number) : json(answer);
  });
  return {
    fetch,
    calls,
    sent: (key: string) => calls.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key),
  };
}

function renderAt(api: ReturnType<typeof fakeApi>, path: string) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <ResourceContextProvider value="ventures">
          <Routes>
            <Route path="/" element={<CorporateOverview />} />
            <Route path="/ventures/create" element={<VentureCreate />} />
            <Route path="/ventures/:id" element={<VentureEdit id={ID} />} />
            <Route path="/ventures/:id/show" element={<VentureShow />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('repayment terms: the rules and the arithmetic the screens show', () => {
  it('previews the schedule of the terms, and none for terms that cannot make one', () => {
    const terms = {
      targetAmount: 12_000,
      expectedReturn: 12,
      investmentPeriod: 12,
      closingDate: '2030-01-31',
    };
    const annuity = previewSchedule({ ...terms, repaymentType: 'annuity', repaymentFrequency: 'monthly' })!;
    expect(annuity.count).toBe(12);
    expect(annuity.rows[0]).toEqual({
      number: 1,
      dueDate: '2030-02-28',
      principal: 946.19,
      interest: 120,
      total: 1066.19,
    });
    expect(annuity.rows.slice(0, 11).every((r) => r.total === 1066.19)).toBe(true);
    expect(annuity.totalRepaid).toBe(annuity.principal + annuity.totalInterest);
    const bullet = previewSchedule({ ...terms, repaymentFrequency: 'quarterly', gracePeriods: 1 })!;
    expect(bullet.rows.map((r) => r.total)).toEqual([360, 360, 360, 12_360]);
    expect(previewSchedule({ ...terms, repaymentFrequency: 'quarterly', investmentPeriod: 10 })).toBeNull();
    expect(previewSchedule({ ...terms, gracePeriods: 12 })).toBeNull();
    expect(previewSchedule({ ...terms, targetAmount: '' })).toBeNull();
  });

  it('checks quarterly periods and grace periods on the form as the server does', () => {
    const terms = {
      country: 'KE',
      minInvestmentAmount: 50,
      maxInvestmentAmount: 500,
      targetAmount: 1000,
      expectedReturn: 12,
      investmentPeriod: 12,
      loanToValue: 50,
      closingDate: '2030-01-31',
    };
    const now = new Date('2026-01-01T00:00:00Z');
    expect(
      ventureTermErrors({ ...terms, repaymentFrequency: 'quarterly', gracePeriods: 3 }, 'create', now),
    ).toEqual({});
    expect(
      ventureTermErrors({ ...terms, repaymentFrequency: 'quarterly', investmentPeriod: 10 }, 'create', now),
    ).toEqual({
      repaymentFrequency: { code: 'venture.period_not_whole' },
    });
    expect(
      ventureTermErrors({ ...terms, repaymentFrequency: 'quarterly', gracePeriods: 4 }, 'create', now),
    ).toEqual({
      gracePeriods: { code: 'venture.grace_too_long' },
    });
  });

  it('reviews a payment over the schedule: late interest, interest, then principal, oldest first', () => {
    expect(reviewPayment(SCHEDULE.installments, 150)).toEqual({
      installments: [
        { number: 1, dueDate: '2026-02-10', lateInterest: 6.58, interest: 100, principal: 0, settles: true },
        { number: 2, dueDate: '2026-03-10', lateInterest: 0, interest: 43.42, principal: 0, settles: false },
      ],
      lateInterest: 6.58,
      interest: 143.42,
      principal: 0,
    });
    expect(reviewPayment(SCHEDULE.installments, 11_206.59)).toBeNull();
    expect(reviewPayment(SCHEDULE.installments, 0)).toBeNull();
  });
});

describe('the venture form', () => {
  it('offers the repayment terms with their defaults and previews the schedule live', async () => {
    renderAt(fakeApi({}), '/ventures/create');
    const user = userEvent.setup();
    expect(await screen.findByText(/Fill in the target amount, the expected return/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Repayment type/ })).toHaveTextContent(
      'Bullet: interest each period, principal at the end',
    );
    expect(screen.getByRole('combobox', { name: /^Repayment frequency/ })).toHaveTextContent('Monthly');
    expect(screen.getByLabelText(/^Grace periods/)).toHaveValue(0);

    fireEvent.change(screen.getByLabelText(/^Target Amount/), { target: { value: '12000' } });
    fireEvent.change(screen.getByLabelText(/^Expected Return/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/^Investment Period/), { target: { value: '12' } });
    const preview = await screen.findByRole('table', { name: 'Repayment schedule preview' });
    // Bullet: €120.00 interest a month, the principal with the last one; 3 first rows, a gap, the last.
    expect(within(preview).getAllByRole('row')).toHaveLength(1 + 3 + 1 + 1);
    expect(within(preview).getByText('… 8 more instalments')).toBeInTheDocument();
    expect(within(preview).getByText('€12,120.00')).toBeInTheDocument();
    expect(screen.getByText('€1,440.00')).toBeInTheDocument(); // total interest
    expect(screen.getByText('€13,440.00')).toBeInTheDocument(); // total to repay

    await user.click(screen.getByRole('combobox', { name: /^Repayment type/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /^Annuity/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Repayment schedule preview' })).getAllByText('€1,066.19'),
      ).toHaveLength(3),
    );
  });

  it("sends changed repayment terms, refuses a quarterly period of 10 months, and shows the server's refusal on its field", async () => {
    const patches: unknown[] = [];
    const api = fakeApi({
      [`GET /api/ventures/my-ventures/${ID}`]: () => ({ data: VENTURE }),
      [`PATCH /api/ventures/id/${ID}`]: async (request) => {
        patches.push(await request.json());
        return [
          400,
          {
            message:
              'Grace periods must be a whole number, at least 0 and fewer than the number of instalments.',
            code: 'venture.grace_too_long',
            errors: {
              gracePeriods:
                'Grace periods must be a whole number, at least 0 and fewer than the number of instalments.',
            },
            codes: { gracePeriods: 'venture.grace_too_long' },
          },
        ];
      },
    });
    renderAt(api, `/ventures/${ID}`);
    const user = userEvent.setup();
    const period = await screen.findByLabelText(/^Investment Period/);
    await waitFor(() => expect(period).toHaveValue(12));
    await user.click(screen.getByRole('combobox', { name: /^Repayment frequency/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Quarterly' }));
    fireEvent.change(period, { target: { value: '10' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'With quarterly payments, the investment period must be a multiple of 3 months.',
      ),
    ).toBeInTheDocument();
    expect(patches).toHaveLength(0);

    fireEvent.change(period, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/^Grace periods/), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ repaymentFrequency: 'quarterly', gracePeriods: 2 });
    const grace = screen.getByLabelText(/^Grace periods/);
    await waitFor(() => expect(grace).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getAllByText(
        /Grace periods must be a whole number, at least 0 and fewer than the number of instalments/,
      ).length,
    ).toBeGreaterThan(0);
  });

  it('shows the repayment terms read-only once an approved venture holds money', async () => {
    const api = fakeApi({
      [`GET /api/ventures/my-ventures/${ID}`]: () => ({
        data: {
          ...VENTURE,
          adminStatus: 'approved',
          lifecycleStatus: 'new',
          visibility: 'public',
          amountFunded: 300,
        },
      }),
    });
    renderAt(api, `/ventures/${ID}`);
    const grace = await screen.findByLabelText(/^Grace periods/);
    await waitFor(() => expect((grace as HTMLInputElement).readOnly).toBe(true));
    for (const name of [/^Repayment type/, /^Repayment frequency/]) {
      const select = screen.getByRole('combobox', { name });
      await userEvent.setup().click(select);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    }
  });
});

describe("the venture page's loan", () => {
  const funded = {
    ...VENTURE,
    lifecycleStatus: 'funded',
    adminStatus: 'approved',
    visibility: 'public',
    amountFunded: 10_000,
  };
  const showRoutes = (extra: Record<string, Handler> = {}) => ({
    [`GET /api/ventures/my-ventures/${ID}`]: () => ({ data: funded }),
    [`GET /api/ventures/my-ventures/${ID}/investments`]: () => ({ data: [], count: 0, total: 0 }),
    [`GET /api/ventures/${ID}/schedule`]: () => ({ data: SCHEDULE }),
    ...extra,
  });

  it('shows the schedule, the next amount due, days late and late interest with a warning', async () => {
    renderAt(fakeApi(showRoutes()), `/ventures/${ID}/show`);
    const table = await screen.findByRole('table', { name: 'Repayment schedule' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(within(table).getAllByRole('row')[1]!).getByText('Late')).toBeInTheDocument();
    const warning = screen.getByText('Payment is 20 days late').closest('[role="alert"]')!;
    expect(warning).toHaveTextContent('€106.58 is past due, including €6.58 late interest.');
    expect(warning.className).toMatch(/Warning/);
    expect(screen.getByText('€106.58 · Feb 10, 2026')).toBeInTheDocument();
    expect(screen.getByText('16–30 days late')).toBeInTheDocument();
    expect(screen.getByText('Days late').nextSibling).toHaveTextContent('20');
    expect(screen.getByText('Owed in total').nextSibling).toHaveTextContent('€11,206.58');
  });

  it('warns in red when the loan is in default, and shows nothing before the loan starts', async () => {
    const { unmount } = renderAt(
      fakeApi(
        showRoutes({
          [`GET /api/ventures/${ID}/schedule`]: () => ({
            data: { ...SCHEDULE, loanStatus: 'default', daysLate: 95 },
          }),
        }),
      ),
      `/ventures/${ID}/show`,
    );
    const alert = (await screen.findByText('The loan is in default')).closest('[role="alert"]')!;
    expect(alert.className).toMatch(/Error/);
    unmount();

    const api = fakeApi(
      showRoutes({
        [`GET /api/ventures/${ID}/schedule`]: () => [
          404,
          { message: 'This venture has no running loan.', code: 'servicing.no_loan' },
        ],
      }),
    );
    renderAt(api, `/ventures/${ID}/show`);
    await waitFor(() => expect(api.sent(`GET /api/ventures/${ID}/schedule`)).toHaveLength(1));
    expect(await screen.findByText('Solar kiosks', { selector: 'h2, h5, h6, span, p' })).toBeInTheDocument();
    expect(screen.queryByText('Loan repayment')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('pays now: the amount due by default, a review of what it settles, the payment with an Idempotency-Key, a receipt', async () => {
    const api = fakeApi(
      showRoutes({
        [`POST /api/ventures/my-ventures/${ID}/repay`]: () => [
          201,
          {
            message: 'Payment received.',
            data: {
              allocated: { lateInterest: 6.58, interest: 100, principal: 0 },
              serviceFee: 1.07,
              credited: 105.51,
              investors: 2,
              loanStatus: 'current',
            },
          },
        ],
      }),
    );
    renderAt(api, `/ventures/${ID}/show`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the loan' });
    const amount = within(dialog).getByLabelText('Amount (EUR)');
    expect(amount).toHaveValue('106.58');
    // More than what is owed cannot go on.
    fireEvent.change(amount, { target: { value: '11206.59' } });
    expect(
      within(dialog).getByText('The amount is more than what is owed (€11,206.58).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
    fireEvent.change(amount, { target: { value: '150' } });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    const settled = within(dialog).getByRole('list', { name: 'What the payment settles' });
    const items = within(settled).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Instalment 1 (due Feb 10, 2026): paid in full');
    expect(items[0]).toHaveTextContent('€6.58 late interest, €100.00 interest');
    expect(items[1]).toHaveTextContent('Instalment 2 (due Mar 10, 2026): paid in part');
    expect(items[1]).toHaveTextContent('€43.42 interest');
    expect(api.sent(`POST /api/ventures/my-ventures/${ID}/repay`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Pay €150.00' }));
    expect(await within(dialog).findByText('€150.00 paid. Thank you!')).toBeInTheDocument();
    const [post] = api.sent(`POST /api/ventures/my-ventures/${ID}/repay`);
    expect(await post!.json()).toEqual({ amount: 150 });
    expect(post!.headers.get('Idempotency-Key')).toMatch(UUID);
    const receipt = within(dialog).getByRole('list', { name: 'How the payment was allocated' });
    expect(receipt).toHaveTextContent('Late interest€6.58');
    expect(receipt).toHaveTextContent('Interest€100.00');
    expect(receipt).toHaveTextContent('Principal€0.00');
    expect(within(dialog).getByText('Loan status now: Current')).toBeInTheDocument();
    // The schedule is read again after the payment.
    await waitFor(() => expect(api.sent(`GET /api/ventures/${ID}/schedule`).length).toBeGreaterThan(1));
  });

  it("shows 'Insufficient balance.' with the current balance; a retry keeps the key, a new opening gets a new one", async () => {
    const api = fakeApi(
      showRoutes({
        [`POST /api/ventures/my-ventures/${ID}/repay`]: () => [
          400,
          { message: 'Insufficient balance.', code: 'investment.insufficient_balance' },
        ],
        'GET /api/balances/my-balance': () => ({ balance: 12 }),
      }),
    );
    renderAt(api, `/ventures/${ID}/show`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pay the loan' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay €106.58' }));
    const refusal = await within(dialog).findByText('Insufficient balance.');
    expect(refusal).toHaveTextContent('Your current balance: €12.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay €106.58' }));
    await waitFor(() => expect(api.sent(`POST /api/ventures/my-ventures/${ID}/repay`)).toHaveLength(2));
    const [first, retry] = api.sent(`POST /api/ventures/my-ventures/${ID}/repay`);
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    dialog = await screen.findByRole('dialog', { name: 'Pay the loan' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay €106.58' }));
    await waitFor(() => expect(api.sent(`POST /api/ventures/my-ventures/${ID}/repay`)).toHaveLength(3));
    const third = api.sent(`POST /api/ventures/my-ventures/${ID}/repay`)[2]!;
    expect(third.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(third.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });
});

describe('the corporate overview', () => {
  const dashboard = (nextPayment: unknown) => ({
    data: {
      firstName: 'Chidi',
      lastLoginAt: null,
      balance: 2500,
      ventures: { draft: 0, pendingReview: 0, live: 0, funded: 1, repaid: 0, rejected: 0, cancelled: 0 },
      raised: 10_000,
      target: 10_000,
      investors: 2,
      raisedByMonth: [],
      recentInvestments: [],
      tickets: [],
      nextPayment,
    },
  });

  it('shows the next payment due across the loans with a link to the venture', async () => {
    renderAt(
      fakeApi({
        'GET /api/dashboard/corporate': () =>
          dashboard({ ventureId: ID, title: 'Solar kiosks', dueDate: '2026-02-10', amount: 106.58 }),
      }),
      '/',
    );
    const card = await screen.findByRole('region', { name: 'Next loan payment' });
    expect(card).toHaveTextContent('€106.58 due on Feb 10, 2026:');
    expect(within(card).getByRole('link', { name: 'Solar kiosks' })).toHaveAttribute(
      'href',
      `/ventures/${ID}/show`,
    );
  });

  it('shows no next payment while no loan runs', async () => {
    renderAt(fakeApi({ 'GET /api/dashboard/corporate': () => dashboard(null) }), '/');
    expect(await screen.findByText('Welcome back, Chidi!')).toBeInTheDocument();
    expect(screen.queryByText('Next loan payment')).not.toBeInTheDocument();
  });
});
