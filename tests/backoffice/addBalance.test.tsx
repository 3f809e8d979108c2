import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { paymentReference } from '../../src-shared/rules/funding';
import { AddBalancePage, balanceAfter } from '../../src-backoffice/resources/balances/AddBalancePage';

const ANN = { id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };

type Answer = { status: number; json: unknown } | 'network-failure';

/**
 * The API as the page meets it: GET /api/balances?userId (Ann, €100) and POST add-balance, whose
 * answers are taken in turn from `posts`. Records every POST's Idempotency-Key and amount.
 */
function server(posts: Answer[]) {
  const sent: { key: string | null; amount: string | null }[] = [];
  const client = createApiClient({
    baseUrl: 'http://backoffice.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/balances') {
        return Response.json({
          data: [
            {
              id: 'acc1',
              user: ANN,
              balance: 100,
              createdAt: '2026-01-01T00:00:00Z',
              updatedAt: '2026-01-02T00:00:00Z',
            },
          ],
          pagination: { page: 1, limit: 1, total: 1, totalPages: 1 },
        });
      }
      if (request.method === 'POST' && url.pathname === '/api/balances/add-balance/u1') {
        const form = await request.formData();
        sent.push({
          key: request.headers.get('Idempotency-Key'),
          amount: form.get('amount') as string | null,
        });
        const answer = posts.shift() ?? { status: 500, json: { message: 'Something went wrong.' } };
        if (answer === 'network-failure') throw new TypeError('Failed to fetch');
        return Response.json(answer.json, { status: answer.status });
      }
      return Response.json({ message: 'Not found.', code: 'common.not_found' }, { status: 404 });
    },
  });
  return { client, sent };
}

function renderPage(client: ReturnType<typeof server>['client']) {
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={['/balances/add-balance/u1']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <Routes>
          <Route path="/balances/add-balance/:userId" element={<AddBalancePage />} />
          <Route path="/balances" element={<p>The balances list</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const credited = (balance: number): Answer => ({
  status: 200,
  json: { message: 'Balance updated successfully.', balance },
});

/** react-admin's dataProvider hook logs every failed call; these failures are on purpose. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});

async function fillAndReview(user: ReturnType<typeof userEvent.setup>, amount: string, note?: string) {
  const input = await screen.findByRole('spinbutton', { name: /Amount/ });
  await user.clear(input);
  await user.type(input, amount);
  if (note) await user.type(screen.getByRole('textbox', { name: 'Note' }), note);
  await user.click(screen.getByRole('button', { name: 'Review' }));
}

describe('add balance', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('computes the new balance in cents', () => {
    expect(balanceAfter(100, 150)).toBe(250);
    expect(balanceAfter(0.1, 0.2)).toBe(0.3);
    expect(balanceAfter(100, -100.01)).toBe(-0.01);
    expect(balanceAfter(undefined, 5)).toBeNull();
  });

  it('asks for a confirmation stating the person, the amount and the new balance; cancel sends nothing', async () => {
    const user = userEvent.setup();
    const api = server([credited(250)]);
    renderPage(api.client);
    expect(await screen.findByText('Current balance: €100.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add balance for Ann Lee' })).toBeInTheDocument();
    expect(
      screen.getByText(`Payment reference of their bank transfers: ${paymentReference('u1')}`),
    ).toBeInTheDocument();

    await fillAndReview(user, '150', 'Bank transfer 42');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the balance change' });
    expect(within(dialog).getByText('Add €150.00 to the balance of Ann Lee?')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance now: €100.00. New balance: €250.00.')).toBeInTheDocument();
    expect(within(dialog).getByText('Note: Bank transfer 42')).toBeInTheDocument();
    expect(within(dialog).getByText('No proof attached.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([]);

    // A deduction states what is taken away.
    await fillAndReview(user, '-40.5');
    const deduction = await screen.findByRole('dialog', { name: 'Confirm the balance change' });
    expect(within(deduction).getByText('Deduct €40.50 from the balance of Ann Lee?')).toBeInTheDocument();
    expect(within(deduction).getByText('Balance now: €100.00. New balance: €59.50.')).toBeInTheDocument();
  });

  it('refuses a deduction below zero before asking', async () => {
    const user = userEvent.setup();
    const api = server([]);
    renderPage(api.client);
    await fillAndReview(user, '-100.01');
    expect(
      await screen.findByText('This would take the balance below zero (current balance €100.00).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('sends one Idempotency-Key per form: the same key again after a failure, one call for a double click', async () => {
    quietFailures();
    const user = userEvent.setup();
    const api = server(['network-failure', credited(250)]);
    renderPage(api.client);

    await fillAndReview(user, '150');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the balance change' });
    await user.click(within(dialog).getByRole('button', { name: 'Change balance' }));
    // The answer was lost: the admin sees it and may send the same form again.
    expect(await screen.findByText('No response from server. Please try again later.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toHaveLength(1);
    const key = api.sent[0]!.key;
    expect(key).toEqual(expect.stringMatching(/^[\x21-\x7e]{8,200}$/));

    await user.click(screen.getByRole('button', { name: 'Review' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the balance change' });
    await user.dblClick(within(again).getByRole('button', { name: 'Change balance' }));

    expect(await screen.findByText('The balances list')).toBeInTheDocument();
    expect(await screen.findByText('Balance updated. New balance of Ann Lee: €250.00.')).toBeInTheDocument();
    expect(api.sent).toEqual([
      { key, amount: '150' },
      { key, amount: '150' },
    ]);
  });

  it('a new form has a new key; a key used with other values says so', async () => {
    quietFailures();
    const user = userEvent.setup();
    const first = server([credited(110)]);
    const { unmount } = renderPage(first.client);
    await fillAndReview(user, '10');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change balance' }),
    );
    expect(await screen.findByText('The balances list')).toBeInTheDocument();
    unmount();

    const second = server([
      {
        status: 422,
        json: {
          message: 'This Idempotency-Key was already used with a different request.',
          code: 'idempotency.key_reused',
        },
      },
    ]);
    renderPage(second.client);
    await fillAndReview(user, '10');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change balance' }),
    );
    expect(
      await screen.findByText(
        'This form was already sent with other values. Check the balance history before sending again, or open the form anew.',
      ),
    ).toBeVisible();
    expect(second.sent[0]!.key).not.toBe(first.sent[0]!.key);
  });
});
