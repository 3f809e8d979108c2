import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { kycDecisions, kycVerifications, kycWebhookEvents, users } from '../../src-server/db/schema';
import { signWebhook, verifyWebhookSignature } from '../../src-server/modules/kyc/providers';
import { testContext, type SignedIn, type TestContext } from './context';

/**
 * A small fake of a hosted-verification API (the kind Veriff, Sumsub or Onfido offer), started on
 * 127.0.0.1: POST /v1/sessions with a bearer key answers { id, url }.
 */
class FakeProvider {
  readonly requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  failWith: number | null = null;
  private server!: Server;
  private sessions = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/sessions') {
          res.writeHead(404).end();
          return;
        }
        if (req.headers.authorization !== 'Bearer test-api-key') {
          res.writeHead(401).end();
          return;
        }
        this.requests.push({ headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
        if (this.failWith) {
          res.writeHead(this.failWith).end('{"error":"down"}');
          return;
        }
        this.sessions += 1;
        const id = `sess_${this.sessions}`;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, url: `https://verify.example.test/s/${id}` }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const SECRET = 'webhook-secret-for-tests';
let t: TestContext;
let app: FastifyInstance;
let fake: FakeProvider;

const injectAs = async (person: SignedIn, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: { cookie: person.cookie } });

function webhook(event: object, options: { secret?: string; ageSeconds?: number; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
  return app.inject({
    method: 'POST',
    url: '/api/kyc/webhook',
    headers: {
      'content-type': 'application/json',
      'x-kyc-timestamp': timestamp,
      'x-kyc-signature': options.signature ?? signWebhook(options.secret ?? SECRET, timestamp, body),
    },
    payload: body,
  });
}

async function startFor(person: SignedIn): Promise<string> {
  const res = await injectAs(person, 'POST', '/api/kyc/start-verification');
  expect(res.statusCode).toBe(200);
  return res.json().verificationUrl as string;
}
const kycStatusOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.kycStatus;

beforeAll(async () => {
  t = await testContext();
  fake = new FakeProvider();
  const apiUrl = await fake.start();
  const ctx = {
    ...t.ctx,
    config: {
      ...t.ctx.config,
      kycProvider: { name: 'hosted' as const, apiUrl, apiKey: 'test-api-key', webhookSecret: SECRET },
    },
  };
  app = await buildApp(ctx, { logger: false, webDir: join(t.dataDir, 'no-web-build') });
});

afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

describe('hosted verification provider', () => {
  it("opens a session at the provider and answers the provider's URL", async () => {
    const person = await t.injectAs('user', {
      firstName: 'Zola',
      lastName: 'Dube',
      email: 'zola@example.com',
    });
    expect(await startFor(person)).toBe('https://verify.example.test/s/sess_1');
    const request = fake.requests.at(-1)!;
    expect(request.body).toMatchObject({
      callbackUrl: `${t.ctx.config.publicUrl}/api/kyc/webhook`,
      person: { firstName: 'Zola', lastName: 'Dube', email: 'zola@example.com' },
    });
    const [row] = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    expect(row).toMatchObject({
      id: request.body.reference,
      provider: 'hosted',
      externalSessionId: 'sess_1',
      tokenHash: null,
      status: 'not_started',
    });
  });

  it('answers 502 with a clear message when the provider fails, and records nothing', async () => {
    const person = await t.injectAs('user');
    fake.failWith = 503;
    try {
      const res = await injectAs(person, 'POST', '/api/kyc/start-verification');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The verification service is not available right now. Please try again later.',
      );
    } finally {
      fake.failWith = null;
    }
    const rows = await t.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, person.user!.id));
    expect(rows).toEqual([]);
  });

  it('applies signed events once each: submitted -> pending, approved -> complete', async () => {
    const person = await t.injectAs('user', { email: 'hosted.ok@example.com' });
    const url = await startFor(person);
    const sessionId = url.slice(url.lastIndexOf('/') + 1);
    const submitted = await webhook({ id: 'evt_1', type: 'verification.submitted', sessionId });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().message).toBe('Event applied.');
    expect(await kycStatusOf(person.user!.id)).toBe('pending');

    const approved = { id: 'evt_2', type: 'verification.approved', sessionId };
    expect((await webhook(approved)).statusCode).toBe(200);
    expect(await kycStatusOf(person.user!.id)).toBe('complete');
    const replay = await webhook(approved);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().message).toBe('Event already applied.');
    const decisions = await t.database.db
      .select()
      .from(kycDecisions)
      .innerJoin(kycVerifications, eq(kycVerifications.id, kycDecisions.verificationId))
      .where(eq(kycVerifications.userId, person.user!.id));
    expect(
      decisions.map((d) => [d.kyc_decisions.status, d.kyc_decisions.decidedBy, d.kyc_decisions.source]),
    ).toEqual([['complete', null, 'provider']]);
    const mails = (await t.outbox()).filter((m) => m.to === 'hosted.ok@example.com').map((m) => m.subject);
    expect(mails.sort()).toEqual(['We received your identity documents', 'Your identity is verified']);
  });

  it('records a decline with its reason', async () => {
    const person = await t.injectAs('user');
    const url = await startFor(person);
    const sessionId = url.slice(url.lastIndexOf('/') + 1);
    const res = await webhook({
      id: 'evt_3',
      type: 'verification.declined',
      sessionId,
      reason: 'Document expired.',
    });
    expect(res.statusCode).toBe(200);
    const mine = await injectAs(person, 'GET', '/api/kyc/my-verification');
    expect(mine.json()).toMatchObject({ statusInOurSystem: 'rejected', reason: 'Document expired.' });
  });

  it('refuses a bad signature, another secret, an old timestamp and an unknown session; nothing changes', async () => {
    const person = await t.injectAs('user');
    const url = await startFor(person);
    const sessionId = url.slice(url.lastIndexOf('/') + 1);
    const event = { id: 'evt_bad', type: 'verification.approved', sessionId };
    const forged = await webhook(event, { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid webhook signature.');
    expect((await webhook(event, { signature: 'zz' })).statusCode).toBe(401);
    const old = await webhook(event, { ageSeconds: 301 });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Webhook timestamp is outside the allowed 300 seconds.');
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/kyc/webhook',
      headers: {
        'content-type': 'application/json',
        'x-kyc-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-kyc-signature': signWebhook(SECRET, String(Math.floor(Date.now() / 1000)), JSON.stringify(event)),
      },
      payload: JSON.stringify({ ...event, type: 'verification.approved ' }),
    });
    expect(tampered.statusCode).toBe(401);
    const unknown = await webhook({
      id: 'evt_unknown',
      type: 'verification.approved',
      sessionId: 'sess_999',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await kycStatusOf(person.user!.id)).toBe('not_started');
    const recorded = await t.database.db.select().from(kycWebhookEvents);
    expect(recorded.map((e) => e.eventId)).not.toContain('evt_bad');
    expect(recorded.map((e) => e.eventId)).not.toContain('evt_unknown');
    // Within the window, the genuine event still applies. (Well inside it: the request's own time
    // on a loaded machine must not decide; the 300 s edge is checked on a fixed clock below.)
    expect((await webhook(event, { ageSeconds: 240 })).statusCode).toBe(200);
    expect(await kycStatusOf(person.user!.id)).toBe('complete');
  });

  it('takes a timestamp up to 300 s away from its clock, and refuses one a second further', () => {
    const body = Buffer.from('{"id":"evt_edge"}');
    const now = new Date('2026-11-26T12:00:00.000Z');
    const at = (seconds: number) => String(now.getTime() / 1000 + seconds);
    const check = (ts: string) =>
      verifyWebhookSignature(SECRET, ts, signWebhook(SECRET, ts, body), body, now);
    expect([-301, -300, -299, 299, 300, 301].map((d) => check(at(d)))).toEqual([
      'stale',
      'ok',
      'ok',
      'ok',
      'ok',
      'stale',
    ]);
  });

  it('has no webhook with the built-in provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
