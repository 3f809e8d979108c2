/**
 * Issue 30, items 2 and 14: the investor's tables on a phone are a one-line-per-row list (no table
 * that scrolls sideways), and the investments table ends with a totals row.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSignedIn, renderApp, sampleDashboard, setUpPageTests, stubPhoneWidth } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/OverviewPage'),
  () => import('../../src-public/investor/FundingPage'),
);

const row = (id: string, status: string, amount: number, extra: object = {}) => ({
  _id: id,
  venture: { _id: `v-${id}`, title: `A venture with a rather long title number ${id}` },
  amount,
  profitPaid: 1.1,
  status,
  totalExpectedReturn: 12.2,
  outstandingPrincipal: amount,
  nextPaymentDate: null,
  loanStatus: status === 'completed' ? 'current' : null,
  daysLate: 0,
  investmentDate: '2026-01-10T10:00:00Z',
  ...extra,
});

const INVESTMENTS = [
  row('a', 'invested', 250.5),
  row('b', 'completed', 1000),
  row('c', 'refunded', 400, { outstandingPrincipal: 0, profitPaid: 0, totalExpectedReturn: 0 }),
];

describe('/user/investments on a phone (issue 30, item 2)', () => {
  it('is a list, one item per investment: the title, the amount and the status, linked to its page', async () => {
    stubPhoneWidth();
    mockSignedIn({ 'GET /api/investments/my-investments': { data: INVESTMENTS } });
    renderApp('/user/investments');
    const list = await screen.findByRole('list', { name: 'My Investments' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: /A venture with a rather long title number a/ })).toHaveAttribute(
      'href',
      '/user/investments/a',
    );
    expect(first.getByText('€250.50')).toBeInTheDocument();
    expect(first.getByText('Raising')).toBeInTheDocument();
    // the title gives way on one line (an ellipsis), the amount never wraps
    expect(first.getByText('A venture with a rather long title number a').parentElement).toHaveStyle({
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
    });
    expect(within(items[2]!).getByText('Refunded')).toBeInTheDocument();
    // the totals close the list
    expect(screen.getByText('Total of 2 investments')).toBeInTheDocument();
    expect(screen.getByText('€1,250.50')).toBeInTheDocument();
  });

  it('the overview’s lists are lists on a phone too', async () => {
    stubPhoneWidth();
    mockSignedIn({ 'GET /api/dashboard/investor': { data: sampleDashboard } });
    renderApp('/user/overview');
    expect(await screen.findByRole('list', { name: 'Investments' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/user/investments on a desktop: the totals row (issue 30, item 14)', () => {
  it('adds up amount, outstanding, profit paid and expected return, refunded and revoked left out', async () => {
    mockSignedIn({ 'GET /api/investments/my-investments': { data: INVESTMENTS } });
    renderApp('/user/investments');
    const table = await screen.findByRole('table', { name: 'My Investments' });
    const rows = within(table).getAllByRole('row');
    const totals = rows.at(-1)!;
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total of 2 investments');
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€1,250.50', '', '€1,250.50', '', '€2.20', '€24.40', '', '']);
  });
});

describe('/user/funding: the portfolio breakdown (issue 30, item 14)', () => {
  it('shows what the investor holds by country, risk level and venture type, each part named', async () => {
    mockSignedIn({ 'GET /api/dashboard/investor': { data: sampleDashboard } });
    renderApp('/user/funding');
    const section = within(await screen.findByRole('region', { name: 'Portfolio breakdown' }));
    const figures = await section.findAllByRole('figure');
    expect(figures.map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual([
      'By country: Kenya €360.00 (54.54 %); Nigeria €300.00 (45.45 %).',
      'By risk level: Medium €360.00 (54.54 %); High €300.00 (45.45 %).',
      'By venture type: SME €660.00 (100 %).',
    ]);
  });

  it('says so when nothing is running', async () => {
    const breakdown = { byCountry: [], byRiskLevel: [], byVentureType: [] };
    mockSignedIn({ 'GET /api/dashboard/investor': { data: { ...sampleDashboard, breakdown } } });
    renderApp('/user/funding');
    const section = within(await screen.findByRole('region', { name: 'Portfolio breakdown' }));
    expect(await section.findByText(/the breakdown shows once you hold an investment/)).toBeInTheDocument();
    expect(section.queryByRole('figure')).not.toBeInTheDocument();
  });
});

describe('the breakdown doughnut never repeats a colour', () => {
  const countries = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      key: `c${index}`,
      label: `Country ${index}`,
      value: 100 + index,
    }));

  it('draws up to seven parts as they are, largest first', async () => {
    const { doughnutSlices, BREAKDOWN_COLORS } = await import('../../src-public/investor/FundingCharts');
    expect(BREAKDOWN_COLORS).toHaveLength(7);
    expect(new Set(BREAKDOWN_COLORS).size).toBe(7);
    expect(doughnutSlices(countries(7), 'Other').map((slice) => slice.label)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((index) => `Country ${index}`),
    );
  });

  it('folds the smallest parts beyond six into one "Other" slice holding their sum', async () => {
    const { doughnutSlices } = await import('../../src-public/investor/FundingCharts');
    const slices = doughnutSlices(countries(11), 'Other');
    expect(slices).toHaveLength(7);
    expect(slices.slice(0, 6).map((slice) => slice.label)).toEqual(
      [10, 9, 8, 7, 6, 5].map((index) => `Country ${index}`),
    );
    expect(slices[6]).toEqual({ key: '__other', label: 'Other', value: 100 + 101 + 102 + 103 + 104 });
  });
});
