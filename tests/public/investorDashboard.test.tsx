import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  amountTone,
  countText,
  percentText,
  signedEuros,
  ticketKey,
} from '../../src-public/investor/dashboardParts';
import { RETURN_COLORS, returnColor } from '../../src-public/investor/FundingCharts';
import { paymentReference } from '../../src-shared/rules/funding';
import { mockSignedIn, renderApp, sampleDashboard, sampleUser, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/FundingPage'),
  () => import('../../src-public/investor/FundingCharts'),
);

const USER_ID = '3f2a9c1e-7b4d-4e2a-9c1e-0123456789ab';
const account = { ...sampleUser, id: USER_ID };

/** Amina's figures as the server answers them (tests/server/investor-dashboard.test.ts). */
const FULL = {
  ...sampleDashboard,
  firstName: 'Amina',
  lastLoginAt: '2026-02-01T09:15:00.000Z',
  balance: 9500,
  activeInvestments: 2,
  expectedReturns: 96,
  profitEarned: 100,
  repaidVentures: 1,
  openTickets: 1,
  portfolio: { available: 9500, invested: 300, pending: 300, inRecovery: 0 },
  netAnnualReturn: 0.081679,
  returns: { profit: 100, lateFees: 0, badDebt: 0, serviceFees: 0 },
  investments: [
    {
      _id: 'i-2',
      venture: { _id: 'v-raising', title: 'Raising' },
      amount: 300,
      profitPaid: 0,
      status: 'invested',
      totalExpectedReturn: 36,
      investmentDate: '2026-01-20T10:00:00Z',
    },
    {
      _id: 'i-1',
      venture: { _id: 'v-repaid', title: 'Repaid' },
      amount: 1000,
      profitPaid: 100,
      status: 'repaid',
      totalExpectedReturn: 120,
      investmentDate: '2025-01-20T10:00:00Z',
    },
  ],
  transactions: [
    {
      note: 'Final repayment',
      at: '2026-01-30T10:00:00Z',
      amount: 1100,
      balanceBefore: 8400,
      kind: 'repayment',
      venture: { _id: 'v-repaid', title: 'Repaid' },
    },
    {
      note: null,
      at: '2026-01-20T10:00:00Z',
      amount: -300,
      balanceBefore: 8700,
      kind: 'investment',
      venture: { _id: 'v-raising', title: 'Raising' },
    },
    {
      note: 'Bank transfer from ING',
      at: '2025-01-02T10:00:00Z',
      amount: 2500,
      balanceBefore: 0,
      kind: 'deposit',
      venture: null,
    },
  ],
  tickets: [
    {
      _id: 't-1',
      number: 7,
      subject: 'When will my withdrawal arrive?',
      category: 'payments',
      status: 'in_progress',
      createdAt: '2026-01-25T10:00:00Z',
    },
  ],
};

const RED = 'rgb(198, 40, 40)'; // error.dark
const GREEN = 'rgb(32, 87, 35)'; // success.dark (the theme's success darkened)

describe('dashboard formats (spec 9)', () => {
  it('money with two decimals and a sign, a dash for anything that is not a number', () => {
    expect(signedEuros(1100, 'en')).toBe('+€1,100.00');
    expect(signedEuros(-200, 'en')).toBe('-€200.00');
    expect(signedEuros(0, 'en')).toBe('€0.00');
    expect(signedEuros(0.1, 'en')).toBe('+€0.10');
    expect(signedEuros(1100, 'de')).toBe('+1.100,00\u00a0€');
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '12', {}])
      expect(signedEuros(missing, 'en')).toBe('-');
  });

  it('red below zero, green above, no colour at zero or for a missing number', () => {
    expect(amountTone(-0.01)).toBe('error.dark');
    expect(amountTone(0.01)).toBe('success.dark');
    expect(amountTone(0)).toBeUndefined();
    expect(amountTone(null)).toBeUndefined();
  });

  it('counts and the net annual return as a percentage with at most two decimals, else a dash', () => {
    expect(countText(3, 'en')).toBe('3');
    expect(countText(1234, 'de')).toBe('1.234');
    expect(countText(undefined, 'en')).toBe('-');
    expect(percentText(0.081679, 'en')).toBe('8.17%');
    expect(percentText(-0.1, 'en')).toBe('-10%');
    expect(percentText(2.46404, 'fr')).toBe('246,4\u00a0%');
    expect(percentText(null, 'en')).toBe('-');
  });

  it('ticket keys and the old payment reference (still searched by the back office)', () => {
    expect(ticketKey('status', 'in_progress')).toBe('investor.tickets.status.inProgress');
    expect(ticketKey('category', 'payments')).toBe('investor.tickets.category.payments');
    expect(paymentReference(USER_ID)).toBe('AV-3F2A9C1E');
  });
});

describe('/user/overview', () => {
  it('shows the six cards, the lists and signed amounts in red and green from GET /api/dashboard/investor', async () => {
    mockSignedIn({ 'GET /api/dashboard/investor': { data: FULL } }, { account });
    renderApp('/user/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Amina!' })).toBeVisible();
    expect(screen.getByText('Last login: Feb 1, 2026, 9:15 AM', { exact: false })).toBeInTheDocument();

    const card = (name: string) => screen.getByRole('heading', { level: 2, name }).parentElement!;
    await waitFor(() => expect(card('Balance')).toHaveTextContent('€9,500.00'));
    expect(within(card('Balance')).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/user/funding',
    );
    expect(card('Active Investments')).toHaveTextContent('2');
    expect(within(card('Active Investments')).getByRole('link')).toHaveAttribute('href', '/user/investments');
    expect(card('Expected Returns')).toHaveTextContent('€96.00');
    expect(card('Profit Earned')).toHaveTextContent('€100.00');
    expect(card('Repaid Ventures')).toHaveTextContent('1');
    expect(card('Open Tickets')).toHaveTextContent('1');
    expect(within(card('Open Tickets')).getByRole('link', { name: 'View tickets' })).toHaveAttribute(
      'href',
      '/user/tickets',
    );

    const investments = within(screen.getByRole('table', { name: 'Investments' }));
    expect(investments.getByRole('link', { name: 'Repaid' })).toHaveAttribute('href', '/ventures/v-repaid');
    expect(investments.getAllByRole('row')[2]).toHaveTextContent('Repaid€1,000.00€100.00Repaid');

    const transactions = within(screen.getByRole('table', { name: 'Recent transactions' }));
    const rows = transactions.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Repayment from RepaidJan 30, 2026€8,400.00+€1,100.00',
      'Investment in RaisingJan 20, 2026€8,700.00-€300.00',
      'DepositBank transfer from INGJan 2, 2025€0.00+€2,500.00',
    ]);
    expect(transactions.getByText('+€1,100.00')).toHaveStyle({ color: GREEN });
    expect(transactions.getByText('-€300.00')).toHaveStyle({ color: RED });

    const tickets = within(screen.getByRole('table', { name: 'Support tickets' }));
    expect(tickets.getByRole('link', { name: 'When will my withdrawal arrive?' })).toHaveAttribute(
      'href',
      '/user/tickets/t-1',
    );
    expect(tickets.getAllByRole('row')[1]).toHaveTextContent('PaymentsJan 25, 2026In Progress');
  });

  it("shows the spec's empty texts and a dash for every missing number", async () => {
    const empty = {
      ...FULL,
      balance: null,
      activeInvestments: undefined,
      expectedReturns: 'n/a',
      profitEarned: null,
      repaidVentures: null,
      openTickets: null,
      investments: [],
      transactions: [],
      tickets: [],
    };
    mockSignedIn({ 'GET /api/dashboard/investor': { data: empty } }, { account });
    renderApp('/user/overview');
    expect(await screen.findByText('You have no investments yet.')).toBeInTheDocument();
    expect(screen.getByText('No recent transactions.')).toBeInTheDocument();
    expect(screen.getByText('No support tickets yet.')).toBeInTheDocument();
    for (const name of [
      'Balance',
      'Active Investments',
      'Expected Returns',
      'Profit Earned',
      'Repaid Ventures',
      'Open Tickets',
    ]) {
      const value = screen.getByRole('heading', { level: 2, name }).nextElementSibling;
      expect(value).toHaveTextContent(/^-$/);
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    mockSignedIn({}, { account });
    renderApp('/user/overview');
    expect(
      await screen.findByText('Your figures could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeVisible();
  });
});

describe('/user/funding', () => {
  it('draws the balance doughnut and the returns bars with captions stating the numbers', async () => {
    mockSignedIn({ 'GET /api/dashboard/investor': { data: FULL } }, { account });
    renderApp('/user/funding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio and funding' })).toBeVisible();
    const balance = screen.getByRole('region', { name: 'Account balance' });
    expect(
      await within(balance).findByRole('figure', {
        name: 'Your money, €10,100.00 in all: €9,500.00 available, €300.00 invested in running loans, €300.00 pending in ventures still raising, €0.00 in recovery.',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(balance.querySelector('svg title')).toHaveTextContent('Account balance'));
    for (const part of ['Available', 'Invested', 'Pending', 'In Recovery'])
      expect(within(balance).getByText(part)).toBeInTheDocument();

    const ret = screen.getByRole('region', { name: /Net annual return/ });
    expect(within(ret).getByText('8.17%')).toBeInTheDocument();
    expect(
      within(ret).getByRole('figure', {
        name: 'Profit €100.00, late fees €0.00, bad debt €0.00, service fees €0.00.',
      }),
    ).toBeInTheDocument();
    expect(within(ret).getByRole('link', { name: 'Invest' })).toHaveAttribute('href', '/ventures');
    await waitFor(() => expect(ret.querySelector('svg title')).toHaveTextContent('Profit and costs'));
  });

  it('explains the info tip; Add funds and Withdraw are the payments panels', async () => {
    mockSignedIn(
      {
        'GET /api/dashboard/investor': { data: FULL },
        'GET /api/payments/deposit-instructions': {
          data: {
            iban: 'DE89370400440532013000',
            bic: 'COBADEFFXXX',
            beneficiary: 'AfriVest',
            reference: 'RF37AV00100001',
          },
        },
        'GET /api/payments/bank-account': { data: null },
        'GET /api/payments/withdrawals/mine': {
          data: [],
          pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
        },
      },
      { account },
    );
    const user = userEvent.setup();
    renderApp('/user/funding');
    const tip = await screen.findByRole('button', { name: 'What is the net annual return?' });
    await user.hover(tip);
    expect(
      await screen.findByRole('tooltip', {
        name: /net annualised return \(NAR\) on your investments since you started investing/,
      }),
    ).toBeInTheDocument();

    const add = screen.getByRole('region', { name: 'Add funds' });
    expect(await within(add).findByText('RF37 AV00 1000 01')).toBeInTheDocument();
    expect(add).not.toHaveTextContent('AV-3F2A9C1E');
    expect(add).toHaveTextContent(
      'Transfer at least €30.00 from a bank account in your name to the account above.',
    );
    await user.click(screen.getByRole('button', { name: 'Add funds' }));
    expect(add).toHaveFocus();

    const withdraw = screen.getByRole('region', { name: 'Withdraw' });
    expect(within(withdraw).queryByRole('link', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(await within(withdraw).findByRole('link', { name: 'Add your bank account' })).toHaveAttribute(
      'href',
      '/user/profile#bank-account',
    );
  });

  it('shows a dash and why without a net annual return, and negative bars in red', async () => {
    const early = {
      ...FULL,
      netAnnualReturn: null,
      returns: { profit: 40, lateFees: 0, badDebt: -25, serviceFees: -5.5 },
    };
    mockSignedIn({ 'GET /api/dashboard/investor': { data: early } }, { account });
    renderApp('/user/funding');
    const ret = await screen.findByRole('region', { name: /Net annual return/ });
    expect(
      await within(ret).findByText('No figure yet: it is shown once one of your investments is 30 days old.'),
    ).toBeInTheDocument();
    expect(within(ret).getByText('-')).toBeInTheDocument();
    expect(
      within(ret).getByRole('figure', {
        name: 'Profit €40.00, late fees €0.00, bad debt -€25.00, service fees -€5.50.',
      }),
    ).toBeInTheDocument();
    // jsdom lays nothing out, so the bars themselves are drawn only in a browser; their colours:
    expect([40, 0, -25, -5.5].map(returnColor)).toEqual([
      RETURN_COLORS.positive,
      RETURN_COLORS.positive,
      RETURN_COLORS.negative,
      RETURN_COLORS.negative,
    ]);
  });

  it('tells a new investor that there is no figure before a first investment', async () => {
    const nothing = {
      ...FULL,
      balance: 0,
      portfolio: { available: 0, invested: 0, pending: 0, inRecovery: 0 },
      netAnnualReturn: null,
      investments: [],
    };
    mockSignedIn({ 'GET /api/dashboard/investor': { data: nothing } }, { account });
    renderApp('/user/funding');
    expect(await screen.findByText('No figure yet: you have not invested.')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'No money on your account yet.' })).toBeInTheDocument();
  });
});
