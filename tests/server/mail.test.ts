import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { MAIL_QUEUE, Mailer } from '../../src-server/modules/mailer/service';
import { parseEml, testContext, type TestContext } from './context';

let t: TestContext;
let port: number;
let smtp: SMTPServer | undefined;
let mailer: Mailer;
const received: { to: string; raw: string }[] = [];

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp!.listen(port, '127.0.0.1', () => resolve()));
}

function stopSmtp(): Promise<void> {
  return new Promise((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
}

beforeAll(async () => {
  t = await testContext();
  port = await freePort();
  mailer = new Mailer({
    jobs: t.jobs,
    dataDir: t.dataDir,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: 'https://invest.example.com',
    log: { info: () => undefined, warn: () => undefined },
  });
  await mailer.start({ work: false });
});

afterAll(async () => {
  await stopSmtp();
});

const body = (email: string) => ({
  firstName: 'Jean',
  lastName: 'Dupont',
  email,
  phone: '+33 6 00 00 00 00',
  countryName: 'France',
  city: 'Lyon',
  address: '1 rue de la République',
  password: 'a-strong-password',
  acceptTerms: true,
});

async function jobStates(): Promise<string[]> {
  const { rows } = await t.database.pool.query(
    'SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on',
    [MAIL_QUEUE],
  );
  return rows.map((r) => r.state);
}

describe('e-mail over SMTP', () => {
  it('sends through SMTP_URL, in the person’s language, with plain-text and HTML bodies', async () => {
    await startSmtp();
    const app = await buildApp({ ...t.ctx, mailer }, { logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body('jean@example.com'),
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    expect(await mailer.drain()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('jean@example.com');
    const mail = parseEml(received[0]!.raw);
    expect(mail.subject).toMatch(/^Votre code de vérification AfriVest : \d{6}$/);
    expect(mail.text).toContain('Bonjour Jean,');
    expect(mail.text).toContain('https://invest.example.com/verify-email?email=jean%40example.com');
    expect(mail.html).toContain('lang="fr"');
    expect(await jobStates()).toEqual(['completed']);
    await app.close();
    await stopSmtp();
  });

  it('never fails a registration when SMTP is down, and delivers the e-mail once it is back', async () => {
    received.length = 0;
    const app = await buildApp({ ...t.ctx, mailer }, { logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body('down@example.com'),
    });
    expect(res.statusCode).toBe(201);
    await expect(mailer.drain()).rejects.toThrow();
    expect((await jobStates()).slice(-1)).toEqual(['retry']);

    await startSmtp();
    // pg-boss waits before a retry; make it due now.
    await t.database.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`,
      [MAIL_QUEUE],
    );
    expect(await mailer.drain()).toBe(1);
    expect(received.map((r) => r.to)).toEqual(['down@example.com']);
    expect((await jobStates()).slice(-1)).toEqual(['completed']);
    await app.close();
  });

  it('queues no code for a registration whose account was not created, only the owner’s notice', async () => {
    const before = (await jobStates()).length;
    const app = await buildApp({ ...t.ctx, mailer }, { logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body('down@example.com'),
    });
    // The address is taken: the same 201 as a new registration (decision 0117), and the code queued
    // in the refused transaction is gone with it; only the notice to the owner is queued.
    expect(res.statusCode).toBe(201);
    expect((await jobStates()).length).toBe(before + 1);
    const { rows } = await t.database.pool.query(
      `SELECT data->>'kind' AS kind FROM pgboss.job WHERE name = $1 ORDER BY created_on DESC LIMIT 1`,
      [MAIL_QUEUE],
    );
    expect(rows[0].kind).toBe('account-exists');
    await app.close();
  });
});
