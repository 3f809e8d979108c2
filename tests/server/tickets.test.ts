/**
 * Support tickets (API contract, "Support tickets"): every call with its statuses and messages, the
 * rows it leaves, the acknowledgement and reply e-mails, the complaint deadline of 10 working days
 * across a weekend (on the app's clock), who may see and write what, and the figures the admin
 * overview and the corporate dashboard take from the tickets.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWorkingDays, COMPLAINT_DUE_SOON_WORKING_DAYS } from '../../src-shared/rules/workingDays';
import { ticketMessages, tickets } from '../../src-server/db/schema';
import { newestTickets, openTicketCount } from '../../src-server/modules/tickets/service';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let admin: SignedIn;
let investor: SignedIn;
let other: SignedIn;
let company: SignedIn;

const DAY = 86_400_000;

/** Runs `work` with the app's clock at `iso` (a moment in the past, so sessions stay valid). */
async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  t.clock.offsetMs = Date.parse(iso) - Date.now();
  try {
    return await work();
  } finally {
    t.clock.offsetMs = 0;
  }
}

const body = (overrides: Record<string, unknown> = {}) => ({
  subject: 'When is my repayment credited?',
  category: 'payments',
  message: 'My repayment for Kisumu Solar has not arrived yet.',
  ...overrides,
});

async function open(who: SignedIn, overrides: Record<string, unknown> = {}) {
  const res = await who.inject({ method: 'POST', url: '/api/tickets', payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const reply = (who: SignedIn, id: string, message: unknown) =>
  who.inject({ method: 'POST', url: `/api/tickets/${id}/messages`, payload: { message } });
const setStatus = (id: string, status: unknown) =>
  admin.inject({ method: 'PATCH', url: `/api/admin/tickets/${id}`, payload: { status } });
const adminList = async (query = '') => {
  const res = await admin.inject({ method: 'GET', url: `/api/admin/tickets${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);
const ticketRow = async (id: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin', { firstName: 'Ada', lastName: 'Admin' });
  investor = await t.injectAs('user', {
    firstName: 'Amina',
    lastName: 'Okafor',
    email: 'amina.tickets@example.com',
  });
  other = await t.injectAs('user', { firstName: 'Kofi', email: 'kofi.tickets@example.com' });
  company = await t.injectAs('corporate', {
    firstName: 'Chidi',
    lastName: 'Eze',
    email: 'chidi.tickets@example.com',
    language: 'de',
  });
});

beforeEach(() => {
  t.clock.offsetMs = 0;
});

describe('POST /api/tickets', () => {
  it('opens the ticket with its first message, stores both rows and e-mails an acknowledgement', async () => {
    const before = Date.now();
    const res = await investor.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: body({ subject: '  When is my repayment credited?  ', message: '  Where is it?  ' }),
    });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe('Ticket created.');
    expect(data).toEqual({
      _id: expect.any(String),
      number: expect.any(Number),
      subject: 'When is my repayment credited?',
      category: 'payments',
      status: 'open',
      createdAt: expect.any(String),
      updatedAt: data.createdAt,
      respondBy: null,
      author: {
        id: investor.user!.id,
        firstName: 'Amina',
        lastName: 'Okafor',
        email: 'amina.tickets@example.com',
        role: 'user',
      },
      messages: [
        {
          _id: expect.any(String),
          body: 'Where is it?',
          createdAt: data.createdAt,
          author: { id: investor.user!.id, firstName: 'Amina', lastName: 'Okafor', role: 'user' },
        },
      ],
    });
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const row = await ticketRow(data._id);
    expect(row).toMatchObject({
      number: data.number,
      authorId: investor.user!.id,
      subject: 'When is my repayment credited?',
      category: 'payments',
      status: 'open',
      respondBy: null,
    });
    const messages = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, data._id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ authorId: investor.user!.id, body: 'Where is it?' });

    const mails = (await mailsTo('amina.tickets@example.com')).filter((m) => m.kind === 'ticket-received');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Ticket #${data.number} received: When is my repayment credited?`);
    expect(mail.text).toContain('Hello Amina,');
    expect(mail.text).toContain(
      `Your ticket #${data.number} "When is my repayment credited?" is open; our team will answer you in its thread.`,
    );
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/user/tickets/${data._id}`);
    expect(mail.text).not.toContain('complaint');
  });

  it('numbers tickets from 1 up across the platform, whoever opens them', async () => {
    const first = await open(other, { subject: 'First of two' });
    const second = await open(company, { subject: 'Second of two', category: 'account' });
    expect(second.number).toBe(first.number + 1);
    const numbers = (await t.database.db.select({ n: tickets.number }).from(tickets)).map((r) => r.n);
    expect(Math.min(...numbers)).toBe(1);
    expect(new Set(numbers).size).toBe(numbers.length);
    // The company's acknowledgement is in its language and links to the corporate area.
    const mail = (await mailsTo('chidi.tickets@example.com')).find((m) =>
      m.subject.includes('Second of two'),
    )!;
    expect(mail.subject).toBe(`Ticket #${second.number} erhalten: Second of two`);
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/corporate/tickets/${second._id}/show`);
  });

  it('gives a complaint opened on a Friday a deadline 10 working days later: the Friday two weeks on', async () => {
    const data = await at('2026-11-20T16:00:00.000Z', () =>
      open(investor, { subject: 'Complaint about a late payout', category: 'complaint' }),
    );
    expect(data.createdAt.slice(0, 16)).toBe('2026-11-20T16:00');
    expect(data.respondBy).toBe(addWorkingDays(new Date(data.createdAt), 10).toISOString());
    expect(data.respondBy.slice(0, 16)).toBe('2026-12-04T16:00');
    expect((await ticketRow(data._id)).respondBy?.toISOString()).toBe(data.respondBy);

    const mail = (await mailsTo('amina.tickets@example.com')).find((m) =>
      m.subject.includes('Complaint about a late payout'),
    )!;
    expect(mail.text).toContain(
      'We handle it as a complaint and will answer by December 4, 2026 at the latest (10 working days).',
    );
  });

  it('counts from the Monday when a complaint is opened on a Saturday, and in German for a German reader', async () => {
    const data = await at('2026-11-21T10:00:00.000Z', () =>
      open(company, { subject: 'Beschwerde', category: 'complaint' }),
    );
    expect(data.respondBy.slice(0, 16)).toBe('2026-12-04T10:00');
    const mail = (await mailsTo('chidi.tickets@example.com')).find((m) => m.subject.includes('Beschwerde'))!;
    expect(mail.text).toContain('spätestens bis zum 4. Dezember 2026 (10 Werktage)');
  });

  it('escapes the subject in the HTML e-mail', async () => {
    const data = await open(other, { subject: '<b>Bold</b> question' });
    const mail = (await mailsTo('kofi.tickets@example.com')).find((m) => m.subject.includes('Bold'))!;
    expect(mail.subject).toBe(`Ticket #${data.number} received: <b>Bold</b> question`);
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; question');
    expect(mail.html).not.toContain('<b>Bold</b>');
  });

  it('refuses missing, short, long and unknown fields with 400 and a code per field, storing nothing', async () => {
    const count = async () => (await t.database.db.select().from(tickets)).length;
    const before = await count();
    const empty = await investor.inject({ method: 'POST', url: '/api/tickets', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codes).toEqual({
      subject: 'ticket.subject_required',
      category: 'ticket.category_invalid',
      message: 'ticket.message_required',
    });
    expect(empty.json().errors).toEqual({
      subject: 'Subject is required.',
      category: 'Choose a category: payments, account, investment, technical or complaint.',
      message: 'Message is required.',
    });

    const wrong = await investor.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: { subject: ' ab ', category: 'other', message: 'x'.repeat(5001) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().codes).toEqual({
      subject: 'ticket.subject_too_short',
      category: 'ticket.category_invalid',
      message: 'ticket.message_too_long',
    });
    expect(wrong.json().errors.subject).toBe('Subject must be at least 3 characters.');

    const long = await investor.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: body({ subject: 'x'.repeat(151), message: '   ' }),
    });
    expect(long.json().codes).toEqual({
      subject: 'ticket.subject_too_long',
      message: 'ticket.message_required',
    });
    // The limits themselves are fine.
    await open(investor, { subject: 'abc', message: 'y'.repeat(5000) });
    await open(investor, { subject: 's'.repeat(150) });
    expect(await count()).toBe(before + 2);
  });

  it('is for investors and companies: a visitor gets 401, an admin 403', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/tickets', payload: body() });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please log in.', code: 'auth.login_required' });
    const byAdmin = await admin.inject({ method: 'POST', url: '/api/tickets', payload: body() });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ message: 'You are not allowed to do this.', code: 'auth.forbidden' });
  });
});

describe('GET /api/tickets/mine', () => {
  it("lists only the caller's own tickets, newest first, filtered by status and paged", async () => {
    const person = await t.injectAs('user');
    const a = await at(new Date(Date.now() - 2 * DAY).toISOString(), () =>
      open(person, { subject: 'Oldest' }),
    );
    const b = await at(new Date(Date.now() - DAY).toISOString(), () => open(person, { subject: 'Middle' }));
    const c = await open(person, { subject: 'Newest' });
    await open(other, { subject: 'Somebody else' });
    expect((await setStatus(b._id, 'resolved')).statusCode).toBe(200);

    const all = await person.inject({ method: 'GET', url: '/api/tickets/mine' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((r: { _id: string }) => r._id)).toEqual([c._id, b._id, a._id]);
    expect(all.json().pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(all.json().data[0]).not.toHaveProperty('messages');
    expect(all.json().data[0].author.id).toBe(person.user!.id);

    const resolved = await person.inject({ method: 'GET', url: '/api/tickets/mine?status=resolved' });
    expect(resolved.json().data.map((r: { subject: string }) => r.subject)).toEqual(['Middle']);
    const everyStatus = await person.inject({ method: 'GET', url: '/api/tickets/mine?status=all' });
    expect(everyStatus.json().pagination.total).toBe(3);
    const page2 = await person.inject({ method: 'GET', url: '/api/tickets/mine?page=2&limit=2' });
    expect(page2.json().data.map((r: { subject: string }) => r.subject)).toEqual(['Oldest']);
    expect(page2.json().pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    const bad = await person.inject({ method: 'GET', url: '/api/tickets/mine?status=pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual({ status: 'ticket.filter_status' });
  });

  it('a visitor gets 401, an admin 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/mine' })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'GET', url: '/api/tickets/mine' })).statusCode).toBe(403);
  });
});

describe('GET /api/tickets/{id}', () => {
  it('shows the ticket with its thread to its author and to admins; anyone else gets 404', async () => {
    const ticket = await open(investor, { subject: 'Who may read me' });
    const own = await investor.inject({ method: 'GET', url: `/api/tickets/${ticket._id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: ticket });
    const byAdmin = await admin.inject({ method: 'GET', url: `/api/tickets/${ticket._id}` });
    expect(byAdmin.json()).toEqual({ data: ticket });

    for (const stranger of [other, company]) {
      const res = await stranger.inject({ method: 'GET', url: `/api/tickets/${ticket._id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Ticket not found.', code: 'ticket.not_found' });
    }
    const unknown = await admin.inject({
      method: 'GET',
      url: '/api/tickets/6f1c2a9e-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/tickets/${ticket._id}` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /api/tickets/{id}/messages', () => {
  it("adds the author's reply to the thread without an e-mail; the status stays open", async () => {
    const ticket = await open(investor, { subject: 'Author replies' });
    await t.outbox();
    const mailsBefore = (await mailsTo('amina.tickets@example.com')).length;
    t.clock.offsetMs = 5_000;
    const res = await reply(investor, ticket._id, '  One more detail.  ');
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe('Reply sent.');
    expect(data.status).toBe('open');
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      'My repayment for Kisumu Solar has not arrived yet.',
      'One more detail.',
    ]);
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));
    expect((await mailsTo('amina.tickets@example.com')).length).toBe(mailsBefore);
  });

  it("an admin's reply moves an open ticket to in progress and e-mails the author the answer", async () => {
    const ticket = await open(investor, { subject: 'Admin answers' });
    const res = await reply(admin, ticket._id, 'It was credited today.\nPlease check your balance.');
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.status).toBe('in_progress');
    expect(data.messages[1]).toEqual({
      _id: expect.any(String),
      body: 'It was credited today.\nPlease check your balance.',
      createdAt: expect.any(String),
      author: { id: admin.user!.id, firstName: 'Ada', lastName: 'Admin', role: 'admin' },
    });
    expect((await ticketRow(ticket._id)).status).toBe('in_progress');

    const mails = (await mailsTo('amina.tickets@example.com')).filter((m) => m.kind === 'ticket-reply');
    const mail = mails.find((m) => m.subject.includes('Admin answers'))!;
    expect(mail.subject).toBe(`New reply to your ticket #${ticket.number}: Admin answers`);
    expect(mail.text).toContain(`Our team replied to your ticket #${ticket.number} "Admin answers":`);
    expect(mail.text).toContain('> It was credited today.\n> Please check your balance.');
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/user/tickets/${ticket._id}`);

    // A second answer keeps the status (and e-mails again); the author sees both in the thread.
    await reply(admin, ticket._id, 'Anything else?');
    expect((await ticketRow(ticket._id)).status).toBe('in_progress');
    const again = (await mailsTo('amina.tickets@example.com')).filter(
      (m) => m.kind === 'ticket-reply' && m.subject.includes('Admin answers'),
    );
    expect(again).toHaveLength(2);
    const seen = await investor.inject({ method: 'GET', url: `/api/tickets/${ticket._id}` });
    expect(seen.json().data.messages).toHaveLength(3);
  });

  it("the author's reply to a resolved ticket opens it again", async () => {
    const ticket = await open(investor, { subject: 'Not resolved after all' });
    await setStatus(ticket._id, 'resolved');
    const res = await reply(investor, ticket._id, 'It is still missing.');
    expect(res.json().data.status).toBe('open');
    // An admin's reply to a resolved ticket leaves it resolved.
    await setStatus(ticket._id, 'resolved');
    expect((await reply(admin, ticket._id, 'It arrived now.')).json().data.status).toBe('resolved');
  });

  it("refuses a closed ticket with 409 'This ticket is closed.' for the author and admins alike", async () => {
    const ticket = await open(investor, { subject: 'Closed ticket' });
    await setStatus(ticket._id, 'closed');
    for (const who of [investor, admin]) {
      const res = await reply(who, ticket._id, 'Hello?');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This ticket is closed.', code: 'ticket.closed' });
    }
    const rows = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket._id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty or too long reply (400), strangers (404) and visitors (401)', async () => {
    const ticket = await open(investor, { subject: 'Bad replies' });
    const empty = await reply(investor, ticket._id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codes).toEqual({ message: 'ticket.message_required' });
    const long = await reply(investor, ticket._id, 'z'.repeat(5001));
    expect(long.json().codes).toEqual({ message: 'ticket.message_too_long' });
    const stranger = await reply(other, ticket._id, 'Let me in');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('ticket.not_found');
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket._id}/messages`,
      payload: { message: 'Hi' },
    });
    expect(visitor.statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket._id));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/admin/tickets', () => {
  let person: SignedIn;
  const made: Record<string, { _id: string; number: number }> = {};

  beforeAll(async () => {
    person = await t.injectAs('user', { email: 'list.person@example.com' });
    made.old = await at(new Date(Date.now() - 20 * DAY).toISOString(), () =>
      open(person, { subject: 'List: overdue complaint', category: 'complaint' }),
    );
    made.soon = await at(new Date(Date.now() - 10 * DAY).toISOString(), () =>
      open(person, { subject: 'List: complaint due soon', category: 'complaint' }),
    );
    made.late = await at(new Date(Date.now() - 30 * DAY).toISOString(), () =>
      open(person, { subject: 'List: resolved complaint', category: 'complaint' }),
    );
    await setStatus(made.late!._id, 'resolved');
    made.question = await open(person, { subject: 'List: technical question', category: 'technical' });
    made.fresh = await open(person, { subject: 'List: fresh complaint', category: 'complaint' });
  });

  it('puts complaints waiting for an answer first, oldest deadline first, then the rest newest first', async () => {
    const { data, pagination } = await adminList(`?userId=${person.user!.id}`);
    expect(data.map((r: { subject: string }) => r.subject)).toEqual([
      'List: overdue complaint',
      'List: complaint due soon',
      'List: fresh complaint',
      'List: technical question',
      'List: resolved complaint',
    ]);
    expect(pagination.total).toBe(5);
    expect(data[0].author).toEqual({
      id: person.user!.id,
      firstName: 'Test',
      lastName: expect.any(String),
      email: 'list.person@example.com',
      role: 'user',
    });
    // The whole list starts with the same overdue complaint (the oldest deadline of the platform).
    const everything = await adminList('?limit=100');
    const waiting = everything.data.filter(
      (r: { respondBy: string | null; status: string }) =>
        r.respondBy && (r.status === 'open' || r.status === 'in_progress'),
    );
    expect(everything.data.slice(0, waiting.length)).toEqual(waiting);
    const deadlines = waiting.map((r: { respondBy: string }) => r.respondBy);
    expect(deadlines).toEqual([...deadlines].sort());
  });

  it('filters by status, category and search (subject, author e-mail, number)', async () => {
    const subjects = (rows: { subject: string }[]) => rows.map((r) => r.subject);
    expect(subjects((await adminList('?status=resolved&search=List:')).data)).toEqual([
      'List: resolved complaint',
    ]);
    expect(subjects((await adminList('?category=technical&search=list:')).data)).toEqual([
      'List: technical question',
    ]);
    expect((await adminList('?search=LIST.PERSON@example')).pagination.total).toBe(5);
    expect(subjects((await adminList(`?search=${made.question!.number}`)).data)).toContain(
      'List: technical question',
    );
    expect(subjects((await adminList(`?search=%23${made.question!.number}`)).data)).toContain(
      'List: technical question',
    );
    expect((await adminList('?search=nothing-matches-this')).data).toEqual([]);
    expect((await adminList('?status=all&category=all&search=')).pagination.total).toBeGreaterThan(5);
  });

  it('sorts by another column on request', async () => {
    const { data } = await adminList(`?userId=${person.user!.id}&sortBy=number&order=asc`);
    const numbers = data.map((r: { number: number }) => r.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('refuses unknown filter values with 400, investors and companies with 403, visitors with 401', async () => {
    const bad = await admin.inject({
      method: 'GET',
      url: '/api/admin/tickets?status=waiting&category=money&userId=abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual({
      status: 'ticket.filter_status',
      category: 'ticket.filter_category',
      userId: 'common.filter_id_invalid',
    });
    for (const who of [investor, company]) {
      const res = await who.inject({ method: 'GET', url: '/api/admin/tickets' });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tickets' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/tickets/{id}', () => {
  it('changes the status and answers the ticket with its thread', async () => {
    const ticket = await open(investor, { subject: 'Status changes' });
    for (const status of ['in_progress', 'resolved', 'closed', 'open'] as const) {
      const res = await setStatus(ticket._id, status);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Updated successfully',
        data: { _id: ticket._id, status, messages: [expect.any(Object)] },
      });
      expect((await ticketRow(ticket._id)).status).toBe(status);
    }
  });

  it('refuses an unknown status (400), an unknown ticket (404), investors (403) and visitors (401)', async () => {
    const ticket = await open(investor, { subject: 'Bad status' });
    const bad = await setStatus(ticket._id, 'done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual({ status: 'ticket.status_invalid' });
    const unknown = await setStatus('6f1c2a9e-0000-4000-8000-000000000000', 'closed');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Ticket not found.', code: 'ticket.not_found' });
    const byInvestor = await investor.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket._id}`,
      payload: { status: 'closed' },
    });
    expect(byInvestor.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket._id}`,
      payload: { status: 'closed' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await ticketRow(ticket._id)).status).toBe('open');
  });
});

describe('figures from the tickets', () => {
  const overview = async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(200);
    return res.json().data as { openTickets: number; complaintsDueSoon: number };
  };

  /** A moment in the past whose complaint deadline (10 working days on) falls as asked. */
  function openedSoThatDeadline(test: (deadline: Date, now: Date) => boolean): string {
    const now = new Date();
    for (let days = 1; days < 40; days++) {
      const opened = new Date(now.getTime() - days * DAY);
      if (test(addWorkingDays(opened, 10), now)) return opened.toISOString();
    }
    throw new Error('no such moment');
  }

  it('admin overview: openTickets counts tickets not closed; complaintsDueSoon open complaints due within 3 working days', async () => {
    const before = await overview();
    const person = await t.injectAs('user');
    const dueSoon = openedSoThatDeadline(
      (deadline, now) => deadline > now && deadline <= addWorkingDays(now, COMPLAINT_DUE_SOON_WORKING_DAYS),
    );
    const overdue = openedSoThatDeadline((deadline, now) => deadline < now);
    const later = openedSoThatDeadline(
      (deadline, now) => deadline > addWorkingDays(now, COMPLAINT_DUE_SOON_WORKING_DAYS + 1),
    );
    await at(dueSoon, () => open(person, { category: 'complaint', subject: 'Due soon' }));
    const inProgress = await at(dueSoon, () => open(person, { category: 'complaint', subject: 'Answered' }));
    await reply(admin, inProgress._id, 'Looking into it.');
    await at(overdue, () => open(person, { category: 'complaint', subject: 'Overdue' }));
    await at(later, () => open(person, { category: 'complaint', subject: 'Not due yet' }));
    const resolved = await at(overdue, () => open(person, { category: 'complaint', subject: 'Resolved' }));
    await setStatus(resolved._id, 'resolved');
    const closed = await at(overdue, () => open(person, { category: 'complaint', subject: 'Closed' }));
    await setStatus(closed._id, 'closed');
    await open(person, { category: 'technical', subject: 'No deadline' });

    const after = await overview();
    // 7 new tickets, one of them closed; due soon: "Due soon", "Answered" (in progress) and "Overdue".
    expect(after.openTickets - before.openTickets).toBe(6);
    expect(after.complaintsDueSoon - before.complaintsDueSoon).toBe(3);
  });

  it("corporate dashboard: the company's 5 newest tickets; the tickets service's counts", async () => {
    const firm = await t.injectAs('corporate');
    const opened: { _id: string; number: number; subject: string; createdAt: string }[] = [];
    for (let i = 1; i <= 6; i++) {
      opened.push(
        await at(new Date(Date.now() - (10 - i) * DAY).toISOString(), () =>
          open(firm, { subject: `Company ticket ${i}`, category: 'account' }),
        ),
      );
    }
    await open(other, { subject: 'Not the company’s' });
    await setStatus(opened[5]!._id, 'closed');
    const res = await firm.inject({ method: 'GET', url: '/api/dashboard/corporate' });
    expect(res.statusCode).toBe(200);
    const expected = opened
      .slice(1)
      .reverse()
      .map((tk) => ({
        _id: tk._id,
        number: tk.number,
        subject: tk.subject,
        category: 'account',
        status: tk._id === opened[5]!._id ? 'closed' : 'open',
        createdAt: tk.createdAt,
      }));
    expect(res.json().data.tickets).toEqual(expected);
    expect(await newestTickets(t.database.db, firm.user!.id, 2)).toEqual(expected.slice(0, 2));
    expect(await openTicketCount(t.database.db, firm.user!.id)).toBe(5);
    expect(await openTicketCount(t.database.db, (await t.createUser()).id)).toBe(0);
  });
});
