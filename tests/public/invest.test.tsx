import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { formatMoment } from '../../src-public/investor/reflection';
import {
  fill,
  jsonResponse,
  mockApi,
  mockSignedIn,
  renderApp,
  sampleUser,
  sampleVenture,
  setUpPageTests,
  type Handler,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/ventures/VentureDetailPage'),
  () => import('../../src-shared/charts/VentureCharts'),
  () => import('../../src-public/auth/pages/LoginPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/InvestmentsPage'),
  () => import('../../src-public/investor/VerificationPage'),
);

const FORM = '/ventures/abc/investment-form';
const VENTURE_PATH = '/api/ventures/id/abc';
/** Where the investor profile's pages come back to (decision 0106). */
const NEXT = `?next=${encodeURIComponent(FORM)}`;
const KIIS_BOX = 'I have read the key investment information sheet';
const REVOCABLE_UNTIL = '2026-11-30T14:05:00Z';

const investment = (amount: number, revocableUntil: string | null = REVOCABLE_UNTIL) => ({
  _id: 'inv-1',
  venture: { _id: 'abc', title: sampleVenture.title },
  amount,
  profitPaid: 0,
  status: 'invested',
  totalExpectedReturn: 18,
  investmentDate: '2026-03-01T10:00:00Z',
  revocableUntil,
});

/** GET /api/protection/me of an investor who may invest (nothing missing); threshold in euros. */
const protectionProfile = (
  warningThreshold = 1000,
  category: 'non_sophisticated' | 'sophisticated' = 'non_sophisticated',
  missing: string[] = [],
) => ({
  data: {
    category,
    knowledgeTest: {
      status: 'passed',
      takenAt: '2026-01-01T00:00:00Z',
      validUntil: '2028-01-01T00:00:00Z',
      score: 87,
    },
    riskAcknowledgedAt: null,
    lossCapacity: { netWorth: 20_000, capacity: 2_000, updatedAt: '2026-01-01T00:00:00Z' },
    warningThreshold,
    missing,
    sophisticatedRequest: null,
  },
});

/** An investor whose verification is complete, on the venture's investment form. Without a handler
 * for GET /api/protection/me it answers 404: the dialog goes on and the server decides. */
function investor(handlers: Record<string, Handler> = {}, options: { balance?: number } = {}) {
  return mockSignedIn(
    {
      [`GET ${VENTURE_PATH}`]: { data: sampleVenture },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
      ...handlers,
    },
    options,
  );
}

/** Opens the form and waits for the amount field (after the verification and profile checks). */
async function openForm(entry = FORM) {
  const rendered = renderApp(entry);
  const dialog = await screen.findByRole('dialog', { name: `Invest in ${sampleVenture.title}` });
  const amount = await within(dialog).findByLabelText(/Amount/);
  return { ...rendered, dialog: within(dialog), dialogElement: dialog, amount };
}

/** Step 1: types the amount and presses Continue. */
async function toReview(user: UserEvent, amount: HTMLElement, value: string) {
  await fill(user, amount, value);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Step 2: ticks the KIIS box (unless ticked) and confirms. */
async function confirmReview(user: UserEvent) {
  const box = await screen.findByRole('checkbox', { name: KIIS_BOX });
  if (!(box as HTMLInputElement).checked) await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Confirm investment' }));
}

/** Both steps: the amount, then the review confirmed. */
async function invest(user: UserEvent, amount: HTMLElement, value: string) {
  await toReview(user, amount, value);
  await confirmReview(user);
}

/** The client sends one Request per call. */
const requestOf = (call: unknown[]) => call[0] as Request;
const posts = (fetchMock: Mock) => fetchMock.mock.calls.filter((call) => requestOf(call).method === 'POST');
const keyOf = (call: unknown[]) => requestOf(call).headers.get('Idempotency-Key');
const gets = (calls: { method: string; path: string }[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;
const postBodies = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.body);

/** The dialog of a new opening (the last one may still be fading out): found by its amount field. */
async function reopened() {
  const field = await screen.findByLabelText(/Amount/);
  return within(field.closest<HTMLElement>('[role="dialog"]')!);
}

/** The value next to a term of the dialog's figures. */
const figure = (dialog: ReturnType<typeof within>, label: string) =>
  dialog.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the invest form: amounts', () => {
  it('checks the minimum (also for a non-number) and the maximum and sends nothing', async () => {
    const { calls } = investor();
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    expect(dialog.getByRole('heading', { level: 3, name: 'Step 1 of 3: Amount' })).toBeInTheDocument();
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '50');

    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');

    await toReview(user, amount, '49.99');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    // A number input holds no text that is not a number: what was typed counts as empty.
    await toReview(user, amount, 'abc');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');

    await toReview(user, amount, '5000.01');
    expect(dialog.getByRole('alert')).toHaveTextContent('Maximum investment is €5,000.00');

    await toReview(user, amount, '100.555');
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Enter the amount in euros with at most two decimals.',
    );
    // Still on the first step, nothing sent.
    expect(dialog.getByRole('heading', { level: 3, name: 'Step 1 of 3: Amount' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('clears the error as soon as the amount is valid, and shows it again when it is not', async () => {
    investor();
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    // Typing alone says nothing yet.
    await fill(user, amount, '10');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');

    // Corrected: the error goes at once, before Continue.
    await fill(user, amount, '100');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    await fill(user, amount, '6000');
    expect(dialog.getByRole('alert')).toHaveTextContent('Maximum investment is €5,000.00');
    await fill(user, amount, '50');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByRole('heading', { level: 3, name: 'Step 2 of 3: Review' })).toHaveFocus();
  });

  it('accepts a last ticket below the minimum when it is exactly what is left', async () => {
    const { calls } = investor({
      [`GET ${VENTURE_PATH}`]: { data: { ...sampleVenture, amountFunded: 99_970 } },
      'POST /api/investments': jsonResponse(201, { message: 'Investment successful!', data: investment(30) }),
    });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    expect(figure(dialog, 'Left to fund')).toBe('€30.00');
    await toReview(user, amount, '29');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');
    await invest(user, amount, '30');
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    expect(postBodies(calls)).toEqual([{ ventureId: 'abc', amount: 30 }]);
  });

  it('shows the balance, what is left to fund and the expected return of the typed amount', async () => {
    investor({}, { balance: 16_400 });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    expect(figure(dialog, 'Your balance')).toBe('€16,400.00');
    expect(figure(dialog, 'Left to fund')).toBe('€75,000.00');
    expect(figure(dialog, 'Expected return')).toBe('-');
    expect(dialog.getByText('12% a year over 18 months on the amount you enter')).toBeInTheDocument();

    // 12% a year for 18 months: 100 x 0.12 x 18 / 12 = 18.
    await fill(user, amount, '100');
    expect(figure(dialog, 'Expected return')).toBe('€18.00');
    // 1,234.56 x 0.18 = 222.2208, rounded to the cent.
    await fill(user, amount, '1234.56');
    expect(figure(dialog, 'Expected return')).toBe('€222.22');
    // Not a valid amount: a dash.
    await fill(user, amount, '10');
    expect(figure(dialog, 'Expected return')).toBe('-');
    await fill(user, amount, '9000');
    expect(figure(dialog, 'Expected return')).toBe('-');
  });
});

describe('the invest form: review', () => {
  it("summarises the investment, links the KIIS in the reader's language and needs its box ticked", async () => {
    const { calls } = investor({
      [`GET ${VENTURE_PATH}`]: {
        data: { ...sampleVenture, repaymentType: 'annuity', repaymentFrequency: 'monthly' },
      },
      'GET /api/protection/me': protectionProfile(),
      'POST /api/investments': jsonResponse(201, {
        message: 'Investment successful!',
        data: investment(100),
      }),
    });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await toReview(user, amount, '100');
    expect(await dialog.findByRole('heading', { level: 3, name: 'Step 2 of 3: Review' })).toHaveFocus();
    expect(figure(dialog, 'Venture')).toBe(sampleVenture.title);
    expect(figure(dialog, 'Amount')).toBe('€100.00');
    expect(figure(dialog, 'Expected return')).toBe('€18.00');
    expect(figure(dialog, 'Repayment')).toBe('equal instalments, monthly');
    const kiis = dialog.getByRole('link', {
      name: 'Key investment information sheet (PDF, opens in a new tab)',
    });
    expect(kiis).toHaveAttribute('href', '/api/ventures/abc/kiis?lang=en');
    expect(kiis).toHaveAttribute('target', '_blank');
    // Below the threshold of €1,000: no risk warning.
    expect(dialog.queryByText('Risk warning')).not.toBeInTheDocument();

    // Not ticked: said under the box, nothing sent.
    const box = dialog.getByRole('checkbox', { name: KIIS_BOX });
    expect(box).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(
      dialog.getByText('Please confirm that you have read the key investment information sheet.'),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(postBodies(calls)).toHaveLength(0);

    await user.click(box);
    expect(
      dialog.queryByText('Please confirm that you have read the key investment information sheet.'),
    ).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    // Under the threshold the body has no acknowledgeRisk.
    expect(postBodies(calls)).toEqual([{ ventureId: 'abc', amount: 100 }]);
  });

  it('goes back to the amount with Back, keeping it', async () => {
    investor();
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await toReview(user, amount, '120');
    await user.click(await dialog.findByRole('button', { name: 'Back' }));
    expect(await dialog.findByRole('heading', { level: 3, name: 'Step 1 of 3: Amount' })).toHaveFocus();
    expect(dialog.getByLabelText(/Amount/)).toHaveValue(120);
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(figure(dialog, 'Amount')).toBe('€120.00');
  });

  it('shows the warning of Art. 21(7) only above the threshold, and sends acknowledgeRisk once consented', async () => {
    const { calls } = investor(
      {
        'GET /api/protection/me': protectionProfile(1000),
        'POST /api/investments': (call: { body: unknown }) =>
          jsonResponse(201, {
            message: 'Investment successful!',
            data: investment((call.body as { amount: number }).amount),
          }),
      },
      { balance: 4000 },
    );
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    // At the threshold: no warning (Art. 21(7) speaks of an amount that exceeds it).
    await toReview(user, amount, '1000');
    expect(figure(dialog, 'Amount')).toBe('€1,000.00');
    expect(dialog.queryByText('Risk warning')).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: /I understand this investment/ })).not.toBeInTheDocument();

    // A cent above it: the warning, with the amount and the threshold, and the explicit consent.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    await toReview(user, dialog.getByLabelText(/Amount/), '1000.01');
    const warning = dialog.getByRole('group', { name: 'Risk warning' });
    expect(warning).toHaveTextContent(
      'You are about to invest €1,000.01. This is more than your warning threshold of €1,000.00: the higher of €1,000 and 5 % of your net worth (EU Regulation 2020/1503, Art. 21(7)). An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.',
    );
    const consent = within(warning).getByRole('checkbox', {
      name: 'I understand this investment and its risks, including the loss of all the money invested, and I want to invest €1,000.01.',
    });
    await user.click(dialog.getByRole('checkbox', { name: KIIS_BOX }));
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(
      dialog.getByText(
        'Please confirm the risk warning to invest this amount, or go back and choose a smaller amount.',
      ),
    ).toBeInTheDocument();
    expect(postBodies(calls)).toHaveLength(0);

    await user.click(consent);
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    expect(postBodies(calls)).toEqual([{ ventureId: 'abc', amount: 1000.01, acknowledgeRisk: true }]);
  });

  it('gives a sophisticated investor no warning and sends no acknowledgeRisk', async () => {
    const { calls } = investor(
      {
        'GET /api/protection/me': protectionProfile(1000, 'sophisticated'),
        'POST /api/investments': jsonResponse(201, {
          message: 'Investment successful!',
          data: investment(4000, null),
        }),
      },
      { balance: 9000 },
    );
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await toReview(user, amount, '4000');
    expect(dialog.queryByText('Risk warning')).not.toBeInTheDocument();
    await confirmReview(user);
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    expect(postBodies(calls)).toEqual([{ ventureId: 'abc', amount: 4000 }]);
    // No reflection period for a sophisticated investor's investment.
    expect(
      dialog.getByText('No reflection period applies to this investment: it cannot be revoked.'),
    ).toBeInTheDocument();
  });

  it('takes the threshold a 409 names when the profile could not be read, then sends the consent', async () => {
    let attempts = 0;
    const { calls } = investor({
      'GET /api/protection/me': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
      'POST /api/investments': () =>
        ++attempts === 1
          ? jsonResponse(409, {
              message:
                'This investment is above your warning threshold of €2,500.00: confirm the risk warning to go on.',
              code: 'protection.acknowledgement_required',
              params: { amount: 2500 },
            })
          : jsonResponse(201, { message: 'Investment successful!', data: investment(3000) }),
    });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '3000');
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This investment is above your warning threshold of €2,500.00: confirm the risk warning to go on.',
    );
    expect(alert).toHaveTextContent(
      'Read the risk warning below and confirm it, or go back and choose a smaller amount.',
    );
    expect(within(alert).getByRole('link', { name: 'Go to your investor profile' })).toHaveAttribute(
      'href',
      `/user/profile/investor${NEXT}`,
    );
    expect(dialog.getByRole('group', { name: 'Risk warning' })).toHaveTextContent(
      'more than your warning threshold of €2,500.00',
    );
    await user.click(dialog.getByRole('checkbox', { name: /I understand this investment/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    expect(postBodies(calls)).toEqual([
      { ventureId: 'abc', amount: 3000 },
      { ventureId: 'abc', amount: 3000, acknowledgeRisk: true },
    ]);
  });
});

describe('the investor profile before investing', () => {
  it('says up front what Art. 21 still needs, with links that come back to the venture', async () => {
    const { calls } = investor({
      'GET /api/protection/me': protectionProfile(1000, 'non_sophisticated', [
        'knowledge_test',
        'loss_simulation',
      ]),
    });
    renderApp(FORM);
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      await dialog.findByText(
        'Before you can invest, EU rules on crowdfunding (Regulation 2020/1503, Art. 21) ask you to complete your investor profile:',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Take the knowledge test' })).toHaveAttribute(
      'href',
      `/user/profile/investor/test${NEXT}`,
    );
    expect(dialog.getByRole('link', { name: 'Simulate the loss you could bear' })).toHaveAttribute(
      'href',
      `/user/profile/investor/simulation${NEXT}`,
    );
    expect(dialog.getByRole('link', { name: 'Complete your investor profile' })).toHaveAttribute(
      'href',
      `/user/profile/investor${NEXT}`,
    );
    expect(dialog.queryByLabelText(/Amount/)).not.toBeInTheDocument();
    expect(gets(calls, '/api/protection/me')).toBe(1);
  });
});

describe('the invest form: submitting', () => {
  it("reads 'Processing...' with Confirm, Back and the x disabled while it waits", async () => {
    let answer: ((response: Response) => void) | undefined;
    investor({ 'POST /api/investments': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '100');
    expect(await dialog.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    // The request may leave after the loading state shows (a busy machine): wait for it.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      jsonResponse(400, {
        message: 'Insufficient balance.',
        code: 'investment.insufficient_balance',
        errors: { amount: 'Insufficient balance.' },
        codes: { amount: 'investment.insufficient_balance' },
      }),
    );
    expect(await dialog.findByRole('button', { name: 'Confirm investment' })).toBeEnabled();
    expect(dialog.getByRole('alert')).toHaveTextContent('Insufficient balance.');
    expect(dialog.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('shows the receipt: amount, venture, revocable until, the investment and the new balance; refetches without a reload', async () => {
    let balance = 1500;
    let funded = 25_000;
    const { calls, fetchMock } = investor({
      'GET /api/balances/my-balance': () => ({ balance }),
      [`GET ${VENTURE_PATH}`]: () => ({ data: { ...sampleVenture, amountFunded: funded } }),
      'POST /api/investments': () => {
        balance -= 100;
        funded += 100;
        return jsonResponse(201, { message: 'Investment successful!', data: investment(100) });
      },
    });
    const consoleError = vi.spyOn(console, 'error');
    const user = userEvent.setup();
    const { dialog, amount, router, queryClient } = await openForm();
    queryClient.setQueryData(['investments', 'mine'], []);
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('€1,500.00');
    expect(gets(calls, VENTURE_PATH)).toBe(1);
    expect(gets(calls, '/api/balances/my-balance')).toBe(1);

    await invest(user, amount, '100');
    expect(await dialog.findByRole('heading', { level: 3, name: 'Step 3 of 3: Receipt' })).toHaveFocus();
    expect(dialog.getByText('Investment successful!')).toBeInTheDocument();
    expect(postBodies(calls)).toEqual([{ ventureId: 'abc', amount: 100 }]);
    expect(keyOf(posts(fetchMock)[0]!)).toMatch(/^[\w-]{8,}$/);

    // The balance comes again from the server: the receipt and the header say it.
    expect(await dialog.findByText('Your balance is now €1,400.00.')).toBeInTheDocument();
    expect(screen.getByTestId('header-balance')).toHaveTextContent('€1,400.00');
    expect(gets(calls, '/api/balances/my-balance')).toBe(2);
    await waitFor(() => expect(gets(calls, VENTURE_PATH)).toBe(2));
    expect(queryClient.getQueryState(['investments', 'mine'])?.isInvalidated).toBe(true);

    expect(figure(dialog, 'Venture')).toBe(sampleVenture.title);
    expect(figure(dialog, 'Amount')).toBe('€100.00');
    // The end of the reflection period in the reader's time zone, to the minute, with the zone.
    const until = formatMoment(REVOCABLE_UNTIL, 'en');
    expect(until).toMatch(/^Nov \d\d?, 2026, \d\d:\d\d [A-Z]/);
    expect(dialog.getByText(`Revocable until ${until}`)).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Until then you can revoke this investment on its page, without a reason or a fee, and get the full amount back.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to this investment' })).toHaveAttribute(
      'href',
      '/user/investments/inv-1',
    );

    // The receipt stays until the investor closes it.
    expect(router.state.location.pathname).toBe(FORM);
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('€25,100.00')).toBeInTheDocument(); // the stats grid's amount funded

    // No page reload: the session was loaded once and jsdom saw no navigation.
    expect(gets(calls, '/api/profile/get')).toBe(1);
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/navigation/i);
  });

  it("shows the receipt in German with the time in the reader's language", async () => {
    investor({
      'POST /api/investments': jsonResponse(201, {
        message: 'Investment successful!',
        data: investment(100),
      }),
    });
    const user = userEvent.setup();
    renderApp(FORM, { language: 'de' });
    const dialog = within(
      await screen.findByRole('dialog', { name: `In ${sampleVenture.title} investieren` }),
    );
    await fill(user, await dialog.findByLabelText(/Betrag/), '100');
    await user.click(dialog.getByRole('button', { name: 'Weiter' }));
    expect(
      dialog.getByRole('link', {
        name: 'Basisinformationsblatt für Anleger (PDF, öffnet in einem neuen Tab)',
      }),
    ).toHaveAttribute('href', '/api/ventures/abc/kiis?lang=de');
    await user.click(
      dialog.getByRole('checkbox', { name: 'Ich habe das Basisinformationsblatt für Anleger gelesen' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Investition bestätigen' }));
    expect(
      await dialog.findByRole('heading', { level: 3, name: 'Schritt 3 von 3: Bestätigung' }),
    ).toBeInTheDocument();
    const until = formatMoment(REVOCABLE_UNTIL, 'de');
    expect(until).toMatch(/^30\.11\.2026|^30\. Nov\. 2026/);
    expect(dialog.getByText(`Widerrufbar bis ${until}`)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Zu dieser Investition' })).toBeInTheDocument();
  });

  it('keeps one Idempotency-Key per opening: the same on a retry, a new one after success', async () => {
    let refuse = true;
    const { fetchMock } = investor({
      'POST /api/investments': () =>
        refuse
          ? jsonResponse(400, {
              message: 'Insufficient balance.',
              code: 'investment.insufficient_balance',
              errors: { amount: 'Insufficient balance.' },
              codes: { amount: 'investment.insufficient_balance' },
            })
          : jsonResponse(201, { message: 'Investment successful!', data: investment(100) }),
    });
    const user = userEvent.setup();
    const { dialog, amount, router } = await openForm();
    await invest(user, amount, '100');
    expect(await dialog.findByText('Insufficient balance.')).toBeInTheDocument();
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Confirm investment' }));
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    const [first, second] = posts(fetchMock);
    expect(keyOf(first!)).toBe(keyOf(second!));

    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    await router.navigate(FORM);
    const again = await reopened();
    await invest(user, again.getByLabelText(/Amount/), '60');
    expect(await again.findByText('Investment successful!')).toBeInTheDocument();
    const third = posts(fetchMock)[2]!;
    expect(keyOf(third)).not.toBe(keyOf(first!));
  });

  const PROFILE_TEST = `/user/profile/investor/test${NEXT}`;
  const PROFILE_SIMULATION = `/user/profile/investor/simulation${NEXT}`;
  it.each([
    [
      'protection.test_required',
      jsonResponse(403, { message: 'x', code: 'protection.test_required' }),
      'Please take the knowledge test before investing (after a failed test, confirm the risk warning).',
      'Take the knowledge test in your investor profile (after a failed test, confirm the risk warning), then come back to this venture.',
      ['Take the knowledge test', PROFILE_TEST],
    ],
    [
      'protection.simulation_required',
      jsonResponse(403, { message: 'x', code: 'protection.simulation_required' }),
      'Please simulate your ability to bear loss before investing.',
      'Simulate the loss you could bear in your investor profile, then come back to this venture.',
      ['Run the loss simulation', PROFILE_SIMULATION],
    ],
    [
      'protection.acknowledgement_required',
      jsonResponse(409, {
        message: 'x',
        code: 'protection.acknowledgement_required',
        params: { amount: 1000 },
      }),
      'This investment is above your warning threshold of €1,000.00: confirm the risk warning to go on.',
      'Read the risk warning below and confirm it, or go back and choose a smaller amount.',
      ['Go to your investor profile', `/user/profile/investor${NEXT}`],
    ],
    [
      'investment.below_minimum',
      jsonResponse(400, { message: 'x', code: 'investment.below_minimum', params: { amount: 50 } }),
      'Minimum investment is €50.00',
      'Go back and enter at least the minimum.',
      null,
    ],
    [
      'investment.above_maximum',
      jsonResponse(400, { message: 'x', code: 'investment.above_maximum', params: { amount: 5000 } }),
      'Maximum investment is €5,000.00',
      'Go back and enter at most the maximum.',
      null,
    ],
    [
      'investment.left_to_fund',
      jsonResponse(400, { message: 'x', code: 'investment.left_to_fund', params: { amount: 1000 } }),
      'Only €1,000.00 is left to fund in this venture.',
      'Go back and enter at most what is left to fund.',
      null,
    ],
    [
      'investment.insufficient_balance',
      jsonResponse(400, { message: 'x', code: 'investment.insufficient_balance' }),
      'Insufficient balance.',
      'Add money to your balance, or go back and enter a smaller amount.',
      ['Add money', '/user/funding'],
    ],
    [
      'investment.not_open',
      jsonResponse(409, { message: 'x', code: 'investment.not_open' }),
      'This venture is not open for investment.',
      'This venture no longer takes investments: close this window and choose another venture.',
      null,
    ],
    [
      'investment.not_verified',
      jsonResponse(403, { message: 'x', code: 'investment.not_verified' }),
      'Please complete identity verification before investing.',
      'Complete your identity verification, then invest again.',
      ['Go to identity verification', '/user/verification'],
    ],
    [
      'venture.not_found',
      jsonResponse(404, { message: 'x', code: 'venture.not_found' }),
      'Venture not found.',
      'This venture is no longer available: close this window and choose another venture.',
      null,
    ],
    [
      'an answer without a code',
      jsonResponse(500, {}),
      'Investment failed.',
      'Please try again in a moment. If it happens again, contact us.',
      null,
    ],
  ] as const)('explains %s with what to do', async (_, response, text, help, link) => {
    investor({ 'POST /api/investments': () => response.clone() });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '2000');
    const alert = await dialog.findByRole('alert');
    // The server's English `message` ('x') is never shown: the code is translated.
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(within(alert).getByText(help)).toBeInTheDocument();
    if (link) expect(within(alert).getByRole('link', { name: link[0] })).toHaveAttribute('href', link[1]);
    else expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    // Still on the review, ready to go back or try again.
    expect(dialog.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('speaks German, server messages included', async () => {
    investor(
      {
        'POST /api/investments': jsonResponse(400, {
          message: 'Only €1,000.00 is left to fund in this venture.',
          code: 'investment.left_to_fund',
          params: { amount: 1000 },
          errors: { amount: 'Only €1,000.00 is left to fund in this venture.' },
          codes: { amount: 'investment.left_to_fund' },
        }),
      },
      { balance: 2500 },
    );
    const user = userEvent.setup();
    renderApp(FORM, { language: 'de' });
    const dialog = within(
      await screen.findByRole('dialog', { name: `In ${sampleVenture.title} investieren` }),
    );
    const amount = await dialog.findByLabelText(/Betrag/);
    // German puts a no-break space before the euro sign.
    expect(figure(dialog, 'Ihr Guthaben')).toMatch(/^2\.500,00\s€$/);
    expect(figure(dialog, 'Noch zu finanzieren')).toMatch(/^75\.000,00\s€$/);
    await fill(user, amount, '10');
    await user.click(dialog.getByRole('button', { name: 'Weiter' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(/^Die Mindestanlage beträgt 50,00\s€$/);
    await fill(user, amount, '2000');
    expect(figure(dialog, 'Erwarteter Ertrag')).toMatch(/^360,00\s€$/);
    await user.click(dialog.getByRole('button', { name: 'Weiter' }));
    await user.click(
      dialog.getByRole('checkbox', { name: 'Ich habe das Basisinformationsblatt für Anleger gelesen' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Investition bestätigen' }));
    expect(
      await dialog.findByText(/^In diesem Vorhaben sind nur noch 1\.000,00\s€ zu finanzieren\.$/),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Gehen Sie zurück und geben Sie höchstens den noch zu finanzierenden Betrag ein.'),
    ).toBeInTheDocument();
  });

  it('closing with the x clears the amount and the message', async () => {
    investor();
    const user = userEvent.setup();
    const { dialog, amount, router } = await openForm();
    await toReview(user, amount, '10');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await router.navigate(FORM);
    const again = await reopened();
    expect(again.getByLabelText(/Amount/)).toHaveValue(null);
    expect(again.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('who may invest', () => {
  it('sends a visitor from INVEST to /login and back to the investment form after login', async () => {
    mockApi({
      [`GET ${VENTURE_PATH}`]: { data: sampleVenture },
      'POST /api/auth/login': { message: 'Login successful!', user: sampleUser },
      'GET /api/profile/get': { data: sampleUser },
      'GET /api/balances/my-balance': { balance: 300 },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures/abc');
    await user.click(await screen.findByRole('button', { name: 'INVEST IN PROJECT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect((router.state.location.state as { from?: { pathname: string } }).from?.pathname).toBe(FORM);

    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(FORM));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByLabelText(/Amount/)).toBeInTheDocument();
    expect(figure(dialog, 'Your balance')).toBe('€300.00');
  });

  it('a visitor opening /projects/{id}/invest goes to /login remembering the form', async () => {
    mockApi({ [`GET ${VENTURE_PATH}`]: { data: sampleVenture } });
    const { router } = renderApp('/projects/abc/invest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect((router.state.location.state as { from?: { pathname: string } }).from?.pathname).toBe(FORM);
  });

  for (const role of ['corporate', 'admin'] as const) {
    it(`tells a${role === 'admin' ? 'n' : ''} ${role} that investing is for investor accounts`, async () => {
      const { calls } = mockSignedIn(
        { [`GET ${VENTURE_PATH}`]: { data: sampleVenture } },
        { account: { ...sampleUser, role } },
      );
      renderApp(FORM);
      const dialog = within(await screen.findByRole('dialog'));
      expect(
        await dialog.findByText(
          'Investing is for investor accounts. Company and administrator accounts cannot invest in ventures.',
        ),
      ).toBeInTheDocument();
      expect(dialog.queryByLabelText(/Amount/)).not.toBeInTheDocument();
      expect(dialog.queryByRole('button', { name: 'Invest' })).not.toBeInTheDocument();
      expect(gets(calls, '/api/kyc/my-verification')).toBe(0);
    });
  }

  const unverified = [
    ['not_started', 'Please complete identity verification before investing. It takes only a few minutes.'],
    ['pending', 'Your identity verification is being reviewed. You can invest as soon as it is approved.'],
    [
      'rejected',
      'Your identity verification was not approved. Please verify your identity again before investing.',
    ],
  ] as const;
  for (const [status, text] of unverified) {
    it(`tells an investor whose verification is ${status} why, with a link to /user/verification`, async () => {
      let answer: ((response: Response) => void) | undefined;
      const body = { statusInOurSystem: status, reason: null, submittedAt: null };
      investor({
        // The dialog's check waits; the verification page's own check answers at once.
        'GET /api/kyc/my-verification': () =>
          answer ? body : new Promise<Response>((resolve) => (answer = resolve)),
      });
      const user = userEvent.setup();
      const { router } = renderApp(FORM);
      const dialog = within(await screen.findByRole('dialog'));
      expect(await dialog.findByRole('status')).toHaveTextContent('Checking your verification...');
      await waitFor(() => expect(answer).toBeDefined());
      answer?.(jsonResponse(200, body));
      expect(await dialog.findByText(text)).toBeInTheDocument();
      expect(dialog.queryByLabelText(/Amount/)).not.toBeInTheDocument();
      const link = dialog.getByRole('link', { name: 'Go to identity verification' });
      expect(link).toHaveAttribute('href', '/user/verification');
      await user.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/verification'));
      // Documents under review read 'Pending review'; otherwise the page offers to start.
      const heading = status === 'pending' ? 'Pending review' : 'Verify Your Identity';
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeVisible();
    });
  }

  it('checks the verification again at every opening', async () => {
    let status = 'pending';
    const { calls } = investor({ 'GET /api/kyc/my-verification': () => ({ statusInOurSystem: status }) });
    const { router } = renderApp(FORM);
    expect(
      await screen.findByText(
        'Your identity verification is being reviewed. You can invest as soon as it is approved.',
      ),
    ).toBeInTheDocument();
    await router.navigate('/ventures/abc');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    status = 'complete';
    await router.navigate(FORM);
    expect(await within(await screen.findByRole('dialog')).findByLabelText(/Amount/)).toBeInTheDocument();
    expect(gets(calls, '/api/kyc/my-verification')).toBe(2);
  });

  it.each([
    [
      'funded',
      { lifecycleStatus: 'funded' },
      'This venture reached its funding target and takes no more investments.',
    ],
    [
      'repaid',
      { lifecycleStatus: 'repaid' },
      'This venture has been repaid to its investors and takes no more investments.',
    ],
    [
      'past its closing date',
      { closingDate: '2020-01-01T00:00:00Z' },
      'The closing date of this venture has passed; it takes no more investments.',
    ],
  ])('says why a venture %s is not open, without a form', async (_, change, reason) => {
    const { calls } = investor({ [`GET ${VENTURE_PATH}`]: { data: { ...sampleVenture, ...change } } });
    renderApp(FORM);
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText(reason)).toBeInTheDocument();
    expect(dialog.queryByLabelText(/Amount/)).not.toBeInTheDocument();
    expect(gets(calls, '/api/kyc/my-verification')).toBe(0);
  });
});

describe('/user/investments', () => {
  it("reads 'Loading investments...' and then the table with every column", async () => {
    let answer: ((response: Response) => void) | undefined;
    mockSignedIn({
      'GET /api/investments/my-investments': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/user/investments');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Investments' })).toBeVisible();
    // Scoped to the page: the header's 'Loading balance...' is a status too while the balance loads.
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      /^Loading investments\.\.\.$/,
    );
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      jsonResponse(200, {
        data: [
          {
            ...investment(100, null),
            status: 'completed',
            loanStatus: 'current',
            outstandingPrincipal: 80,
            nextPaymentDate: '2026-05-01',
            profitPaid: 4.5,
            totalExpectedReturn: 18,
            investmentDate: '2026-03-01T10:00:00Z',
          },
          {
            _id: 'inv-2',
            venture: { _id: 'def', title: '' },
            amount: 250.5,
            profitPaid: 0,
            status: 'refunded',
            loanStatus: null,
            outstandingPrincipal: 0,
            nextPaymentDate: null,
            totalExpectedReturn: 30.06,
            investmentDate: '2026-02-01T10:00:00Z',
          },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'My Investments' });
    expect(screen.queryByText('Loading investments...')).not.toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Venture',
      'Amount',
      'Status',
      'Outstanding',
      'Next payment',
      'Profit paid',
      'Total expected return',
      'Date',
      'Details',
    ]);
    // The head, then the investments; the totals row closes the table (issue 30).
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        sampleVenture.title,
        '€100.00',
        'Repaying · On time',
        '€80.00',
        'May 1, 2026',
        '€4.50',
        '€18.00',
        'Mar 1, 2026',
        'Details',
      ],
      ['Untitled Venture', '€250.50', 'Refunded', '€0.00', '-', '€0.00', '€30.06', 'Feb 1, 2026', 'Details'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: `Details: ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/user/investments/inv-1',
    );
    expect(within(rows[0]!).getByRole('link', { name: sampleVenture.title })).toHaveAttribute(
      'href',
      '/ventures/abc',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Untitled Venture' })).toHaveAttribute(
      'href',
      '/ventures/def',
    );
  });

  it("reads 'Failed to load investments.' when the call fails", async () => {
    mockSignedIn({
      'GET /api/investments/my-investments': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    renderApp('/user/investments');
    expect(await screen.findByText('Failed to load investments.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading investments...')).not.toBeInTheDocument();
  });

  it('says there are no investments yet, with a link to the ventures', async () => {
    mockSignedIn({ 'GET /api/investments/my-investments': { data: [] } });
    renderApp('/user/investments');
    expect(await screen.findByText(/You have no investments yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse ventures' })).toHaveAttribute('href', '/ventures');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('translates the statuses, refunded and revoked included', async () => {
    const rows = [
      { status: 'invested', loanStatus: null, daysLate: 0 },
      { status: 'completed', loanStatus: 'current', daysLate: 0 },
      { status: 'completed', loanStatus: 'late_1_15', daysLate: 3 },
      { status: 'repaid', loanStatus: 'repaid', daysLate: 0 },
      { status: 'refunded', loanStatus: null, daysLate: 0 },
      { status: 'revoked', loanStatus: null, daysLate: 0 },
    ];
    mockSignedIn({
      'GET /api/investments/my-investments': {
        data: rows.map((row, index) => ({ ...investment(100, null), _id: `inv-${index}`, ...row })),
      },
    });
    renderApp('/user/investments', { language: 'fr' });
    const table = await screen.findByRole('table', { name: 'Mes investissements' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1, -1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(statuses).toEqual([
      'En collecte',
      'En remboursement · À jour',
      'En remboursement · 3 jours de retard',
      'Remboursé',
      'Restitué',
      'Révoqué',
    ]);
  });
});
