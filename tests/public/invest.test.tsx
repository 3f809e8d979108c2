import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { INVEST_SUCCESS_CLOSE_MS } from '../../src-public/ventures/InvestDialog';
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

const investment = (amount: number) => ({
  _id: 'inv-1',
  venture: { _id: 'abc', title: sampleVenture.title },
  amount,
  profitPaid: 0,
  status: 'invested',
  totalExpectedReturn: 18,
  investmentDate: '2026-03-01T10:00:00Z',
});

/** An investor whose verification is complete, on the venture's investment form. */
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

/** Opens the form and waits for the amount field (after the verification check). */
async function openForm(entry = FORM) {
  const rendered = renderApp(entry);
  const dialog = await screen.findByRole('dialog', { name: `Invest in ${sampleVenture.title}` });
  const amount = await within(dialog).findByLabelText(/Amount/);
  return { ...rendered, dialog: within(dialog), dialogElement: dialog, amount };
}

async function invest(user: UserEvent, amount: HTMLElement, value: string) {
  await fill(user, amount, value);
  await user.click(screen.getByRole('button', { name: 'Invest' }));
}

/** The client sends one Request per call. */
const requestOf = (call: unknown[]) => call[0] as Request;
const posts = (fetchMock: Mock) => fetchMock.mock.calls.filter((call) => requestOf(call).method === 'POST');
const keyOf = (call: unknown[]) => requestOf(call).headers.get('Idempotency-Key');
const gets = (calls: { method: string; path: string }[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

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
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '50');

    await user.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');

    await invest(user, amount, '49.99');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    // A number input holds no text that is not a number: what was typed counts as empty.
    await invest(user, amount, 'abc');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');

    await invest(user, amount, '5000.01');
    expect(dialog.getByRole('alert')).toHaveTextContent('Maximum investment is €5,000.00');

    await invest(user, amount, '100.555');
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Enter the amount in euros with at most two decimals.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('accepts a last ticket below the minimum when it is exactly what is left', async () => {
    const { calls } = investor({
      [`GET ${VENTURE_PATH}`]: { data: { ...sampleVenture, amountFunded: 99_970 } },
      'POST /api/investments': jsonResponse(201, { message: 'Investment successful!', data: investment(30) }),
    });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    expect(figure(dialog, 'Left to fund')).toBe('€30.00');
    await invest(user, amount, '29');
    expect(dialog.getByRole('alert')).toHaveTextContent('Minimum investment is €50.00');
    await invest(user, amount, '30');
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ventureId: 'abc', amount: 30 });
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

describe('the invest form: submitting', () => {
  it("reads 'Processing...' with the button, the field and the x disabled while it waits", async () => {
    let answer: ((response: Response) => void) | undefined;
    investor({ 'POST /api/investments': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '100');
    expect(await dialog.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(amount).toBeDisabled();
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
    expect(await dialog.findByRole('button', { name: 'Invest' })).toBeEnabled();
    expect(dialog.getByRole('alert')).toHaveTextContent('Insufficient balance.');
    expect(amount).toBeEnabled();
  });

  it("shows 'Investment successful!', refetches the venture, balance and investments, and closes after 1 s without a reload", async () => {
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

    // When the message appears and when the dialog's route is left, as they happen (a poll of the
    // DOM could see the message late on a busy machine).
    let shownAt = 0;
    let shownOn = '';
    let investDisabled = false;
    let leftAt = 0;
    const observer = new MutationObserver(() => {
      if (!shownAt && document.body.textContent?.includes('Investment successful!')) {
        shownAt = Date.now();
        shownOn = router.state.location.pathname;
        investDisabled = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some(
          (button) => button.textContent === 'Invest' && button.disabled,
        );
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const unsubscribe = router.subscribe((state) => {
      if (!leftAt && state.location.pathname !== FORM) leftAt = Date.now();
    });
    // The close is a timer of INVEST_SUCCESS_CLOSE_MS started on success (its delay is read from the
    // call: measured from the message's render it depends on the machine's load, 975 ms once).
    const timers = vi.spyOn(window, 'setTimeout');
    await invest(user, amount, '100');
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    // Still on the form when the message appeared (a busy test may read it after the close).
    await waitFor(() => expect(shownOn).toBe(FORM));
    expect(investDisabled).toBe(true);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ventureId: 'abc', amount: 100 });
    expect(keyOf(posts(fetchMock)[0]!)).toMatch(/^[\w-]{8,}$/);

    // The venture and the header balance come again from the server, in place.
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('€1,400.00'));
    expect(gets(calls, '/api/balances/my-balance')).toBe(2);
    await waitFor(() => expect(gets(calls, VENTURE_PATH)).toBe(2));
    await waitFor(() => expect(figure(dialog, 'Left to fund')).toBe('€74,900.00'));
    expect(queryClient.getQueryState(['investments', 'mine'])?.isInvalidated).toBe(true);

    // Open when the message shows, closed by the 1 s timer afterwards.
    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    observer.disconnect();
    unsubscribe();
    expect(shownAt).toBeGreaterThan(0);
    expect(leftAt).toBeGreaterThan(shownAt);
    expect(timers.mock.calls.filter(([, delay]) => delay === INVEST_SUCCESS_CLOSE_MS)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('€25,100.00')).toBeInTheDocument(); // the stats grid's amount funded

    // No page reload: the session was loaded once and jsdom saw no navigation.
    expect(gets(calls, '/api/profile/get')).toBe(1);
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/navigation/i);
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
    await user.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await dialog.findByText('Investment successful!')).toBeInTheDocument();
    const [first, second] = posts(fetchMock);
    expect(keyOf(first!)).toBe(keyOf(second!));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    await router.navigate(FORM);
    const again = await reopened();
    await invest(user, again.getByLabelText(/Amount/), '60');
    expect(await again.findByText('Investment successful!')).toBeInTheDocument();
    const third = posts(fetchMock)[2]!;
    expect(keyOf(third)).not.toBe(keyOf(first!));
  });

  it("shows the server's refusal in the reader's language", async () => {
    const answers = [
      jsonResponse(400, {
        message: 'Only €1,000.00 is left to fund in this venture.',
        code: 'investment.left_to_fund',
        params: { amount: 1000 },
        errors: { amount: 'Only €1,000.00 is left to fund in this venture.' },
        codes: { amount: 'investment.left_to_fund' },
      }),
      jsonResponse(409, { message: 'This venture is not open for investment.', code: 'investment.not_open' }),
      jsonResponse(400, {
        message: 'Minimum investment is €50.00',
        code: 'investment.below_minimum',
        params: { amount: 50 },
        errors: { amount: 'x' },
      }),
      jsonResponse(500, {}),
    ];
    investor({ 'POST /api/investments': () => answers.shift() });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '2000');
    expect(await dialog.findByText('Only €1,000.00 is left to fund in this venture.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await dialog.findByText('This venture is not open for investment.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await dialog.findByText('Minimum investment is €50.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Invest' }));
    expect(await dialog.findByText('Investment failed.')).toBeInTheDocument();
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
    await user.click(dialog.getByRole('button', { name: 'Investieren' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(/^Die Mindestanlage beträgt 50,00\s€$/);
    await fill(user, amount, '2000');
    expect(figure(dialog, 'Erwarteter Ertrag')).toMatch(/^360,00\s€$/);
    await user.click(dialog.getByRole('button', { name: 'Investieren' }));
    expect(
      await dialog.findByText(/^In diesem Vorhaben sind nur noch 1\.000,00\s€ zu finanzieren\.$/),
    ).toBeInTheDocument();
  });

  it('a 403 for a missing verification links to the verification page', async () => {
    investor({
      'POST /api/investments': jsonResponse(403, {
        message: 'Please complete identity verification before investing.',
        code: 'investment.not_verified',
      }),
    });
    const user = userEvent.setup();
    const { dialog, amount } = await openForm();
    await invest(user, amount, '100');
    expect(
      await dialog.findByText('Please complete identity verification before investing.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to identity verification' })).toHaveAttribute(
      'href',
      '/user/verification',
    );
  });

  it('closing with the x clears the amount and the message', async () => {
    investor();
    const user = userEvent.setup();
    const { dialog, amount, router } = await openForm();
    await invest(user, amount, '10');
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
            ...investment(100),
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
    const rows = within(table).getAllByRole('row').slice(1);
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

  it('translates the statuses, refunded included', async () => {
    const rows = [
      { status: 'invested', loanStatus: null, daysLate: 0 },
      { status: 'completed', loanStatus: 'current', daysLate: 0 },
      { status: 'completed', loanStatus: 'late_1_15', daysLate: 3 },
      { status: 'repaid', loanStatus: 'repaid', daysLate: 0 },
      { status: 'refunded', loanStatus: null, daysLate: 0 },
    ];
    mockSignedIn({
      'GET /api/investments/my-investments': {
        data: rows.map((row, index) => ({ ...investment(100), _id: `inv-${index}`, ...row })),
      },
    });
    renderApp('/user/investments', { language: 'fr' });
    const table = await screen.findByRole('table', { name: 'Mes investissements' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(statuses).toEqual([
      'En collecte',
      'En remboursement · À jour',
      'En remboursement · 3 jours de retard',
      'Remboursé',
      'Restitué',
    ]);
  });
});
