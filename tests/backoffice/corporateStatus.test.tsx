/**
 * The corporate status chips (issue 30, item 8; decision 0201): My Ventures and the venture page
 * show ONE status telling the company where each venture is (Draft, In review, Changes requested,
 * Live (raising), Funded, Repaying, Repaid, Cancelled...), the review status secondary; a draft no
 * longer reads 'Draft' and 'Pending' side by side, and a funded venture no longer reads 'Approved'
 * like a repaid one. On a phone the one-line list says the same.
 */
import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyVentureList } from '../../src-backoffice/corporate/ventures/MyVentureList';
import { VentureShow } from '../../src-backoffice/corporate/ventures/VentureShow';
import { fakeApi, renderWith } from './corporateHarness';

const base = {
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
  adminNotes: null,
  cancelledAt: null,
  cancelReason: null,
  goesLiveAt: '2026-01-01T09:00:00.000Z',
  revocableAmount: 0,
  revocableUntil: null,
  pendingChanges: null,
  pendingChangesAt: null,
  revisionStatus: null,
  loanStatus: null,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
  createdBy: { companyName: 'Sun Ltd', firstName: 'Sam', lastName: 'Sun', email: 'sam@example.com' },
};
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const VENTURES = [
  {
    ...base,
    _id: id(1),
    title: 'Draft venture',
    visibility: 'draft',
    adminStatus: 'pending',
    lifecycleStatus: 'coming-soon',
    goesLiveAt: null,
  },
  {
    ...base,
    _id: id(2),
    title: 'Raising venture',
    visibility: 'public',
    adminStatus: 'approved',
    lifecycleStatus: 'new',
  },
  {
    ...base,
    _id: id(3),
    title: 'Repaying venture',
    visibility: 'public',
    adminStatus: 'approved',
    lifecycleStatus: 'funded',
    amountFunded: 10_000,
    loanStatus: 'current',
  },
  {
    ...base,
    _id: id(4),
    title: 'Repaid venture',
    visibility: 'public',
    adminStatus: 'approved',
    lifecycleStatus: 'repaid',
    amountFunded: 10_000,
    loanStatus: 'repaid',
  },
  {
    ...base,
    _id: id(5),
    title: 'Rejected venture',
    visibility: 'public',
    adminStatus: 'rejected',
    lifecycleStatus: 'coming-soon',
    adminNotes: 'Add the collateral valuation.',
  },
];

const api = () =>
  fakeApi({
    'GET /api/ventures/my-ventures': () => ({ data: VENTURES }),
    [`GET /api/ventures/my-ventures/${id(1)}`]: () => ({ data: VENTURES[0] }),
    [`GET /api/ventures/my-ventures/${id(1)}/investments`]: () => ({ data: [], count: 0, total: 0 }),
    [`GET /api/ventures/my-ventures/${id(3)}`]: () => ({ data: VENTURES[2] }),
    [`GET /api/ventures/my-ventures/${id(3)}/investments`]: () => ({ data: [], count: 0, total: 0 }),
    [`GET /api/ventures/${id(3)}/schedule`]: () => [
      404,
      { message: 'Not found.', code: 'servicing.no_loan' },
    ],
  });

function renderAt(path: string) {
  return renderWith(
    api(),
    <ResourceContextProvider value="ventures">
      <Routes>
        <Route path="*" element={<MyVentureList />} />
      </Routes>
    </ResourceContextProvider>,
    path,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('My Ventures', () => {
  it('shows one status per venture, the review status secondary', async () => {
    renderAt('/');
    const draft = await rowOf('Draft venture');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(draft).queryByText(/^Review/)).not.toBeInTheDocument();
    const raising = await rowOf('Raising venture');
    expect(within(raising).getByText('Live (raising)')).toBeInTheDocument();
    expect(within(raising).getByText('Review: approved')).toBeInTheDocument();
    const repaying = await rowOf('Repaying venture');
    expect(within(repaying).getByText('Repaying')).toBeInTheDocument();
    expect(within(repaying).queryByText('Approved')).not.toBeInTheDocument();
    expect(within(await rowOf('Repaid venture')).getByText('Repaid')).toBeInTheDocument();
    expect(within(await rowOf('Rejected venture')).getByText('Changes requested')).toBeInTheDocument();
  });

  it('says the same in the one-line list of a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }));
    renderAt('/');
    expect(await screen.findByText(/Live \(raising\) · Review: approved/)).toBeInTheDocument();
    expect(screen.getByText(/SME · Draft · Medium/)).toBeInTheDocument();
    expect(screen.getByText(/Repaying · Review: approved/)).toBeInTheDocument();
  });
});

describe('the venture page', () => {
  const renderShow = (n: number) =>
    renderWith(
      api(),
      <ResourceContextProvider value="ventures">
        <Routes>
          <Route path="/ventures/:id/show" element={<VentureShow />} />
        </Routes>
      </ResourceContextProvider>,
      `/ventures/${id(n)}/show`,
    );

  it("shows a draft as 'Draft' alone, without 'Pending' or 'Public'", async () => {
    renderShow(1);
    await screen.findByRole('heading', { name: 'Draft venture' });
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();
  });

  it("shows a venture whose loan runs as 'Repaying', its review approved", async () => {
    renderShow(3);
    await screen.findByRole('heading', { name: 'Repaying venture' });
    expect(screen.getByText('Repaying')).toBeInTheDocument();
    expect(screen.getByText('Review: approved')).toBeInTheDocument();
    expect(screen.queryByText('Funded')).not.toBeInTheDocument();
  });
});
