/**
 * Deposits and withdrawals in the back office (issue 27): the admin's withdrawals (bulk approve,
 * reject with a reason, the SEPA payment file), the bank-statement upload and the assignment of an
 * unmatched entry; the company's withdrawal (review, receipt) and its bank-account form. The real
 * dataProvider on a fake API (as tests/backoffice/servicing.test.tsx); the mapping onto the real
 * server is tests/server/dataprovider-verbs.test.ts.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import type { Role } from '../../src-shared/constants/enums';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { canAccess, type BackofficeApp } from '../../src-backoffice/providers/canAccess';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { WithdrawalList } from '../../src-backoffice/resources/withdrawals/WithdrawalList';
import { PaymentFileList } from '../../src-backoffice/resources/withdrawals/PaymentFileList';
import { StatementEntryList } from '../../src-backoffice/resources/bank-statements/StatementEntryList';
import { StatementImportPage } from '../../src-backoffice/resources/bank-statements/StatementImportPage';
import { FundingPage } from '../../src-backoffice/corporate/funding/FundingPage';
import { BankAccountSection } from '../../src-backoffice/corporate/funding/BankAccountSection';
import { attachmentName } from '../../src-backoffice/providers/resources/payments';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const ANN = '33333333-3333-4333-8333-333333333333';
const ENTRY = '44444444-4444-4444-8444-444444444444';

const withdrawal = (id: string, fields = {}) => ({
  _id: id,
  amount: 100,
  status: 'requested',
  iban: '******************3000',
  reason: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  holderName: 'Ann Lee',
  user: { id: ANN, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
  exportId: null,
  decidedAt: null,
  ...fields,
});

const WITHDRAWALS = [
  withdrawal(W1, { amount: 150.25 }),
  withdrawal(W2, {
    amount: 49.75,
    holderName: 'Bo Diaz',
    user: { id: 'b', firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.com' },
  }),
];

const page = (data: unknown[]) => ({
  data,
  pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 },
});

type Handler = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(
    {
      message,
      code,
      ...(fields
        ? {
            errors: Object.fromEntries(Object.keys(fields).map((k) => [k, message])),
            codes: fields,
          }
        : {}),
    },
    status,
  );

function fakeApi(handlers: Record<string, Handler>) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const url = new URL(request.url);
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (handler) return handler(request);
    return json({ message: 'Not found.', code: 'common.not_found' }, 404);
  });
  return { fetch, calls };
}
type FakeApi = ReturnType<typeof fakeApi>;

const sent = (api: FakeApi, method: string, path: string) =>
  api.calls.filter((r) => r.method === method && new URL(r.url).pathname === path);

const authAs = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
  canAccess: async ({ resource, action }) => canAccess(role, { resource, action }),
});

function renderAt(
  api: FakeApi,
  path: string,
  { app = 'admin', language = 'en' }: { app?: BackofficeApp; language?: 'en' | 'de' } = {},
) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n(language, 'backoffice', resources));
  const dataProvider = createDataProvider({ app, client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        authProvider={authAs(app === 'admin' ? 'admin' : 'corporate')}
      >
        <Routes>
          <Route
            path="/withdrawals"
            element={
              <ResourceContextProvider value="withdrawals">
                <WithdrawalList />
              </ResourceContextProvider>
            }
          />
          <Route
            path="/withdrawal-exports"
            element={
              <ResourceContextProvider value="withdrawal-exports">
                <PaymentFileList />
              </ResourceContextProvider>
            }
          />
          <Route
            path="/bank-statement-entries"
            element={
              <ResourceContextProvider value="bank-statement-entries">
                <StatementEntryList />
              </ResourceContextProvider>
            }
          />
          <Route path="/bank-statements/import" element={<StatementImportPage />} />
          <Route path="/funding" element={<FundingPage />} />
          <Route path="/bank-account" element={<BankAccountSection />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** What the browser was asked to save: the anchor's name and the blob's text. */
function watchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob;
    return 'blob:payment-file';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  return saved;
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the withdrawals list', () => {
  it('lists the requested withdrawals by default and approves the selected ones in bulk, one PATCH each, reporting a refusal per row', async () => {
    const api = fakeApi({
      'GET /api/admin/withdrawals': () => json(page(WITHDRAWALS)),
      [`PATCH /api/admin/withdrawals/${W1}`]: async () =>
        json({ message: 'Updated successfully', data: { ...withdrawal(W1), status: 'approved' } }),
      [`PATCH /api/admin/withdrawals/${W2}`]: () =>
        refusal(409, 'payments.already_decided', 'This withdrawal has already been decided.'),
    });
    const user = userEvent.setup();
    renderAt(api, '/withdrawals');

    const table = await screen.findByRole('table');
    await within(table).findByText('Ann Lee', { selector: 'p, span' });
    expect(within(table).getByText('€150.25')).toBeInTheDocument();
    expect(within(table).getAllByText('******************3000')).toHaveLength(2);
    expect(within(table).getAllByText('Requested').length).toBeGreaterThan(0);
    const query = new URL(sent(api, 'GET', '/api/admin/withdrawals')[0]!.url).searchParams;
    expect(query.get('status')).toBe('requested');

    await user.click(within(table).getByRole('checkbox', { name: /select all/i }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawals' });
    expect(dialog).toHaveTextContent('Approve 2 withdrawals totalling €200.00?');
    // Nothing moves before the confirmation.
    expect(api.calls.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 withdrawals' }));
    await within(dialog).findByText('1 withdrawal approved.');
    const patches = api.calls.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => new URL(r.url).pathname).sort()).toEqual(
      [`/api/admin/withdrawals/${W1}`, `/api/admin/withdrawals/${W2}`].sort(),
    );
    for (const patch of patches) expect(await patch.json()).toEqual({ status: 'approved' });
    expect(dialog).toHaveTextContent('1 withdrawal could not be approved:');
    const failed = within(dialog).getByRole('list', { name: 'Withdrawals not approved' });
    expect(failed).toHaveTextContent('Bo Diaz · €49.75');
    expect(failed).toHaveTextContent('This withdrawal has already been decided.');
    expect(await screen.findByText('1 approved, 1 refused: see the list in the dialog.')).toBeInTheDocument();
  });

  it('rejects only with a reason, after a review, and says the money went back', async () => {
    const api = fakeApi({
      'GET /api/admin/withdrawals': () => json(page([WITHDRAWALS[0]])),
      [`PATCH /api/admin/withdrawals/${W1}`]: () =>
        json({
          message: 'Updated successfully',
          data: { ...withdrawal(W1), status: 'rejected', reason: 'Holder differs' },
        }),
    });
    const user = userEvent.setup();
    renderAt(api, '/withdrawals');
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject the withdrawal of €150.25 by Ann Lee');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Give the reason of the rejection.')).toBeInTheDocument();
    expect(api.calls.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Holder differs ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(
      'Reject the withdrawal of €150.25 by Ann Lee? €150.25 goes back to their balance.',
    );
    expect(dialog).toHaveTextContent('Reason: Holder differs');
    expect(api.calls.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Reject and refund' }));
    expect(
      await screen.findByText('Withdrawal rejected: €150.25 went back to the balance of Ann Lee.'),
    ).toBeInTheDocument();
    const [patch] = sent(api, 'PATCH', `/api/admin/withdrawals/${W1}`);
    expect(await patch!.json()).toEqual({ status: 'rejected', reason: 'Holder differs' });
  });

  it('exports the payment file after a confirmation with the count and total, and the browser saves it', async () => {
    const xml = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>';
    const approved = [
      withdrawal(W1, { status: 'approved', amount: 150.25 }),
      withdrawal(W2, { status: 'approved', amount: 49.75 }),
    ];
    const api = fakeApi({
      'GET /api/admin/withdrawals': (request) =>
        json(page(new URL(request.url).searchParams.get('status') === 'approved' ? approved : WITHDRAWALS)),
      'POST /api/admin/withdrawals/export': () =>
        new Response(xml, {
          status: 200,
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Content-Disposition': 'attachment; filename="pain001-AV20260302.xml"',
            'x-export-id': 'exp-1',
          },
        }),
    });
    const saved = watchDownloads();
    const user = userEvent.setup();
    renderAt(api, '/withdrawals');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export payment file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the SEPA payment file' });
    await within(dialog).findByText(/2 approved withdrawals, €200.00 in all, are not exported yet/);
    expect(sent(api, 'POST', '/api/admin/withdrawals/export')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Export and download' }));
    expect(
      await screen.findByText('Payment file pain001-AV20260302.xml downloaded: 2 transfers, €200.00.'),
    ).toBeInTheDocument();
    expect(sent(api, 'POST', '/api/admin/withdrawals/export')).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('pain001-AV20260302.xml');
    expect(await saved[0]!.blob.text()).toBe(xml);
  });

  it('shows "nothing to export" (409) in the reader\'s language and saves nothing', async () => {
    const api = fakeApi({
      'GET /api/admin/withdrawals': () => json(page([])),
      'POST /api/admin/withdrawals/export': () =>
        refusal(409, 'payments.nothing_to_export', 'There is no approved withdrawal left to export.'),
    });
    const saved = watchDownloads();
    const user = userEvent.setup();
    renderAt(api, '/withdrawals', { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Zahlungsdatei exportieren' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Keine genehmigte Auszahlung wartet auf den Export.');
    await user.click(within(dialog).getByRole('button', { name: 'Exportieren und herunterladen' }));
    expect(
      await screen.findByText('Es gibt keine genehmigte Auszahlung mehr zu exportieren.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('lists the payment files and downloads one again', async () => {
    const api = fakeApi({
      'GET /api/admin/withdrawals/exports': () =>
        json(
          page([
            {
              _id: 'exp-1',
              messageId: 'AV20260302',
              count: 2,
              total: 200,
              createdAt: '2026-03-02T10:00:00.000Z',
            },
          ]),
        ),
      'GET /api/admin/withdrawals/exports/exp-1': () =>
        new Response('<Document/>', {
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="pain001-AV20260302.xml"',
          },
        }),
    });
    const saved = watchDownloads();
    const user = userEvent.setup();
    renderAt(api, '/withdrawal-exports');
    const table = await screen.findByRole('table');
    await within(table).findByText('AV20260302');
    expect(within(table).getByText('€200.00')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Download payment file AV20260302' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('pain001-AV20260302.xml');
  });

  it('reads the file name of an attachment header', () => {
    expect(attachmentName('attachment; filename="pain001-X.xml"', 'f.xml')).toBe('pain001-X.xml');
    expect(attachmentName(null, 'pain001-2026-03-02.xml')).toBe('pain001-2026-03-02.xml');
  });
});

describe('bank statements', () => {
  const statement = () =>
    new File(['<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>'], 'camt053.xml', {
      type: 'application/xml',
    });

  it('uploads a camt.053 file and shows what the import credited, skipped and could not match', async () => {
    const api = fakeApi({
      'POST /api/admin/bank-statements': () =>
        json({
          data: {
            credited: 2,
            duplicates: 1,
            unmatched: [
              {
                _id: ENTRY,
                amount: 50,
                currency: 'EUR',
                reference: null,
                name: 'Ann Lee',
                bookingDate: '2026-03-02',
                reason: 'no_reference',
              },
            ],
          },
        }),
    });
    const user = userEvent.setup();
    const { container } = renderAt(api, '/bank-statements/import');
    await screen.findByText('Bank statement (camt.053)');
    const send = screen.getByRole('button', { name: 'Import' });
    expect(send).toBeDisabled();
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, statement());
    await screen.findByText('Chosen: camt053.xml');
    await user.click(send);

    const result = await screen.findByRole('region', { name: 'Result of the import' });
    expect(result).toHaveTextContent('2 entries credited.');
    expect(result).toHaveTextContent('1 entry was imported before (nothing credited again).');
    expect(result).toHaveTextContent('1 entry not matched.');
    const row = within(result).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('€50.00');
    expect(row).toHaveTextContent('Ann Lee');
    expect(row).toHaveTextContent('No reference');
    const [post] = sent(api, 'POST', '/api/admin/bank-statements');
    const form = await post!.formData();
    // jsdom's File loses its name and bytes on the way into fetch's Request; its type stays.
    expect((form.get('file') as File).type).toBe('application/xml');
  });

  it('shows a file that is not a camt.053 (400) translated', async () => {
    const api = fakeApi({
      'POST /api/admin/bank-statements': () =>
        refusal(400, 'payments.not_camt053', 'This file is not an ISO 20022 camt.053 bank statement.'),
    });
    const user = userEvent.setup();
    const { container } = renderAt(api, '/bank-statements/import', { language: 'de' });
    await screen.findByText('Kontoauszug (camt.053)');
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, statement());
    await user.click(await screen.findByRole('button', { name: 'Importieren' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Import fehlgeschlagen');
    expect(alert).toHaveTextContent('Diese Datei ist kein Kontoauszug im Format ISO 20022 camt.053.');
  });

  it('assigns an unmatched entry to a person after the review line "Credit EUR X to NAME"', async () => {
    const entry = {
      _id: ENTRY,
      amount: 50,
      currency: 'EUR',
      credit: true,
      reference: null,
      name: 'A. Lee',
      remittance: 'Deposit Ann',
      bookingDate: '2026-03-02',
      status: 'unmatched',
      reason: 'no_reference',
      userId: null,
      createdAt: '2026-03-02T10:00:00.000Z',
    };
    const balanceRow = {
      id: 'bal-1',
      user: { id: ANN, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
      balance: 10,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const api = fakeApi({
      'GET /api/admin/bank-statements/entries': () =>
        json(page([entry, { ...entry, _id: 'debit-1', credit: false, reason: 'debit', name: 'Bank' }])),
      'GET /api/balances': () => json(page([balanceRow])),
      [`POST /api/admin/bank-statements/entries/${ENTRY}/assign`]: () =>
        json({ data: { ...entry, status: 'assigned', reason: null, userId: ANN } }),
    });
    const user = userEvent.setup();
    renderAt(api, '/bank-statement-entries');
    const table = await screen.findByRole('table');
    await within(table).findAllByText('Deposit Ann');
    expect(
      new URL(sent(api, 'GET', '/api/admin/bank-statements/entries')[0]!.url).searchParams.get('status'),
    ).toBe('unmatched');
    // The debit cannot be assigned: one button only.
    const buttons = within(table).getAllByRole('button', { name: 'Assign' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Assign €50.00 to a person' });

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the person to credit.');

    await user.type(within(dialog).getByRole('combobox', { name: 'Person' }), 'Ann');
    await user.click(await screen.findByRole('option', { name: 'Ann Lee (ann@example.com)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Her name on the transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Credit €50.00 to Ann Lee')).toBeInTheDocument();
    expect(sent(api, 'POST', `/api/admin/bank-statements/entries/${ENTRY}/assign`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('€50.00 credited to Ann Lee.')).toBeInTheDocument();
    const [post] = sent(api, 'POST', `/api/admin/bank-statements/entries/${ENTRY}/assign`);
    expect(await post!.json()).toEqual({ userId: ANN, note: 'Her name on the transfer' });
  });
});

describe('the company’s funding page', () => {
  const account = {
    iban: '******************3000',
    holderName: 'Sunrise Ltd',
    verified: true,
    heldUntil: null,
  };
  const corporateApi = (extra: Record<string, Handler> = {}) =>
    fakeApi({
      'GET /api/payments/deposit-instructions': () =>
        json({
          data: {
            iban: 'DE89370400440532013000',
            bic: 'COBADEFFXXX',
            beneficiary: 'AfriVest Client Money',
            reference: 'RF37AV00100001',
          },
        }),
      'GET /api/payments/bank-account': () => json({ data: account }),
      'GET /api/balances/my-balance': () => json({ balance: 500 }),
      'GET /api/payments/withdrawals/mine': () => json(page([])),
      // The transactions export (issue 28) on the same page.
      'GET /api/statements/years': () =>
        json({ data: { years: [2026], firstDay: '2026-01-05', today: '2026-03-02' } }),
      ...extra,
    });

  it('shows the deposit instructions with copy buttons', async () => {
    const api = corporateApi();
    renderAt(api, '/funding', { app: 'corporate' });
    expect(await screen.findByText('RF37 AV00 1000 01')).toBeInTheDocument();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(screen.getByText('AfriVest Client Money')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Your reference' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy IBAN' })).toBeInTheDocument();
  });

  it('requests a withdrawal after a review, with an Idempotency-Key, and shows the receipt', async () => {
    const created = {
      _id: W1,
      amount: 120.5,
      status: 'requested',
      iban: account.iban,
      reason: null,
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
    };
    const api = corporateApi({ 'POST /api/payments/withdrawals': () => json({ data: created }, 201) });
    const user = userEvent.setup();
    renderAt(api, '/funding', { app: 'corporate' });
    await screen.findByText('Available balance: €500.00');
    const amount = screen.getByRole('textbox', { name: 'Amount (EUR)' });

    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('The amount is above your available balance (€500.00).')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '120.50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the withdrawal' });
    expect(dialog).toHaveTextContent('Withdraw €120.50 to ******************3000 (Sunrise Ltd)?');
    expect(dialog).toHaveTextContent('balance after: €379.50');
    expect(sent(api, 'POST', '/api/payments/withdrawals')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Withdraw €120.50' }));
    const receipt = await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    expect(receipt).toHaveTextContent('€120.50 to ******************3000');
    expect(receipt).toHaveTextContent('Status: requested.');
    const [post] = sent(api, 'POST', '/api/payments/withdrawals');
    expect(await post!.json()).toEqual({ amount: 120.5 });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('lists its withdrawals and cancels a requested one after a confirmation', async () => {
    const mine = [
      {
        _id: W1,
        amount: 80,
        status: 'requested',
        iban: account.iban,
        reason: null,
        createdAt: '2026-03-02T09:00:00.000Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
      },
      {
        _id: W2,
        amount: 30,
        status: 'rejected',
        iban: account.iban,
        reason: 'Holder differs',
        createdAt: '2026-03-01T09:00:00.000Z',
        updatedAt: '2026-03-01T09:00:00.000Z',
      },
    ];
    const api = corporateApi({
      'GET /api/payments/withdrawals/mine': () => json(page(mine)),
      [`POST /api/payments/withdrawals/${W1}/cancel`]: () =>
        json({ data: { ...mine[0], status: 'cancelled' } }),
    });
    const user = userEvent.setup();
    renderAt(api, '/funding', { app: 'corporate' });
    const table = await screen.findByRole('table', { name: 'Your withdrawals' });
    await within(table).findByText('Holder differs');
    const cancels = within(table).getAllByRole('button', { name: 'Cancel' });
    expect(cancels).toHaveLength(1);
    await user.click(cancels[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the withdrawal' }));
    expect(
      await screen.findByText('Withdrawal cancelled: €80.00 is back on your balance.'),
    ).toBeInTheDocument();
    expect(sent(api, 'POST', `/api/payments/withdrawals/${W1}/cancel`)).toHaveLength(1);
  });
});

describe('the company’s bank account form', () => {
  it('asks for both fields, shows the server’s IBAN refusal under the field, and registers the first account without a warning', async () => {
    let stored: object | null = null;
    const api = fakeApi({
      'GET /api/payments/bank-account': () => json({ data: stored }),
      'PUT /api/payments/bank-account': async (request) => {
        const body = (await request.json()) as { iban: string; holderName: string };
        if (body.iban !== 'DE89370400440532013000')
          return refusal(400, 'common.invalid_input', 'Please enter a valid IBAN.', {
            iban: 'payments.invalid_iban',
          });
        stored = {
          iban: '******************3000',
          holderName: body.holderName,
          verified: true,
          heldUntil: null,
        };
        return json({ data: stored });
      },
    });
    const user = userEvent.setup();
    renderAt(api, '/bank-account', { app: 'corporate', language: 'de' });
    await screen.findByText('Noch kein Bankkonto hinterlegt.');
    await user.click(screen.getByRole('button', { name: 'Bankkonto speichern' }));
    expect(screen.getByText('Geben Sie die IBAN ein.')).toBeInTheDocument();
    expect(screen.getByText('Geben Sie den Namen des Kontoinhabers ein.')).toBeInTheDocument();
    expect(sent(api, 'PUT', '/api/payments/bank-account')).toHaveLength(0);

    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    await user.type(screen.getByRole('textbox', { name: 'Kontoinhaber' }), 'Sunrise Ltd');
    await user.click(screen.getByRole('button', { name: 'Bankkonto speichern' }));
    const message = await screen.findAllByText(/IBAN/, { selector: '.MuiFormHelperText-root' });
    expect(message[0]).toHaveClass('Mui-error');
    expect(iban).toHaveAttribute('aria-invalid', 'true');

    await user.clear(iban);
    await user.type(iban, 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Bankkonto speichern' }));
    expect(await screen.findByText('Bankkonto gespeichert.')).toBeInTheDocument();
    expect(await screen.findByText('******************3000')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns that a change holds withdrawals for 24 business hours before it is made', async () => {
    const api = fakeApi({
      'GET /api/payments/bank-account': () =>
        json({
          data: {
            iban: '******************3000',
            holderName: 'Sunrise Ltd',
            verified: true,
            heldUntil: null,
          },
        }),
      'PUT /api/payments/bank-account': () =>
        json({
          data: {
            iban: '******************1332',
            holderName: 'Sunrise Ltd',
            verified: false,
            heldUntil: '2026-03-03T09:00:00.000Z',
          },
        }),
    });
    const user = userEvent.setup();
    renderAt(api, '/bank-account', { app: 'corporate' });
    await screen.findByText('******************3000');
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'ES9121000418450200051332');
    await user.type(screen.getByRole('textbox', { name: 'Account holder' }), 'Sunrise Ltd');
    await user.click(screen.getByRole('button', { name: 'Change bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the bank account?' });
    expect(dialog).toHaveTextContent('withdrawals are held for 24 business hours');
    expect(sent(api, 'PUT', '/api/payments/bank-account')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change it' }));
    expect(
      await screen.findByText('Bank account changed. Withdrawals are held for 24 business hours.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Withdrawals are held until/)).toBeInTheDocument();
  });
});
