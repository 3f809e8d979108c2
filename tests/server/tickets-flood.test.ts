/**
 * Issue 26, finding 9: 25 parallel complaint tickets and 25 replies were all accepted, each queueing
 * an e-mail and a complaint deadline. An account may now open 10 tickets and send 60 replies an hour
 * (RATE_LIMIT_TICKETS_PER_HOUR, RATE_LIMIT_TICKET_REPLIES_PER_HOUR), one client address three times
 * as many; beyond, 429 with Retry-After and the translated code, and nothing stored or queued. A
 * refused request (bad input, someone else's ticket) uses no slot; admins' replies are not counted.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { ticketMessages, tickets } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let admin: SignedIn;

const DEFAULTS = loadConfig({ DATA_DIR: '/tmp/unused' });
let ip = 0;
/** A client address of its own for each test (the per-address window is shared otherwise). */
const nextIp = () => `198.51.100.${++ip}`;

const complaint = (n: number) => ({
  subject: `Complaint number ${n}`,
  category: 'complaint',
  message: 'My repayment has not arrived.',
});

function open(who: SignedIn, payload: object, remoteAddress: string) {
  return who.inject({ method: 'POST', url: '/api/tickets', payload, remoteAddress });
}

beforeAll(async () => {
  t = await testContext();
  // The defaults a server starts with (the test context raises them for the other files).
  t.ctx.config.ticketsPerHour = DEFAULTS.ticketsPerHour;
  t.ctx.config.ticketRepliesPerHour = DEFAULTS.ticketRepliesPerHour;
  admin = await t.injectAs('admin');
});

describe('ticket flood limits', () => {
  it('defaults to 10 tickets and 60 replies an hour per account', () => {
    expect([DEFAULTS.ticketsPerHour, DEFAULTS.ticketRepliesPerHour]).toEqual([10, 60]);
  });

  it('accepts 10 of 25 parallel complaints from one account; the rest 429, nothing stored or queued for them', async () => {
    const investor = await t.injectAs('user');
    const address = nextIp();
    const mailsBefore = (await t.outbox()).length;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => open(investor, complaint(i), address)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'ticket.too_many_tickets',
      message:
        'You have opened several tickets in a short time. Please add to an open ticket or try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.authorId, investor.user!.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.respondBy !== null)).toBe(true);
    expect((await t.outbox()).length - mailsBefore).toBe(10);
  });

  it('lets a refused request keep its slot: 10 bad bodies, then 10 tickets', async () => {
    const investor = await t.injectAs('user');
    const address = nextIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await open(investor, { subject: 'x', category: 'complaint', message: '' }, address)).statusCode,
      ).toBe(400);
    for (let i = 0; i < 10; i++) expect((await open(investor, complaint(i), address)).statusCode).toBe(201);
    expect((await open(investor, complaint(11), address)).statusCode).toBe(429);
  });

  it('counts one address for all its accounts: 30 tickets, then 429 for a fourth account', async () => {
    const address = nextIp();
    const people = await Promise.all([1, 2, 3, 4].map(() => t.injectAs('user')));
    for (const person of people.slice(0, 3))
      for (let i = 0; i < 10; i++) expect((await open(person, complaint(i), address)).statusCode).toBe(201);
    const fourth = await open(people[3]!, complaint(1), address);
    expect(fourth.statusCode).toBe(429);
    // From another address the fourth account opens its ticket.
    expect((await open(people[3]!, complaint(1), nextIp())).statusCode).toBe(201);
  });

  it("limits an author's replies to 60 an hour, not the admin's", async () => {
    const investor = await t.injectAs('user');
    const address = nextIp();
    const ticket = (await open(investor, complaint(0), address)).json().data;
    const send = (who: SignedIn, message: string) =>
      who.inject({
        method: 'POST',
        url: `/api/tickets/${ticket._id}/messages`,
        payload: { message },
        remoteAddress: address,
      });
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => send(investor, `Reply ${i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(60);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().code).toBe('ticket.too_many_replies');
    expect((await send(admin, 'We are looking into it.')).statusCode).toBe(201);
    const messages = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket._id));
    expect(messages).toHaveLength(1 + 60 + 1);
  });
});
