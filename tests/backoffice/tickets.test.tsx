/**
 * The support ticket screens of the back office on the real dataProvider over a fake API: the admin
 * list (deadline order asked for, overdue complaints marked, filters sent), a ticket's page (thread,
 * reply, status change, closed ticket), and the corporate New ticket form (checks, payload, redirect).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { TicketList } from '../../src-backoffice/resources/tickets/TicketList';
import { TicketShow } from '../../src-backoffice/resources/tickets/TicketShow';
import { MyTicketList } from '../../src-backoffice/corporate/tickets/MyTicketList';
import { TicketCreate } from '../../src-backoffice/corporate/tickets/TicketCreate';
import { CorporateTicketShow } from '../../src-backoffice/corporate/tickets/TicketShow';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const DAY = 86_400_000;

const author = { id: 'u1', firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com', role: 'user' };
const admin = { id: 'a1', firstName: 'Ada', lastName: 'Admin', role: 'admin' };

const ticket = (fields: object = {}) => ({
  _id: T1,
  number: 7,
  subject: 'My payout is late',
  category: 'complaint',
  status: 'open',
  createdAt: new Date(Date.now() - 20 * DAY).toISOString(),
  updatedAt: new Date(Date.now() - 20 * DAY).toISOString(),
  respondBy: new Date(Date.now() - 6 * DAY).toISOString(),
  author,
  messages: [
    {
      _id: 'm1',
      body: 'Where is my money?',
      createdAt: new Date(Date.now() - 20 * DAY).toISOString(),
      author: { id: 'u1', firstName: 'Ivy', lastName: 'Investor', role: 'user' },
    },
  ],
  ...fields,
});

type Handler = (request: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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

function renderScreens(api: ReturnType<typeof fakeApi>, app: 'admin' | 'corporate', path: string) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app, client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <ResourceContextProvider value="tickets">
          <Routes>
            <Route path="/tickets" element={app === 'admin' ? <TicketList /> : <MyTicketList />} />
            <Route path="/tickets/create" element={<TicketCreate />} />
            <Route
              path="/tickets/:id/show"
              element={app === 'admin' ? <TicketShow /> : <CorporateTicketShow />}
            />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('admin tickets list', () => {
  it('asks for the oldest deadline first, marks an overdue complaint and sends the filters', async () => {
    const overdue = ticket();
    const question = ticket({
      _id: T2,
      number: 8,
      subject: 'How do I change my e-mail?',
      category: 'account',
      respondBy: null,
    });
    const api = fakeApi({
      'GET /api/admin/tickets': () =>
        json({ data: [overdue, question], pagination: { page: 1, limit: 10, total: 2, totalPages: 1 } }),
    });
    renderScreens(api, 'admin', '/tickets');
    const row = (await screen.findByText('My payout is late')).closest('tr')!;
    expect(within(row).getByText('#7')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('Complaint')).toBeInTheDocument();
    expect(within(row).getByText('ivy@example.com')).toBeInTheDocument();
    const other = screen.getByText('How do I change my e-mail?').closest('tr')!;
    expect(within(other).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(other).getByText('Account')).toBeInTheDocument();
    const first = new URL(api.calls[0]!.url);
    expect(first.searchParams.get('sortBy')).toBe('respondBy');
    expect(first.searchParams.get('order')).toBe('asc');

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('combobox', { name: 'Status' })[0]!);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'In Progress' }));
    await waitFor(() =>
      expect(api.calls.some((r) => new URL(r.url).searchParams.get('status') === 'in_progress')).toBe(true),
    );
  });
});

describe('a ticket for an admin', () => {
  it('shows the thread, sends a reply and shows the new status', async () => {
    let current = ticket({ category: 'payments', respondBy: null });
    const api = fakeApi({
      [`GET /api/tickets/${T1}`]: () => json({ data: current }),
      [`POST /api/tickets/${T1}/messages`]: async (request) => {
        const { message } = (await request.json()) as { message: string };
        current = {
          ...current,
          status: 'in_progress',
          messages: [
            ...current.messages,
            { _id: 'm2', body: message, createdAt: new Date().toISOString(), author: admin },
          ],
        };
        return json({ message: 'Reply sent.', data: current }, 201);
      },
    });
    renderScreens(api, 'admin', `/tickets/${T1}/show`);
    expect(await screen.findByText('Where is my money?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '#7 My payout is late' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message is required.')).toBeInTheDocument();
    expect(api.calls.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Paid today.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    const post = api.calls.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ message: 'Paid today.' });
    expect(await screen.findByText('Paid today.')).toBeInTheDocument();
    expect(screen.getByText('Support team')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue(''));
  });

  it('changes the status with PATCH and a closed ticket takes no reply', async () => {
    let current = ticket();
    const api = fakeApi({
      [`GET /api/tickets/${T1}`]: () => json({ data: current }),
      [`PATCH /api/admin/tickets/${T1}`]: async (request) => {
        const { status } = (await request.json()) as { status: string };
        current = { ...current, status };
        return json({ message: 'Updated successfully', data: current });
      },
    });
    renderScreens(api, 'admin', `/tickets/${T1}/show`);
    expect(await screen.findByText('Where is my money?')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Change status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Closed' }));
    expect(await screen.findByText('Status changed.')).toBeInTheDocument();
    const patch = api.calls.find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ status: 'closed' });
    expect(await screen.findByText('This ticket is closed: it takes no more replies.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    // A closed complaint is not overdue any more.
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });
});

describe('corporate: its tickets', () => {
  it('lists its own tickets (GET /api/tickets/mine) with New ticket and the status filter', async () => {
    const api = fakeApi({
      'GET /api/tickets/mine': () =>
        json({
          data: [ticket({ status: 'resolved', respondBy: null, category: 'account' })],
          pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
        }),
    });
    renderScreens(api, 'corporate', '/tickets');
    const row = (await screen.findByText('My payout is late')).closest('tr')!;
    expect(within(row).getByText('#7')).toBeInTheDocument();
    expect(within(row).getByText('Resolved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/tickets/create');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Resolved' }));
    await waitFor(() =>
      expect(api.calls.some((r) => new URL(r.url).searchParams.get('status') === 'resolved')).toBe(true),
    );
    expect(new URL(api.calls[0]!.url).pathname).toBe('/api/tickets/mine');
  });
});

describe('corporate: new ticket and its page', () => {
  it('checks the fields, sends subject, category and message, then opens the ticket', async () => {
    const api = fakeApi({
      'POST /api/tickets': async (request) => {
        const body = (await request.json()) as { subject: string; category: string; message: string };
        return json(
          {
            message: 'Ticket created.',
            data: ticket({
              subject: body.subject,
              category: body.category,
              respondBy: null,
              createdAt: new Date().toISOString(),
              messages: [{ ...ticket().messages[0]!, body: body.message }],
            }),
          },
          201,
        );
      },
      [`GET /api/tickets/${T1}`]: () =>
        json({ data: ticket({ subject: 'Our address changed', category: 'account', respondBy: null }) }),
    });
    renderScreens(api, 'corporate', '/tickets/create');
    const user = userEvent.setup();
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await user.type(subject, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subject must be at least 3 characters.')).toBeInTheDocument();
    expect(
      screen.getByText('Choose a category: payments, account, investment, technical or complaint.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.clear(subject);
    await user.type(subject, 'Our address changed');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Complaint' }));
    expect(
      screen.getByText('A complaint is answered within 10 working days (Monday to Friday).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Account' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'How do we update it?');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ticket created.')).toBeInTheDocument();
    const post = api.calls.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({
      subject: 'Our address changed',
      category: 'account',
      message: 'How do we update it?',
    });
    expect(await screen.findByRole('heading', { name: '#7 Our address changed' })).toBeInTheDocument();
    // The company sees no status control and no author field.
    expect(screen.queryByRole('combobox', { name: 'Change status' })).not.toBeInTheDocument();
  });
});
