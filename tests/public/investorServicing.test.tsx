/**
 * The investor's side of loan servicing (issue 24): statuses as they are everywhere an investment is
 * shown, the investment's page (GET /api/investments/{id}) and the returns figures explained.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { returnFigure } from '../../src-public/investor/FundingPage';
import { investmentState, STATE_LOOKS } from '../../src-public/investor/StatusChip';
import { jsonResponse, mockSignedIn, renderApp, sampleDashboard, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/InvestmentDetailPage'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/FundingPage'),
);

const servicing = {
  loanStatus: null,
  daysLate: 0,
  outstandingPrincipal: 100,
  nextPaymentDate: null,
  receivedPrincipal: 0,
  receivedInterest: 0,
  receivedLateInterest: 0,
  serviceFees: 0,
  writtenOff: 0,
};
const row = (id: string, status: string, extra: object = {}) => ({
  _id: id,
  venture: { _id: `v-${id}`, title: `Venture ${id}` },
  amount: 100,
  profitPaid: 0,
  status,
  totalExpectedReturn: 12,
  investmentDate: '2026-01-10T10:00:00Z',
  ...servicing,
  ...extra,
});

/** Every state the investor may see, with the label it must read. */
const STATES: [ReturnType<typeof row>, string][] = [
  [row('a', 'invested'), 'Raising'],
  [row('b', 'completed', { loanStatus: 'current' }), 'Repaying · On time'],
  [row('c', 'completed', { loanStatus: 'late_1_15', daysLate: 1 }), 'Repaying · Late 1 day'],
  [row('d', 'completed', { loanStatus: 'late_31_60', daysLate: 45 }), 'Repaying · Late 45 days'],
  [row('e', 'completed', { loanStatus: 'default', daysLate: 120 }), 'In default'],
  [row('f', 'completed', { loanStatus: 'recovery', daysLate: 150 }), 'In recovery'],
  [row('g', 'repaid', { loanStatus: 'repaid', outstandingPrincipal: 0 }), 'Repaid'],
  [row('h', 'written_off', { loanStatus: 'written_off', writtenOff: 60 }), 'Written off'],
  [row('i', 'refunded', { outstandingPrincipal: 0 }), 'Refunded'],
];

const statusCells = (table: HTMLElement, column: number) =>
  // the body's rows: the head names the columns, the foot holds the totals (issue 30)
  [...table.querySelectorAll<HTMLElement>('tbody tr')].map((r) => within(r).getAllByRole('cell')[column]!);

describe('investment statuses', () => {
  it('reads each state on /user/investments, never "Completed", a healthy loan not in warning orange', async () => {
    mockSignedIn({ 'GET /api/investments/my-investments': { data: STATES.map(([r]) => r) } });
    renderApp('/user/investments');
    const table = await screen.findByRole('table', { name: 'My Investments' });
    const cells = statusCells(table, 2);
    expect(cells.map((cell) => cell.textContent)).toEqual(STATES.map(([, label]) => label));
    expect(table).not.toHaveTextContent('Completed');
    const onTime = within(cells[1]!).getByText('Repaying · On time').closest('.MuiChip-root')!;
    expect(onTime).not.toHaveClass('MuiChip-colorSecondary');
    expect(onTime).not.toHaveClass('MuiChip-colorWarning');
    expect(
      within(cells[2]!)
        .getByText(/Late 1 day/)
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorSecondary');
    expect(STATE_LOOKS.onTime.color).not.toBe('secondary');
    expect(investmentState({ status: 'completed', loanStatus: null })).toBe('onTime');
    expect(investmentState({ status: 'something_new' })).toBeNull();
  });

  it("shows them in the overview's recent investments too", async () => {
    const investments = [STATES[3]![0], STATES[4]![0], STATES[0]![0]];
    mockSignedIn({ 'GET /api/dashboard/investor': { data: { ...sampleDashboard, investments } } });
    renderApp('/user/overview');
    const table = await screen.findByRole('table', { name: 'Investments' });
    expect(statusCells(table, 3).map((cell) => cell.textContent)).toEqual([
      'Repaying · Late 45 days',
      'In default',
      'Raising',
    ]);
  });
});

const DETAIL = {
  ...row('inv-7', 'completed', {
    loanStatus: 'late_1_15',
    daysLate: 4,
    outstandingPrincipal: 100,
    nextPaymentDate: '2026-03-10',
    receivedInterest: 1,
    receivedLateInterest: 0.05,
    serviceFees: 0.01,
  }),
  amount: 100,
  venture: {
    _id: 'v-bakery',
    title: 'Bakery ovens',
    expectedReturn: 12,
    investmentPeriod: 3,
    repaymentType: 'bullet',
    repaymentFrequency: 'monthly',
  },
  installments: [
    {
      number: 1,
      dueDate: '2026-02-10',
      principal: 0,
      interest: 1,
      lateInterest: 0.05,
      paidPrincipal: 0,
      paidInterest: 1,
      paidLateInterest: 0.05,
      status: 'paid',
      paidAt: '2026-02-14',
    },
    {
      number: 2,
      dueDate: '2026-03-10',
      principal: 0,
      interest: 1,
      lateInterest: 0.02,
      paidPrincipal: 0,
      paidInterest: 0,
      paidLateInterest: 0,
      status: 'late',
      paidAt: null,
    },
    {
      number: 3,
      dueDate: '2026-04-10',
      principal: 100,
      interest: 1,
      lateInterest: 0,
      paidPrincipal: 0,
      paidInterest: 0,
      paidLateInterest: 0,
      status: 'scheduled',
      paidAt: null,
    },
  ],
  nextPayment: { number: 2, dueDate: '2026-03-10', amount: 1.02 },
  history: [
    { businessDate: '2026-01-10', kind: 'disbursed', status: null, credited: null },
    { businessDate: '2026-02-11', kind: 'status', status: 'late_1_15', credited: null },
    { businessDate: '2026-02-14', kind: 'payment', status: null, credited: 1.04 },
    { businessDate: '2026-02-14', kind: 'status', status: 'current', credited: null },
    { businessDate: '2026-03-11', kind: 'status', status: 'late_1_15', credited: null },
  ],
};

describe('/user/investments/:id', () => {
  it('is linked from the list and shows the schedule, what came back, the next payment and the history', async () => {
    const { calls } = mockSignedIn({
      'GET /api/investments/my-investments': { data: [row('inv-7', 'completed', { loanStatus: 'current' })] },
      'GET /api/investments/inv-7': { data: DETAIL },
    });
    const { router } = renderApp('/user/investments');
    const link = await screen.findByRole('link', { name: 'Details: Venture inv-7' });
    expect(link).toHaveAttribute('href', '/user/investments/inv-7');
    await router.navigate('/user/investments/inv-7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Investment in Bakery ovens' }),
    ).toBeVisible();
    expect(calls.some((c) => c.path === '/api/investments/inv-7')).toBe(true);

    const facts = screen.getByText('Amount invested').closest('dl')!;
    expect(facts).toHaveTextContent('Repaying · Late 4 days');
    expect(facts).toHaveTextContent('12% a year for 3 months');
    expect(facts).toHaveTextContent('interest each period, principal at the end, monthly');
    expect(within(facts).getByRole('link', { name: 'Bakery ovens' })).toHaveAttribute(
      'href',
      '/ventures/v-bakery',
    );

    const next = screen.getByRole('region', { name: 'Next payment' });
    expect(next).toHaveTextContent('€1.02 due on Mar 10, 2026');
    expect(next).toHaveTextContent('Your share of instalment 2, before the service fee.');

    const received = within(screen.getByRole('region', { name: 'Received so far' }));
    const figure = (label: string) => received.getByText(label).nextElementSibling!.textContent;
    expect(figure('Principal')).toBe('€0.00');
    expect(figure('Interest')).toBe('€1.00');
    expect(figure('Late interest')).toBe('€0.05');
    expect(figure('Service fees')).toBe('-€0.01');
    expect(figure('Written off')).toBe('€0.00');
    expect(figure('Net received')).toBe('€1.04');

    const schedule = screen.getByRole('table', { name: 'Repayment schedule' });
    expect(
      within(schedule)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Due date', 'Principal', 'Interest', 'Late interest', 'Status', 'Paid on']);
    expect(
      within(schedule)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '1Feb 10, 2026€0.00€1.00€0.05PaidFeb 14, 2026',
      '2Mar 10, 2026€0.00€1.00€0.02Late-',
      '3Apr 10, 2026€100.00€1.00€0.00Scheduled-',
    ]);
    // The table scrolls inside its own focusable box at phone width, not the page.
    expect(screen.getByRole('group', { name: 'Repayment schedule' })).toHaveAttribute('tabindex', '0');

    const history = within(screen.getByRole('list', { name: 'History' }));
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Jan 10, 2026The loan was paid out to the company.',
      'Feb 11, 2026Status: 1 to 15 days late',
      'Feb 14, 2026Payment received: €1.04 credited to you.',
      'Feb 14, 2026Status: on time',
      'Mar 11, 2026Status: 1 to 15 days late',
    ]);
  });

  it('says so before the loan starts: no schedule, no payment due, written off as a loss when it comes', async () => {
    const raising = {
      ...DETAIL,
      ...row('inv-8', 'written_off', { loanStatus: 'written_off', writtenOff: 60, receivedPrincipal: 40 }),
      venture: DETAIL.venture,
      installments: null,
      nextPayment: null,
      history: [],
    };
    mockSignedIn({ 'GET /api/investments/inv-8': { data: raising } });
    renderApp('/user/investments/inv-8');
    expect(
      await screen.findByText('The schedule is set when the venture is funded and its loan starts.'),
    ).toBeVisible();
    expect(screen.getByText('No payment is due.')).toBeVisible();
    expect(
      screen.getByText('Nothing has happened yet: the loan starts when the venture is funded.'),
    ).toBeVisible();
    const received = within(screen.getByRole('region', { name: 'Received so far' }));
    expect(received.getByText('Written off').nextElementSibling).toHaveTextContent(/^-€60\.00$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('answers "not found" for an investment that is not the investor\'s (404)', async () => {
    mockSignedIn({
      'GET /api/investments/someone-elses': jsonResponse(404, {
        message: 'Investment not found.',
        code: 'investment.not_found',
      }),
    });
    renderApp('/user/investments/someone-elses');
    expect(await screen.findByText('This investment was not found.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Investment' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my investments' })).toHaveAttribute(
      'href',
      '/user/investments',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads "Loading investment..." and then a failure other than 404', async () => {
    mockSignedIn({
      'GET /api/investments/inv-9': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    renderApp('/user/investments/inv-9');
    expect(await within(await screen.findByRole('main')).findByText('Loading investment...')).toBeVisible();
    expect(await screen.findByText('Failed to load this investment.')).toBeVisible();
  });
});

describe('/user/funding returns', () => {
  it('explains each figure, bad debt and service fees as losses, and what In Recovery is', async () => {
    const data = {
      ...sampleDashboard,
      portfolio: { available: 100, invested: 500, pending: 0, inRecovery: 250 },
      netAnnualReturn: 0.05,
      returns: { profit: 40, lateFees: 2.5, badDebt: -60, serviceFees: -0.4 },
    };
    mockSignedIn({ 'GET /api/dashboard/investor': { data } });
    renderApp('/user/funding');
    const explained = await screen.findByLabelText('What the figures mean');
    const value = (label: string) => within(explained).getByText(label).nextElementSibling!.textContent;
    await waitFor(() => expect(value('Bad Debt')).toBe('-€60.00'));
    expect(value('Profit')).toBe('+€40.00');
    expect(value('Late Fees')).toBe('+€2.50');
    expect(value('Service Fees')).toBe('-€0.40');
    expect(explained).toHaveTextContent('Principal written off: a loss.');
    expect(explained).toHaveTextContent("The platform's fee on the interest you received: a cost.");
    expect(
      screen.getByText(/^In Recovery \(€250\.00\): principal of loans in default or being recovered/),
    ).toBeVisible();
    // Losses stay losses whatever sign they come with.
    expect(returnFigure('badDebt', 60)).toBe(-60);
    expect(returnFigure('serviceFees', -0.4)).toBe(-0.4);
    expect(returnFigure('lateFees', 2.5)).toBe(2.5);
    expect(returnFigure('profit', undefined)).toBe(0);
  });
});
