import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../src-shared/constants/enums';
import {
  bodiesOf,
  fill,
  jsonResponse,
  mockSignedIn,
  renderApp,
  setUpPageTests,
  stubPhoneWidth,
  type Handler,
} from './helpers';
import { sampleProfile } from './protectionSamples';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/auto-invest/AutoInvestPage'),
  () => import('../../src-public/investor/auto-invest/RiskChart'),
);

const VIEW = '/api/auto-invest';
const MATCHES = '/api/auto-invest/matches';
const DISCLOSURE = '/api/auto-invest/disclosure';

const mandate = {
  _id: 'm-1',
  active: true,
  budget: 5000,
  invested: 200,
  maxPerVenture: 200,
  minReturn: 8,
  maxReturn: null,
  minPeriod: null,
  maxPeriod: null,
  riskLevels: ['medium'],
  ventureTypes: [],
  countries: ['KE'],
  warningAcceptedAt: null,
  warningThreshold: null,
  waitingSince: '2026-02-01T10:00:00.000Z',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};
const allocation = (over: Record<string, unknown>) => ({
  _id: 'a-1',
  venture: { _id: 'v-1', title: 'Kisumu cold rooms' },
  outcome: 'invested',
  reason: null,
  amount: 200,
  investmentId: 'i-1',
  revocableUntil: '2026-02-06T10:00:00.000Z',
  createdAt: '2026-02-02T10:00:00.000Z',
  ...over,
});
const disclosure = {
  weightedAverageRate: 11.5,
  total: 400,
  byRisk: [
    { riskLevel: 'low', amount: 300, share: 75 },
    { riskLevel: 'medium', amount: 0, share: 0 },
    { riskLevel: 'high', amount: 100, share: 25 },
  ],
  byCompany: [{ companyId: 'c-1', company: 'Kisumu Foods Ltd', amount: 400, share: 100 }],
};
const passed = sampleProfile({
  knowledgeTest: {
    status: 'passed',
    takenAt: '2026-01-01T00:00:00Z',
    validUntil: '2028-01-01T00:00:00Z',
    score: 100,
  },
  lossCapacity: { netWorth: 20000, capacity: 2000, updatedAt: '2026-01-01T00:00:00Z' },
  warningThreshold: 1000,
  missing: [],
});

async function openAutoInvest(handlers: Record<string, Handler> = {}, language: LanguageCode = 'en') {
  const api = mockSignedIn({
    [`GET ${VIEW}`]: { data: null, allocations: [] },
    [`GET ${MATCHES}`]: { data: { count: 3 } },
    [`GET ${DISCLOSURE}`]: { data: disclosure },
    'GET /api/protection/me': { data: passed },
    ...handlers,
  });
  const user = userEvent.setup();
  renderApp('/user/auto-invest', { language });
  await screen.findByRole('heading', { level: 1, name: language === 'de' ? 'Auto-Invest' : 'Auto-invest' });
  await screen.findByRole('region', { name: language === 'de' ? 'Ihr Auftrag' : 'Your mandate' });
  return { ...api, user };
}

const form = () => screen.getByRole('region', { name: 'Your mandate' });

describe('/user/auto-invest', () => {
  it('sets up a mandate: inline help, the live count, a review, then the PUT', async () => {
    const saved = { ...mandate, countries: ['KE'], riskLevels: ['low'] };
    const { user, calls } = await openAutoInvest({ [`PUT ${VIEW}`]: { data: saved } });
    const region = form();
    expect(within(region).getByText(/No company gets more than 10 % of it/)).toBeInTheDocument();
    expect(await within(region).findByText('3 open ventures match today.')).toBeInTheDocument();

    await fill(user, within(region).getByRole('textbox', { name: 'Budget' }), '2000');
    await fill(user, within(region).getByRole('textbox', { name: 'Maximum per venture' }), '100');
    // One criterion is not enough (Art. 6): the review is refused with the reason.
    await user.click(within(region).getByRole('checkbox', { name: 'Low Risk' }));
    await user.click(within(region).getByRole('button', { name: 'Review mandate' }));
    expect(within(region).getByText(/Choose at least two criteria/)).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', VIEW)).toEqual([]);

    await fill(user, within(region).getByRole('textbox', { name: 'Lowest return' }), '9');
    // The count is asked again with the criteria.
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('riskLevels=low') && c.url.includes('minReturn=9'))).toBe(true),
    );
    await user.click(within(region).getByRole('button', { name: 'Review mandate' }));
    const review = within(region).getByRole('region', { name: 'Check your mandate' });
    expect(review).toHaveTextContent('Budget€2,000.00');
    expect(review).toHaveTextContent('Returnat least 9%');
    expect(review).toHaveTextContent('Risk levelsLow Risk');
    await user.click(within(review).getByRole('button', { name: 'Confirm and save' }));
    expect(await within(form()).findByText('Your mandate is saved.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', VIEW)).toEqual([
      {
        active: true,
        budget: 2000,
        maxPerVenture: 100,
        minReturn: 9,
        maxReturn: null,
        minPeriod: null,
        maxPeriod: null,
        riskLevels: ['low'],
        ventureTypes: [],
        countries: [],
      },
    ]);
  });

  it('asks a non-sophisticated investor to accept the warning above the threshold, once (Art. 21(7))', async () => {
    const { user, calls } = await openAutoInvest({
      [`GET ${VIEW}`]: { data: mandate, allocations: [] },
      [`PUT ${VIEW}`]: {
        data: { ...mandate, maxPerVenture: 1500, warningAcceptedAt: '2026-02-03T00:00:00Z' },
      },
    });
    const region = form();
    await fill(user, within(region).getByRole('textbox', { name: 'Maximum per venture' }), '1500');
    expect(
      within(region).getByText(/Tickets above €1,000.00 \(your warning threshold\)/),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Review mandate' }));
    expect(within(region).getByText(/Accept the risk warning/)).toBeInTheDocument();
    await user.click(
      within(region).getByRole('checkbox', { name: /I accept the risk warning for tickets above €1,000.00/ }),
    );
    await user.click(within(region).getByRole('button', { name: 'Review mandate' }));
    await user.click(within(region).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', VIEW)).toHaveLength(1));
    expect(bodiesOf(calls, 'PUT', VIEW)[0]).toMatchObject({ maxPerVenture: 1500, acceptWarning: true });
  });

  it('shows a refusal of the server in the reader’s language', async () => {
    const { user } = await openAutoInvest(
      {
        [`GET ${VIEW}`]: { data: mandate, allocations: [] },
        [`PUT ${VIEW}`]: jsonResponse(409, {
          code: 'auto_invest.warning_required',
          message: 'Tickets above €1,000.00 need your acceptance of the risk warning on the mandate.',
          params: { amount: 1000 },
        }),
      },
      'de',
    );
    const region = screen.getByRole('region', { name: 'Ihr Auftrag' });
    await user.click(within(region).getByRole('button', { name: 'Auftrag prüfen' }));
    await user.click(within(region).getByRole('button', { name: 'Bestätigen und speichern' }));
    expect(
      await within(region).findByText(/Beträge über 1\.000,00 € erfordern, dass Sie den Risikohinweis/),
    ).toBeInTheDocument();
  });

  it('lists the allocations with translated reasons, one line per row on a phone', async () => {
    stubPhoneWidth();
    await openAutoInvest({
      [`GET ${VIEW}`]: {
        data: mandate,
        allocations: [
          allocation({}),
          allocation({
            _id: 'a-2',
            outcome: 'skipped',
            reason: 'protection_missing',
            amount: 0,
            investmentId: null,
          }),
          allocation({
            _id: 'a-3',
            outcome: 'skipped',
            reason: 'company_cap',
            amount: 0,
            investmentId: null,
          }),
        ],
      },
    });
    const rows = await screen.findAllByTestId('allocation');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^InvestedKisumu cold rooms.*€200\.00$/),
      expect.stringMatching(/Protection step missing$/),
      expect.stringMatching(/Company cap reached$/),
    ]);
    for (const row of rows) expect(getComputedStyle(row).whiteSpace).toBe('nowrap');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(
      screen.getByText(/Invested through the mandate: €200\.00 of a budget of €5,000\.00/),
    ).toBeInTheDocument();
  });

  it('discloses the weighted rate, the split by risk (a chart with its caption) and the companies', async () => {
    await openAutoInvest();
    const block = screen.getByRole('region', { name: 'Your portfolio' });
    expect(await within(block).findByText('11.5%')).toBeInTheDocument();
    expect(within(block).getByRole('figure')).toHaveTextContent(
      'Invested by risk level: Low Risk €300.00 (75%), Medium Risk €0.00 (0%), High Risk €100.00 (25%).',
    );
    const table = within(block).getByRole('table', { name: 'Concentration per company' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Kisumu Foods Ltd€400.00100%');
  });
});
