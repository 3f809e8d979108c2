import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMails } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let admin: SignedIn;
/** Each test sends from its own client address, so the per-address limit only counts its own. */
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Amina Otieno',
  email: 'amina@example.com',
  subject: 'Question about repayments',
  message: 'When are repayments credited?',
  ...overrides,
});

function contact(payload: unknown, options: { from?: string; as?: SignedIn } = {}) {
  const request = {
    method: 'POST' as const,
    url: '/api/contact',
    payload: payload as object,
    remoteAddress: options.from ?? nextAddress(),
  };
  return options.as ? options.as.inject(request) : t.app.inject(request);
}

async function mailRow(id: string) {
  const [row] = await t.database.db.select().from(contactMails).where(eq(contactMails.id, id));
  return row!;
}

async function insertMail(values: Partial<typeof contactMails.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactMails)
    .values({ ...message(), ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('POST /api/contact', () => {
  it('stores the message, trimmed and unread, for a visitor and a signed-in person alike', async () => {
    const sent = await contact(
      message({ name: '  Amina  ', email: ' Amina@Example.COM ', subject: ' Hello ', message: ' Hi there ' }),
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: 'Thank you! We will get back to you soon.' });
    const [row] = await t.database.db.select().from(contactMails).where(eq(contactMails.subject, 'Hello'));
    expect(row).toMatchObject({
      name: 'Amina',
      email: 'amina@example.com',
      subject: 'Hello',
      message: 'Hi there',
      status: 'unread',
      readAt: null,
    });

    const investor = await t.injectAs('user');
    const signedIn = await contact(message({ subject: 'From an investor' }), { as: investor });
    expect(signedIn.statusCode).toBe(201);
    // Nobody is e-mailed.
    expect(await t.outbox()).toEqual([]);
  });

  it('refuses missing, too long and malformed fields with 400 and a code per field', async () => {
    const empty = await contact({ name: ' ', subject: '', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codes).toEqual({
      name: 'contact.name_required',
      email: 'auth.email_required',
      subject: 'contact.subject_required',
      message: 'contact.message_required',
    });
    expect(empty.json().errors).toMatchObject({ name: 'Name is required.', message: 'Message is required.' });

    const long = await contact(
      message({
        name: 'n'.repeat(101),
        email: 'not-an-address',
        subject: 's'.repeat(151),
        message: 'm'.repeat(5001),
      }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().codes).toEqual({
      name: 'contact.name_too_long',
      email: 'auth.email_invalid',
      subject: 'contact.subject_too_long',
      message: 'contact.message_too_long',
    });
    const atTheLimits = await contact(
      message({ name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) }),
    );
    expect(atTheLimits.statusCode).toBe(201);
  });

  it('takes at most 5 messages in 10 minutes from one address (429 with Retry-After), then again', async () => {
    const from = nextAddress();
    for (let i = 1; i <= 5; i++) {
      expect((await contact(message({ subject: `Limit ${i}` }), { from })).statusCode).toBe(201);
    }
    // A refused form (400) is not counted; a sixth message is.
    expect((await contact({}, { from })).statusCode).toBe(400);
    const limited = await contact(message({ subject: 'Limit 6' }), { from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('contact.too_many_messages');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const stored = await t.database.db.select().from(contactMails).where(eq(contactMails.subject, 'Limit 6'));
    expect(stored).toEqual([]);
    // Another address is not limited; the same one is again after the window.
    expect((await contact(message())).statusCode).toBe(201);
    t.clock.offsetMs = 10 * 60_000 + 1_000;
    try {
      expect((await contact(message({ subject: 'Limit 7' }), { from })).statusCode).toBe(201);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('the admins’ inbox', () => {
  it('visitor 401, investor 403, admin 200 on every call', async () => {
    const mail = await insertMail();
    const investor = await t.injectAs('user');
    for (const [method, url, payload] of [
      ['GET', '/api/admin/mails', undefined],
      ['GET', `/api/admin/mails/${mail.id}`, undefined],
      ['PATCH', `/api/admin/mails/${mail.id}`, { status: 'read' }],
    ] as const) {
      const visitor = await t.app.inject({ method, url, payload });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().code).toBe('auth.login_required');
      const refused = await investor.inject({ method, url, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('auth.forbidden');
      expect((await admin.inject({ method, url, payload })).statusCode).toBe(200);
    }
  });

  describe('GET /api/admin/mails', () => {
    let first: typeof contactMails.$inferSelect;
    let second: typeof contactMails.$inferSelect;
    let third: typeof contactMails.$inferSelect;
    const list = (query: string) => admin.inject({ method: 'GET', url: `/api/admin/mails${query}` });
    const ids = (answer: { json(): { mails: { id: string }[] } }) => answer.json().mails.map((m) => m.id);

    beforeAll(async () => {
      first = await insertMail({
        name: 'Zed Inboxtest',
        email: 'a-inboxtest@example.com',
        subject: 'Beta question',
        message: `Inboxtest  about\n\ncollateral. ${'x'.repeat(200)}`,
        createdAt: new Date('2026-05-01T00:00:00Z'),
      });
      second = await insertMail({
        name: 'Yan Inboxtest',
        email: 'c-inboxtest@example.com',
        subject: 'Alpha question',
        message: 'Inboxtest: how do I register a company?',
        status: 'read',
        readAt: new Date('2026-05-03T00:00:00Z'),
        createdAt: new Date('2026-05-02T00:00:00Z'),
      });
      third = await insertMail({
        name: 'Xia Inboxtest',
        email: 'b-inboxtest@example.com',
        subject: 'Gamma question',
        message: 'Inboxtest: a 100% question_mark',
        createdAt: new Date('2026-05-03T00:00:00Z'),
      });
    });

    it('answers `mails` and `pagination`, newest first, rows with an excerpt and no message', async () => {
      const answer = await list('?search=inboxtest');
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(Object.keys(body).sort()).toEqual(['mails', 'pagination']);
      expect(ids(answer)).toEqual([third.id, second.id, first.id]);
      expect(body.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
      expect(body.mails[1]).toEqual({
        id: second.id,
        name: 'Yan Inboxtest',
        email: 'c-inboxtest@example.com',
        subject: 'Alpha question',
        status: 'read',
        excerpt: 'Inboxtest: how do I register a company?',
        createdAt: '2026-05-02T00:00:00.000Z',
        readAt: '2026-05-03T00:00:00.000Z',
      });
      const excerpt: string = body.mails[2].excerpt;
      expect(excerpt.length).toBe(140);
      expect(excerpt.startsWith('Inboxtest about collateral. xxx')).toBe(true);
      expect(excerpt.endsWith('...')).toBe(true);
      expect(body.mails[2]).not.toHaveProperty('message');
    });

    it('filters by status; searches name, e-mail, subject and message', async () => {
      expect(ids(await list('?search=inboxtest&status=read'))).toEqual([second.id]);
      expect(ids(await list('?search=inboxtest&status=unread'))).toEqual([third.id, first.id]);
      expect(ids(await list('?search=inboxtest&status=all'))).toHaveLength(3);
      expect(ids(await list('?search=YAN%20INBOX'))).toEqual([second.id]);
      expect(ids(await list('?search=b-inboxtest@'))).toEqual([third.id]);
      expect(ids(await list('?search=beta%20QUESTION'))).toEqual([first.id]);
      expect(ids(await list('?search=register%20a%20company'))).toEqual([second.id]);
      expect(ids(await list('?search=100%25%20question_mark'))).toEqual([third.id]);
      expect(ids(await list('?search=1_0'))).toEqual([]);
      const wrong = await list('?status=archived');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('mail.filter_status');
    });

    it('sorts by createdAt, status, email and subject; pages', async () => {
      expect(ids(await list('?search=inboxtest&sortBy=createdAt&order=asc'))).toEqual([
        first.id,
        second.id,
        third.id,
      ]);
      // status in the enum's order: unread before read; ties newest first.
      expect(ids(await list('?search=inboxtest&sortBy=status&order=asc'))).toEqual([
        third.id,
        first.id,
        second.id,
      ]);
      expect(ids(await list('?search=inboxtest&sortBy=email&order=asc'))).toEqual([
        first.id,
        third.id,
        second.id,
      ]);
      expect(ids(await list('?search=inboxtest&sortBy=subject&order=desc'))).toEqual([
        third.id,
        first.id,
        second.id,
      ]);
      const page2 = await list('?search=inboxtest&limit=2&page=2');
      expect(ids(page2)).toEqual([first.id]);
      expect(page2.json().pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    });
  });

  it('opening a mail answers its message and marks it read in the database (once)', async () => {
    const mail = await insertMail({ message: 'The whole\nmessage.' });
    const opened = await admin.inject({ method: 'GET', url: `/api/admin/mails/${mail.id}` });
    expect(opened.statusCode).toBe(200);
    const data = opened.json().data;
    expect(data).toMatchObject({ id: mail.id, message: 'The whole\nmessage.', status: 'read' });
    const row = await mailRow(mail.id);
    expect(row.status).toBe('read');
    expect(row.readAt).not.toBeNull();
    expect(data.readAt).toBe(row.readAt!.toISOString());

    t.clock.offsetMs = 60_000;
    try {
      const again = await admin.inject({ method: 'GET', url: `/api/admin/mails/${mail.id}` });
      expect(again.json().data.readAt).toBe(row.readAt!.toISOString());
    } finally {
      t.clock.offsetMs = 0;
    }

    for (const id of [crypto.randomUUID(), 'nope']) {
      const missing = await admin.inject({ method: 'GET', url: `/api/admin/mails/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('mail.not_found');
    }
  });

  it('PATCH sets unread (readAt cleared) and read again; refuses another status', async () => {
    const mail = await insertMail();
    const patch = (id: string, payload: unknown) =>
      admin.inject({ method: 'PATCH', url: `/api/admin/mails/${id}`, payload: payload as object });

    const read = await patch(mail.id, { status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      message: 'Updated successfully',
      data: { id: mail.id, status: 'read', message: mail.message },
    });
    expect((await mailRow(mail.id)).readAt).not.toBeNull();

    const unread = await patch(mail.id, { status: 'unread' });
    expect(unread.json().data).toMatchObject({ status: 'unread', readAt: null });
    expect(await mailRow(mail.id)).toMatchObject({ status: 'unread', readAt: null });
    // The same status again is fine.
    expect((await patch(mail.id, { status: 'unread' })).statusCode).toBe(200);

    const wrong = await patch(mail.id, { status: 'archived' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().codes).toEqual({ status: 'mail.status_invalid' });
    const missing = await patch(crypto.randomUUID(), { status: 'read' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('mail.not_found');
  });
});
