import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../src-public/investor/reflection';
import type { LanguageCode } from '../../src-shared/constants/enums';
import {
  bodiesOf,
  fill,
  jsonResponse,
  mockSignedIn,
  openPage,
  renderApp,
  sampleDashboard,
  setUpPageTests,
  type Handler,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/FundingPage'),
  () => import('../../src-public/investor/FundingCharts'),
  () => import('../../src-public/investor/ProfilePage'),
);

const INSTRUCTIONS = '/api/payments/deposit-instructions';
const BANK = '/api/payments/bank-account';
const WITHDRAW = '/api/payments/withdrawals';
const MINE = '/api/payments/withdrawals/mine';

const instructions = {
  data: {
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    beneficiary: 'AfriVest Client Money',
    reference: 'RF37AV00100001',
  },
};
const account = {
  iban: '******************3000',
  holderName: 'Ada Lovelace',
  verified: true,
  heldUntil: null,
};

function withdrawal(over: Partial<Record<string, unknown>> = {}) {
  return {
    _id: 'w-1',
    amount: 250,
    status: 'requested',
    iban: '******************3000',
    reason: null,
    createdAt: '2026-02-03T10:00:00.000Z',
    updatedAt: '2026-02-03T10:00:00.000Z',
    ...over,
  };
}
const list = (rows: unknown[]) => ({
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});

/** The funding page with the payments calls answered (any may be replaced). */
async function openFunding(
  handlers: Record<string, Handler> = {},
  { balance = 1500, language = 'en' }: { balance?: number; language?: LanguageCode } = {},
) {
  const api = mockSignedIn(
    {
      'GET /api/dashboard/investor': { data: { ...sampleDashboard, balance } },
      [`GET ${INSTRUCTIONS}`]: instructions,
      [`GET ${BANK}`]: { data: account },
      [`GET ${MINE}`]: list([]),
      ...handlers,
    },
    { balance },
  );
  const user = userEvent.setup();
  renderApp('/user/funding', { language });
  await screen.findByRole('heading', { level: 1 });
  return { ...api, user };
}

const withdrawPanel = () => screen.getByRole('region', { name: /^(Withdraw|Auszahlen)$/ });

describe('/user/funding: Add funds', () => {
  it('shows the bank details and the RF reference grouped by four, each with a copy button', async () => {
    const { user } = await openFunding();
    const add = screen.getByRole('region', { name: 'Add funds' });
    expect(await within(add).findByTestId('deposit-iban')).toHaveTextContent(/^DE89 3704 0044 0532 0130 00$/);
    expect(within(add).getByTestId('deposit-bic')).toHaveTextContent(/^COBADEFFXXX$/);
    expect(within(add).getByTestId('deposit-beneficiary')).toHaveTextContent(/^AfriVest Client Money$/);
    expect(within(add).getByTestId('deposit-reference')).toHaveTextContent(/^RF37 AV00 1000 01$/);
    expect(add).toHaveTextContent(
      "Enter your reference RF37 AV00 1000 01 as the transfer's reference (or in its description)",
    );
    expect(add).toHaveTextContent('Transfer at least €30.00 from a bank account in your name');
    expect(add).toHaveTextContent('credited to your balance automatically');

    await user.click(within(add).getByRole('button', { name: 'Copy IBAN' }));
    expect(await navigator.clipboard.readText()).toBe('DE89370400440532013000');
    expect(within(add).getByRole('status')).toHaveTextContent('IBAN copied.');
    await user.click(within(add).getByRole('button', { name: 'Copy Your personal reference' }));
    expect(await navigator.clipboard.readText()).toBe('RF37AV00100001');
    expect(within(add).getByRole('status')).toHaveTextContent('Your personal reference copied.');
  });
});

describe('/user/funding: Withdraw', () => {
  it('without a bank account says so and links to the profile section; no amount field', async () => {
    await openFunding({ [`GET ${BANK}`]: { data: null } });
    const panel = withdrawPanel();
    expect(
      await within(panel).findByText(/Register the bank account \(IBAN\) the money should go to/),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Add your bank account' })).toHaveAttribute(
      'href',
      '/user/profile#bank-account',
    );
    expect(within(panel).queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Available balance€1,500.00');
  });

  it('during the hold after an IBAN change says until when and offers no review', async () => {
    const until = '2026-02-04T09:30:00.000Z';
    await openFunding({ [`GET ${BANK}`]: { data: { ...account, verified: false, heldUntil: until } } });
    const panel = withdrawPanel();
    expect(
      await within(panel).findByText(
        `Your bank account was changed recently: for your safety, withdrawals are possible again from ${formatMoment(until, 'en')}.`,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  });

  it('checks the amount, reviews, confirms with an Idempotency-Key and shows the receipt', async () => {
    let balance = 1500;
    let rows: unknown[] = [];
    const created = withdrawal({ _id: 'w-9', amount: 250.5, createdAt: '2026-02-05T08:15:00.000Z' });
    const { user, calls } = await openFunding({
      'GET /api/balances/my-balance': () => ({ balance }),
      [`GET ${MINE}`]: () => list(rows),
      [`POST ${WITHDRAW}`]: () => {
        balance = 1249.5;
        rows = [created];
        return jsonResponse(201, { data: created });
      },
    });
    const panel = withdrawPanel();
    const amount = await within(panel).findByRole('textbox', { name: /Amount/ });

    await user.click(within(panel).getByRole('button', { name: 'Review withdrawal' }));
    expect(amount).toHaveAccessibleDescription('Please enter the amount.');
    await fill(user, amount, '2000');
    await user.click(within(panel).getByRole('button', { name: 'Review withdrawal' }));
    expect(amount).toHaveAccessibleDescription('The amount is above your available balance of €1,500.00.');
    await fill(user, amount, '250,50');
    await user.click(within(panel).getByRole('button', { name: 'Review withdrawal' }));

    const review = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    expect(within(review).getByText('€250.50')).toBeInTheDocument();
    expect(within(review).getByText('******************3000')).toBeInTheDocument();
    expect(within(review).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(review).toHaveTextContent('€250.50 is held at once');
    expect(bodiesOf(calls, 'POST', WITHDRAW)).toEqual([]);

    await user.click(within(review).getByRole('button', { name: 'Confirm withdrawal' }));
    const receipt = await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    const posts = calls.filter((call) => call.method === 'POST' && call.path === WITHDRAW);
    expect(posts.map((call) => call.body)).toEqual([{ amount: 250.5 }]);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    expect(
      within(receipt).getByRole('heading', { name: 'Your withdrawal of €250.50 has been requested.' }),
    ).toHaveFocus();
    expect(within(receipt).getByText('Requested')).toBeInTheDocument();
    expect(receipt).toHaveTextContent(`Requested on${formatMoment('2026-02-05T08:15:00.000Z', 'en')}`);
    await waitFor(() => expect(receipt).toHaveTextContent('Your balance now€1,249.50'));
    expect(receipt).toHaveTextContent('What happens next: our team checks the request');

    await user.click(within(receipt).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(amount).toHaveValue('');
    const rowsShown = await screen.findAllByTestId('withdrawal-row');
    expect(rowsShown.map((row) => row.textContent)).toEqual([
      `€250.50Feb 5, 2026 · to ******************3000RequestedCancel`,
    ]);
  });

  it('shows a refusal translated by its code and keeps the key within one review; a new review has a new key', async () => {
    const { user, calls } = await openFunding(
      {
        [`POST ${WITHDRAW}`]: jsonResponse(400, {
          message: 'The amount is above your available balance of €100.00.',
          code: 'payments.insufficient_balance',
          params: { availableAmount: 100 },
        }),
      },
      { language: 'de' },
    );
    const panel = withdrawPanel();
    await fill(user, await within(panel).findByRole('textbox', { name: /Betrag/ }), '250');
    await user.click(within(panel).getByRole('button', { name: 'Auszahlung prüfen' }));
    let review = await screen.findByRole('dialog', { name: 'Auszahlung prüfen' });
    await user.click(within(review).getByRole('button', { name: 'Auszahlung bestätigen' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      'Der Betrag übersteigt Ihr verfügbares Guthaben von 100,00 €.',
    );
    await user.click(within(review).getByRole('button', { name: 'Auszahlung bestätigen' }));
    await waitFor(() => expect(calls.filter((call) => call.path === WITHDRAW)).toHaveLength(2));
    await user.click(within(review).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(panel).getByRole('button', { name: 'Auszahlung prüfen' }));
    review = await screen.findByRole('dialog', { name: 'Auszahlung prüfen' });
    await user.click(within(review).getByRole('button', { name: 'Auszahlung bestätigen' }));
    await waitFor(() => expect(calls.filter((call) => call.path === WITHDRAW)).toHaveLength(3));
    const keys = calls
      .filter((call) => call.path === WITHDRAW)
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('explains a missing identity verification with a link, and the hold with its date', async () => {
    const until = '2026-02-06T12:00:00.000Z';
    let answer = jsonResponse(403, {
      message: 'Please complete identity verification before withdrawing.',
      code: 'payments.kyc_required',
    });
    const { user } = await openFunding({ [`POST ${WITHDRAW}`]: () => answer });
    const panel = withdrawPanel();
    await fill(user, await within(panel).findByRole('textbox', { name: /Amount/ }), '100');
    await user.click(within(panel).getByRole('button', { name: 'Review withdrawal' }));
    const review = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    await user.click(within(review).getByRole('button', { name: 'Confirm withdrawal' }));
    const alert = await within(review).findByRole('alert');
    expect(alert).toHaveTextContent('Please complete identity verification before withdrawing.');
    expect(within(alert).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/user/verification',
    );

    answer = jsonResponse(409, {
      message: 'held',
      code: 'payments.withdrawals_held',
      params: { until },
    });
    await user.click(within(review).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() =>
      expect(within(review).getByRole('alert')).toHaveTextContent(
        `withdrawals are possible again from ${formatMoment(until, 'en')}.`,
      ),
    );
  });
});

describe('/user/funding: Your withdrawals', () => {
  it('lists the withdrawals with their status and cancels a requested one after a confirmation', async () => {
    let balance = 1000;
    let rows = [
      withdrawal({ _id: 'w-3', amount: 250, status: 'requested', createdAt: '2026-02-03T10:00:00.000Z' }),
      withdrawal({
        _id: 'w-2',
        amount: 75,
        status: 'rejected',
        reason: 'Name does not match',
        createdAt: '2026-01-20T10:00:00.000Z',
      }),
      withdrawal({ _id: 'w-1', amount: 40, status: 'sent', createdAt: '2026-01-10T10:00:00.000Z' }),
    ];
    const { user, calls } = await openFunding({
      'GET /api/balances/my-balance': () => ({ balance }),
      [`GET ${MINE}`]: () => list(rows),
      [`POST ${WITHDRAW}/w-3/cancel`]: () => {
        balance = 1250;
        rows = rows.map((row) => (row._id === 'w-3' ? { ...row, status: 'cancelled' } : row));
        return { data: rows[0] };
      },
    });
    const section = screen.getByRole('region', { name: 'Your withdrawals' });
    const shown = await within(section).findAllByTestId('withdrawal-row');
    expect(shown.map((row) => row.textContent)).toEqual([
      '€250.00Feb 3, 2026 · to ******************3000RequestedCancel',
      '€75.00Jan 20, 2026 · to ******************3000Reason: Name does not matchRejected',
      '€40.00Jan 10, 2026 · to ******************3000Sent',
    ]);
    expect(within(section).getAllByRole('button', { name: /^Cancel the withdrawal/ })).toHaveLength(1);

    await user.click(
      within(section).getByRole('button', { name: 'Cancel the withdrawal of €250.00 of Feb 3, 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveTextContent('comes back to your balance at once');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path.endsWith('/cancel'))).toHaveLength(0);

    const balanceCalls = () => calls.filter((call) => call.path === '/api/balances/my-balance').length;
    const before = balanceCalls();
    await user.click(
      within(section).getByRole('button', { name: 'Cancel the withdrawal of €250.00 of Feb 3, 2026' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' })).getByRole('button', {
        name: 'Cancel withdrawal',
      }),
    );
    expect(
      await within(section).findByText('Withdrawal cancelled: €250.00 is back on your balance.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getAllByTestId('withdrawal-row')[0]).toHaveTextContent(/Cancelled$/),
    );
    expect(within(section).queryByRole('button', { name: /^Cancel the withdrawal/ })).not.toBeInTheDocument();
    await waitFor(() => expect(balanceCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(withdrawPanel()).toHaveTextContent('Available balance€1,250.00'));
  });

  it('says so when there are none', async () => {
    await openFunding();
    expect(await screen.findByText('No withdrawals yet.')).toBeInTheDocument();
  });
});

describe('/user/profile: Bank account', () => {
  async function openProfile(handlers: Record<string, Handler>, language: 'en' | 'fr' = 'en') {
    const api = mockSignedIn(handlers);
    const user = userEvent.setup();
    await openPage('/user/profile', language === 'en' ? 'My Profile' : 'Mon profil', { language });
    const section = screen.getByRole('region', {
      name: language === 'en' ? 'Bank account' : 'Compte bancaire',
    });
    return { ...api, user, section };
  }

  it('registers a first account: own checks first, then the server field errors on their fields', async () => {
    let answer: Response = jsonResponse(400, {
      message: "The account holder's name may have at most 70 characters.",
      code: 'payments.holder_name_too_long',
      params: { field: 'holderName' },
      errors: { holderName: "The account holder's name may have at most 70 characters." },
      codes: { holderName: 'payments.holder_name_too_long' },
    });
    const { user, section, calls } = await openProfile({
      [`GET ${BANK}`]: { data: null },
      [`PUT ${BANK}`]: () => answer,
    });
    expect(section).toHaveAttribute('id', 'bank-account');
    const iban = await within(section).findByRole('textbox', { name: /IBAN/ });
    const holder = within(section).getByRole('textbox', { name: /Account holder's name/ });
    expect(holder).toHaveValue('Ada Lovelace');

    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));
    expect(iban).toHaveAccessibleDescription('Please enter your IBAN.');
    await fill(user, iban, 'DE89 3704 0044 0532 0130 01');
    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));
    expect(iban).toHaveAccessibleDescription(
      'This IBAN is not valid: please check it (ISO 13616 check digits and country format).',
    );
    await fill(user, iban, 'BR1500000000000010932840814P2');
    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));
    expect(iban).toHaveAccessibleDescription(
      'This IBAN is from a country outside the SEPA area: we can only pay to SEPA accounts.',
    );
    expect(bodiesOf(calls, 'PUT', BANK)).toEqual([]);

    await fill(user, iban, 'DE89 3704 0044 0532 0130 00');
    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() =>
      expect(holder).toHaveAccessibleDescription("The account holder's name may have at most 70 characters."),
    );
    expect(holder).toHaveFocus();

    answer = jsonResponse(200, { data: { ...account, iban: '******************3000' } });
    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));
    expect(await within(section).findByText('Bank account saved: withdrawals go to it.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', BANK)).toEqual([
      { iban: 'DE89 3704 0044 0532 0130 00', holderName: 'Ada Lovelace' },
      { iban: 'DE89 3704 0044 0532 0130 00', holderName: 'Ada Lovelace' },
    ]);
    expect(within(section).getByText('******************3000')).toBeInTheDocument();
    expect(section).toHaveTextContent('StatusVerified: withdrawals possible');
  });

  it("shows the server field error in the reader's language", async () => {
    const { user, section } = await openProfile(
      {
        [`GET ${BANK}`]: { data: null },
        [`PUT ${BANK}`]: jsonResponse(400, {
          message: 'This IBAN is not valid: please check it (ISO 13616 check digits and country format).',
          code: 'payments.invalid_iban',
          params: { field: 'iban' },
          errors: {
            iban: 'This IBAN is not valid: please check it (ISO 13616 check digits and country format).',
          },
          codes: { iban: 'payments.invalid_iban' },
        }),
      },
      'fr',
    );
    const iban = await within(section).findByRole('textbox', { name: /IBAN/ });
    await fill(user, iban, 'NL91ABNA0417164300');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer le compte bancaire' }));
    await waitFor(() => expect(iban).toHaveAccessibleDescription(/^Cet IBAN n.est pas valide/));
  });

  it('is where the withdraw panel links to: /user/profile#bank-account focuses it', async () => {
    mockSignedIn({ [`GET ${BANK}`]: { data: account } });
    await openPage('/user/profile#bank-account', 'My Profile');
    const section = screen.getByRole('region', { name: 'Bank account' });
    await waitFor(() => expect(section).toHaveFocus());
  });

  it('warns before changing a registered account, then shows the hold', async () => {
    const until = '2026-02-06T09:00:00.000Z';
    const { user, section, calls } = await openProfile({
      [`GET ${BANK}`]: { data: account },
      [`PUT ${BANK}`]: {
        data: { iban: '**************4300', holderName: 'Ada King', verified: false, heldUntil: until },
      },
    });
    expect(await within(section).findByText('******************3000')).toBeInTheDocument();
    expect(section).toHaveTextContent('Account holderAda Lovelace');
    expect(section).toHaveTextContent('StatusVerified: withdrawals possible');

    await user.click(within(section).getByRole('button', { name: 'Change bank account' }));
    await fill(user, within(section).getByRole('textbox', { name: /IBAN/ }), 'NL91ABNA0417164300');
    await fill(user, within(section).getByRole('textbox', { name: /Account holder's name/ }), 'Ada King');
    await user.click(within(section).getByRole('button', { name: 'Save bank account' }));

    const warning = await screen.findByRole('dialog', { name: 'Change your bank account?' });
    expect(warning).toHaveTextContent('withdrawals are held for 24 hours for your safety');
    expect(warning).toHaveTextContent('we send you an e-mail about the change');
    expect(bodiesOf(calls, 'PUT', BANK)).toEqual([]);
    await user.click(within(warning).getByRole('button', { name: 'Save the change' }));

    expect(
      await within(section).findByText(
        `Bank account changed. For your safety, withdrawals are possible again from ${formatMoment(until, 'en')}; we have sent you an e-mail.`,
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', BANK)).toEqual([{ iban: 'NL91ABNA0417164300', holderName: 'Ada King' }]);
    expect(section).toHaveTextContent(`Withdrawals held until ${formatMoment(until, 'en')} after the change`);
    expect(within(section).getByText('**************4300')).toBeInTheDocument();
  });
});
