/**
 * The reflection period on the investor's side (EU 2020/1503 Art. 22; API contract, "Investor
 * protection"): "Revocable until" and Revoke on the investments list and the investment's page, the
 * confirmation, POST /api/investments/{id}/revoke, the refreshed status and balance, and refusals.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatMoment, offersRevoke } from '../../src-public/investor/reflection';
import { findToast, jsonResponse, mockSignedIn, renderApp, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/InvestmentDetailPage'),
);

const HOUR = 3_600_000;
/** Two days ahead of the test's clock: still revocable. The minute is what the screens show. */
const LATER = new Date(Math.floor((Date.now() + 48 * HOUR) / 60_000) * 60_000).toISOString();
const EARLIER = new Date(Date.now() - 2 * HOUR).toISOString();

const row = (id: string, status: string, revocableUntil: string | null, amount = 100) => ({
  _id: id,
  venture: { _id: `v-${id}`, title: `Venture ${id}` },
  amount,
  profitPaid: 0,
  status,
  totalExpectedReturn: 12,
  investmentDate: '2026-11-20T10:00:00Z',
  revocableUntil,
  loanStatus: null,
  daysLate: 0,
  outstandingPrincipal: status === 'invested' ? amount : 0,
  nextPaymentDate: null,
  receivedPrincipal: 0,
  receivedInterest: 0,
  receivedLateInterest: 0,
  serviceFees: 0,
  writtenOff: 0,
});

const statusCell = (table: HTMLElement, index: number) =>
  within(within(table).getAllByRole('row')[index + 1]!).getAllByRole('cell')[2]!;

describe('what the reflection period shows', () => {
  it('offers Revoke only for an investment still raising whose revocableUntil lies ahead', () => {
    expect(offersRevoke({ status: 'invested', revocableUntil: LATER })).toBe(true);
    expect(offersRevoke({ status: 'invested', revocableUntil: EARLIER })).toBe(false);
    expect(offersRevoke({ status: 'invested', revocableUntil: null })).toBe(false);
    expect(offersRevoke({ status: 'revoked', revocableUntil: LATER })).toBe(false);
    expect(offersRevoke({ status: 'completed', revocableUntil: LATER })).toBe(false);
    expect(offersRevoke({ status: 'invested' })).toBe(false);
  });

  it("writes the moment to the minute with the time zone, in the reader's language", () => {
    expect(formatMoment('2026-11-30T14:05:00Z', 'en')).toMatch(/^Nov \d\d?, 2026, \d\d:\d\d \S+/);
    expect(formatMoment('2026-11-30T14:05:00Z', 'fr')).toMatch(/2026.*\d\d:\d\d/);
    expect(formatMoment(null, 'en')).toBe('-');
  });
});

describe('/user/investments: revoking', () => {
  it('shows "Revocable until" and Revoke while revocable, confirms, revokes and refreshes status and balance', async () => {
    let revoked = false;
    let balance = 1500;
    const { calls } = mockSignedIn({
      'GET /api/balances/my-balance': () => ({ balance }),
      'GET /api/investments/my-investments': () => ({
        data: [
          row('inv-1', revoked ? 'revoked' : 'invested', LATER),
          row('inv-2', 'invested', EARLIER),
          row('inv-3', 'invested', null),
          row('inv-4', 'revoked', EARLIER),
        ],
      }),
      'POST /api/investments/inv-1/revoke': () => {
        revoked = true;
        balance += 100;
        return { message: 'Investment revoked.', data: row('inv-1', 'revoked', LATER) };
      },
    });
    const user = userEvent.setup();
    renderApp('/user/investments');
    const table = await screen.findByRole('table', { name: 'My Investments' });
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('€1,500.00');

    expect(statusCell(table, 0)).toHaveTextContent(
      `RaisingRevocable until ${formatMoment(LATER, 'en')}Revoke`,
    );
    // Past its end, without one (a sophisticated investor's), or revoked: no button.
    expect(statusCell(table, 1)).toHaveTextContent(/^Raising$/);
    expect(statusCell(table, 2)).toHaveTextContent(/^Raising$/);
    expect(statusCell(table, 3)).toHaveTextContent(/^Revoked$/);
    expect(within(table).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);

    // The confirmation names the amount and the venture and says the whole amount comes back.
    const revoke = within(table).getByRole('button', { name: 'Revoke your investment in Venture inv-1' });
    await user.click(revoke);
    let dialog = within(await screen.findByRole('dialog', { name: 'Revoke this investment?' }));
    expect(dialog.getByText('You revoke your investment of €100.00 in Venture inv-1.')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'You get the full amount back to your balance, without a fee and without giving a reason (EU Regulation 2020/1503, Art. 22).',
      ),
    ).toBeInTheDocument();
    // Keeping it sends nothing.
    await user.click(dialog.getByRole('button', { name: 'Keep investment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(revoke);
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke this investment?' }));
    await user.click(dialog.getByRole('button', { name: 'Revoke investment' }));
    expect(await findToast('Investment revoked: €100.00 is back in your balance.')).toBeInTheDocument();
    // The page says it too, with the balance once refetched.
    const balanceLine = await screen.findByText('Your balance is now €1,600.00.');
    expect(balanceLine.closest('[role="status"]')).toHaveTextContent(
      'Investment revoked: €100.00 is back in your balance.',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/investments/inv-1/revoke',
    ]);
    // The list and the header balance come again from the server.
    await waitFor(() => expect(statusCell(table, 0)).toHaveTextContent(/^Revoked$/));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('€1,600.00');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains a refusal in the dialog: the reflection period is over', async () => {
    mockSignedIn({
      'GET /api/investments/my-investments': { data: [row('inv-1', 'invested', LATER)] },
      'POST /api/investments/inv-1/revoke': jsonResponse(409, {
        message: 'x',
        code: 'investment.reflection_over',
      }),
    });
    const user = userEvent.setup();
    renderApp('/user/investments', { language: 'de' });
    const table = await screen.findByRole('table', { name: 'Meine Investitionen' });
    expect(statusCell(table, 0)).toHaveTextContent(`Widerrufbar bis ${formatMoment(LATER, 'de')}`);
    await user.click(
      within(table).getByRole('button', { name: 'Ihre Investition in Venture inv-1 widerrufen' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Diese Investition widerrufen?' }));
    expect(dialog.getByText(/Sie erhalten den vollen Betrag auf Ihr Guthaben zurück/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Investition widerrufen' }));
    expect(
      await dialog.findByText(
        'Die Bedenkzeit dieser Investition ist abgelaufen: Sie kann nicht mehr widerrufen werden.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Investition behalten' })).toBeEnabled();
  });
});

describe('/user/investments: a layout switch', () => {
  it('keeps an open confirmation open when the window crosses the phone width', async () => {
    // A matchMedia whose width the test changes, telling MUI's listeners as a browser does.
    let phone = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query.includes('max-width') ? phone : !phone;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
    }));
    mockSignedIn({
      'GET /api/balances/my-balance': () => ({ balance: 1500 }),
      'GET /api/investments/my-investments': () => ({ data: [row('inv-1', 'invested', LATER)] }),
    });
    const user = userEvent.setup();
    renderApp('/user/investments');
    const table = await screen.findByRole('table', { name: 'My Investments' });
    await user.click(within(table).getByRole('button', { name: 'Revoke your investment in Venture inv-1' }));
    await screen.findByRole('dialog', { name: 'Revoke this investment?' });

    phone = true;
    act(() => listeners.forEach((listener) => listener()));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'My Investments' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Revoke this investment?' })).toHaveTextContent(
      'You revoke your investment of €100.00 in Venture inv-1.',
    );
    vi.unstubAllGlobals();
  });
});

describe('/user/investments/:id: revoking', () => {
  const detail = (status: string) => ({
    ...row('inv-9', status, LATER, 250),
    venture: {
      _id: 'v-bakery',
      title: 'Bakery ovens',
      expectedReturn: 12,
      investmentPeriod: 3,
      repaymentType: 'bullet',
      repaymentFrequency: 'monthly',
    },
    installments: null,
    nextPayment: null,
    history: [],
  });

  it('offers Revoke on the page and shows the investment revoked afterwards', async () => {
    let status = 'invested';
    mockSignedIn({
      'GET /api/investments/inv-9': () => ({ data: detail(status) }),
      'POST /api/investments/inv-9/revoke': () => {
        status = 'revoked';
        return { data: detail('revoked') };
      },
    });
    const user = userEvent.setup();
    renderApp('/user/investments/inv-9');
    expect(await screen.findByText(`Revocable until ${formatMoment(LATER, 'en')}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke your investment in Bakery ovens' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this investment?' }));
    expect(dialog.getByText('You revoke your investment of €250.00 in Bakery ovens.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Revoke investment' }));
    expect(
      await screen.findByText('Investment revoked: €250.00 is back in your balance.', {
        selector: '[role="status"] *',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke your investment/ })).not.toBeInTheDocument();
  });
});
