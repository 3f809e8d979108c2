/**
 * The investor's support tickets (/user/tickets, /user/tickets/new, /user/tickets/:id) on the real
 * route table over a fake API: the list with its status filter, the New ticket form (checks, payload,
 * the prefill from the address), the conversation with a reply, a closed ticket and another person's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fill,
  findToast,
  jsonResponse,
  mockSignedIn,
  renderApp,
  setUpPageTests,
  stubPhoneWidth,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/tickets/TicketsPage'),
  () => import('../../src-public/investor/tickets/NewTicketPage'),
  () => import('../../src-public/investor/tickets/TicketPage'),
);

const ID = '11111111-1111-4111-8111-111111111111';
const DAY = 86_400_000;
const me = { id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', role: 'user' };
const staff = { id: 'a-1', firstName: 'Ada', lastName: 'Admin', role: 'admin' };

const ticket = (fields: object = {}) => ({
  _id: ID,
  number: 12,
  subject: 'Late payout',
  category: 'complaint',
  status: 'in_progress',
  createdAt: new Date(Date.now() - 20 * DAY).toISOString(),
  updatedAt: new Date(Date.now() - 19 * DAY).toISOString(),
  respondBy: new Date(Date.now() - 6 * DAY).toISOString(),
  author: { ...me, email: 'ada@example.com' },
  messages: [
    { _id: 'm1', body: 'Where is my payout?', createdAt: '2026-01-01T10:00:00Z', author: me },
    { _id: 'm2', body: 'We are checking with the bank.', createdAt: '2026-01-02T10:00:00Z', author: staff },
  ],
  ...fields,
});
const list = (rows: object[]) => ({
  data: rows,
  pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
});

describe('/user/tickets', () => {
  it('lists the tickets with number, status, deadline (overdue marked) and a status filter in the address', async () => {
    const question = ticket({
      _id: '22222222-2222-4222-8222-222222222222',
      number: 13,
      subject: 'Change my e-mail',
      category: 'account',
      status: 'open',
      respondBy: null,
    });
    const { calls } = mockSignedIn({
      'GET /api/tickets/mine': (call: { url: string }) =>
        new URL(call.url, 'http://x').searchParams.get('status') === 'open'
          ? list([question])
          : list([question, ticket()]),
    });
    const { router } = renderApp('/user/tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support tickets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tickets' })).toHaveAttribute('aria-current', 'page');
    const row = (await screen.findByRole('link', { name: 'Late payout' })).closest('tr')!;
    expect(within(row).getByText('#12')).toBeInTheDocument();
    expect(within(row).getByText('Complaint')).toBeInTheDocument();
    expect(within(row).getByText('In Progress')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Late payout' })).toHaveAttribute('href', `/user/tickets/${ID}`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Open' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Late payout' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?status=open');
    expect(calls.some((c) => c.url.includes('status=open'))).toBe(true);

    await user.click(screen.getByRole('link', { name: 'New ticket' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toBeInTheDocument();
  });

  it('on a phone folds category, opened and respond-by dates under the subject, each named', async () => {
    stubPhoneWidth();
    try {
      const complaint = ticket({ createdAt: '2026-11-16T10:00:00Z', respondBy: '2026-11-30T10:00:00Z' });
      mockSignedIn({ 'GET /api/tickets/mine': list([complaint]) });
      renderApp('/user/tickets');
      const row = (await screen.findByRole('link', { name: 'Late payout' })).closest('tr')!;
      expect(row).toHaveTextContent('Complaint · Nov 16, 2026 · Respond by Nov 30, 2026');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when there are no tickets', async () => {
    mockSignedIn({ 'GET /api/tickets/mine': list([]) });
    renderApp('/user/tickets');
    expect(await screen.findByText('No support tickets yet.')).toBeInTheDocument();
  });
});

describe('/user/tickets/new', () => {
  it('checks the fields as the server does, sends the ticket and opens it', async () => {
    const { calls } = mockSignedIn({
      'POST /api/tickets': (call: { body: unknown }) =>
        jsonResponse(201, {
          message: 'Ticket created.',
          data: ticket({ ...(call.body as object), status: 'open', respondBy: null, number: 14 }),
        }),
      [`GET /api/tickets/${ID}`]: { data: ticket({ subject: 'My question', number: 14, status: 'open' }) },
    });
    const { router } = renderApp('/user/tickets/new');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    const user = userEvent.setup();
    await fill(user, subject, 'ab');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Subject must be at least 3 characters.')).toBeInTheDocument();
    expect(
      screen.getByText('Choose a category: payments, account, investment, technical or complaint.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(user, subject, ' My question ');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Investment' }));
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'When does it start?');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await findToast('Ticket #14 created.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      subject: 'My question',
      category: 'investment',
      message: 'When does it start?',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/tickets/${ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: '#14 My question' })).toBeInTheDocument();
  });

  it('shows the server’s field errors under the fields', async () => {
    mockSignedIn({
      'POST /api/tickets': jsonResponse(400, {
        message: 'Invalid input.',
        code: 'common.invalid_input',
        errors: { subject: 'Subject must be at most 150 characters.' },
        codes: { subject: 'ticket.subject_too_long' },
      }),
    });
    renderApp('/user/tickets/new?category=technical&subject=Broken%20page&message=It%20fails');
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Broken page');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Subject must be at most 150 characters.')).toBeInTheDocument();
  });

  it('no longer turns ?amount= into a withdrawal request (withdrawals have their own form)', async () => {
    mockSignedIn({});
    renderApp('/user/tickets/new?category=payments&amount=123.00');
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Payments');
  });
});

describe('/user/tickets/:id', () => {
  it('shows the conversation, the support team’s answer apart, and sends a reply', async () => {
    const { calls } = mockSignedIn({
      [`GET /api/tickets/${ID}`]: { data: ticket() },
      [`POST /api/tickets/${ID}/messages`]: (call: { body: { message: string } }) =>
        jsonResponse(201, {
          message: 'Reply sent.',
          data: ticket({
            messages: [
              ...ticket().messages,
              { _id: 'm3', body: call.body.message, createdAt: '2026-01-03T10:00:00Z', author: me },
            ],
          }),
        }),
    });
    renderApp(`/user/tickets/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: '#12 Late payout' })).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Conversation' });
    const items = within(thread).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('You')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Support team')).toBeInTheDocument();
    expect(within(items[1]!).getByText('We are checking with the bank.')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(
      screen.getByText('A complaint is answered within 10 working days (Monday to Friday).'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message is required.')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Your reply' }), 'Thank you.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await findToast('Reply sent.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ message: 'Thank you.' });
    expect(await within(thread).findByText('Thank you.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  });

  it('a closed ticket takes no reply box', async () => {
    mockSignedIn({ [`GET /api/tickets/${ID}`]: { data: ticket({ status: 'closed' }) } });
    renderApp(`/user/tickets/${ID}`);
    expect(
      await screen.findByText(
        'This ticket is closed: it takes no more replies. Open a new ticket if you need more help.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('shows the server’s 409 when the ticket was closed meanwhile', async () => {
    mockSignedIn({
      [`GET /api/tickets/${ID}`]: { data: ticket() },
      [`POST /api/tickets/${ID}/messages`]: jsonResponse(409, {
        message: 'This ticket is closed.',
        code: 'ticket.closed',
      }),
    });
    renderApp(`/user/tickets/${ID}`, { language: 'fr' });
    const user = userEvent.setup();
    await fill(user, await screen.findByRole('textbox', { name: 'Votre réponse' }), 'Encore ?');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce ticket est clôturé.');
  });

  it('another person’s ticket is not found', async () => {
    mockSignedIn({
      [`GET /api/tickets/${ID}`]: jsonResponse(404, {
        message: 'Ticket not found.',
        code: 'ticket.not_found',
      }),
    });
    renderApp(`/user/tickets/${ID}`);
    expect(await screen.findByText('Ticket not found.')).toBeInTheDocument();
  });
});
