import { rmSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import {
  call,
  embeddedDatabaseUrl,
  median,
  openDatabase,
  printServerLogOnFailure,
  report,
  seedCast,
  sleep,
  startServer,
  stopServer,
  tempDataDir,
  type FaultServer,
} from './harness';

/**
 * Fault 4: the SMTP server is down. Registrations and ticket replies still succeed (the e-mail is a
 * job in PostgreSQL, written in the same transaction); pg-boss retries the sending with back-off,
 * and once SMTP is back on the same port every message is delivered, none twice. One address is
 * refused by the SMTP server for good (550): the messages sent beside it in the same batch must
 * not be sent again with its retries.
 */
const DOWN_MS = 4_000;
const BOUNCE = 'bounce-me@example.com';

interface Received {
  to: string;
  kind: string;
  at: number;
}

const received: Received[] = [];
let smtp: SMTPServer | undefined;
let smtpPort: number;
const dataDir = tempDataDir();
let server: FaultServer | undefined;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === BOUNCE)
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const kind = /^X-Mail-Kind: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        for (const r of session.envelope.rcptTo)
          received.push({ to: r.address, kind, at: performance.now() });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp!.once('error', reject);
    smtp!.listen(smtpPort, '127.0.0.1', () => resolve());
  });
}

const stopSmtp = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

afterAll(async () => {
  await stopServer(server);
  await stopSmtp();
  rmSync(dataDir, { recursive: true, force: true });
});

const registration = (email: string) => ({
  firstName: 'Marta',
  lastName: 'Nowak',
  email,
  phone: '+48 600 100 200',
  countryName: 'Poland',
  city: 'Kraków',
  address: 'ul. Floriańska 1',
  password: 'a-strong-password',
  acceptTerms: true,
});

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const begun = performance.now();
  while (!done()) {
    if (performance.now() - begun > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('fault: SMTP down', () => {
  it('registrations and ticket replies succeed while SMTP is down; each e-mail arrives once when it is back', async () => {
    printServerLogOnFailure(() => server);
    smtpPort = await freePort();
    await startSmtp();
    server = await startServer({ dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
    const database = openDatabase(embeddedDatabaseUrl(server));
    const expected = new Map<string, number>();
    const expect1 = (to: string, kind: string) =>
      expected.set(`${to} ${kind}`, (expected.get(`${to} ${kind}`) ?? 0) + 1);
    try {
      const cast = await seedCast(database, { investors: 0, authors: 1, ventures: 0 });
      const author = cast.authors[0]!;

      // With SMTP up: a ticket and two registrations, one of them to an address SMTP refuses; sent
      // at once, they are likely to be one batch of the worker (it takes up to 5 every 2 s).
      const opened = await call(server.url, '/api/tickets', {
        method: 'POST',
        cookie: author.cookie,
        json: { subject: 'Where is my deposit?', category: 'payments', message: 'It has been three days.' },
      });
      expect(opened.status).toBe(201);
      expect1(author.email, 'ticket-received');
      const ticketId = (opened.body!.data as { _id: string })._id;
      const bounced = await call(server.url, '/api/auth/register', {
        method: 'POST',
        json: registration(BOUNCE),
      });
      const first = `smtp-fault-up-${Date.now()}@example.com`;
      const registered = await call(server.url, '/api/auth/register', {
        method: 'POST',
        json: registration(first),
      });
      expect([bounced.status, registered.status]).toEqual([201, 201]);
      expect1(first, 'verify-email');
      await until('the first e-mails', () => received.length >= 2, 20_000);

      // SMTP goes away; the platform keeps taking writes that send e-mail.
      await stopSmtp();
      const downAt = performance.now();
      const writes = [];
      for (let i = 0; i < 3; i += 1) {
        const email = `smtp-fault-${i}-${Date.now()}@example.com`;
        writes.push(
          await call(server.url, '/api/auth/register', { method: 'POST', json: registration(email) }),
        );
        expect1(email, 'verify-email');
      }
      for (let i = 0; i < 2; i += 1) {
        writes.push(
          await call(server.url, `/api/tickets/${ticketId}/messages`, {
            method: 'POST',
            cookie: cast.admin.cookie,
            json: { message: `We are looking into it (${i + 1}).` },
          }),
        );
        expect1(author.email, 'ticket-reply');
      }
      expect(writes.map((w) => w.status)).toEqual([201, 201, 201, 201, 201]);
      // The worker (polling every 2 s) tries them and fails; they wait for their retry.
      await sleep(Math.max(0, downAt + DOWN_MS - performance.now()));
      const failedWhileDown = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND state = 'retry'`,
      );
      expect(failedWhileDown.rows[0]!.n, 'sending failed while SMTP was down').toBeGreaterThan(0);

      await startSmtp();
      const upAt = performance.now();
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      await until('every e-mail after SMTP came back', () => received.length >= total, 90_000);
      const deliveredAt = Math.max(...received.map((r) => r.at));
      // A moment longer: a message sent twice would arrive now (the worker polls every 2 s).
      await sleep(4_500);

      const counts = new Map<string, number>();
      for (const r of received) counts.set(`${r.to} ${r.kind}`, (counts.get(`${r.to} ${r.kind}`) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(expected));
      const jobs = await database.pool.query<{ state: string; n: number; retries: number }>(
        `SELECT state, count(*)::int AS n, sum(retry_count)::int AS retries
           FROM pgboss.job WHERE name = 'send-email' GROUP BY state ORDER BY state`,
      );
      const byState = Object.fromEntries(jobs.rows.map((r) => [r.state, r.n]));
      // Every message but the refused one is done (none left to be sent again); the refused one
      // waits for its next retry.
      expect(byState.completed).toBe(total);
      expect(jobs.rows.filter((r) => r.state !== 'completed').reduce((a, r) => a + r.n, 0)).toBe(1);

      report('smtp down', {
        downMs: Math.round(upAt - downAt),
        writesWhileDown: writes.length,
        writeLatencyMaxMs: Math.round(Math.max(...writes.map((w) => w.ms))),
        writeLatencyMedianMs: Math.round(median(writes.map((w) => w.ms))),
        mailsQueuedWhileDown: total - 2,
        deliveredAfterUpMs: Math.round(deliveredAt - upAt),
        delivered: received.length,
        duplicates: received.length - total,
        retriedJobs: jobs.rows.reduce((a, r) => a + (r.retries ?? 0), 0),
      });
    } finally {
      await database.close();
    }
  });
});
