import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import type { AppContext } from '../../src-server/context';
import { createDatabase, type Database } from '../../src-server/db/client';
import { accounts, investments, ledgerTransactions } from '../../src-server/db/schema';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

/**
 * Races over real HTTP (issue "Money", section "Proof"): the app listens on 127.0.0.1 and every
 * request is a separate `fetch`, so requests really run side by side on parallel database
 * connections, once with one server and once with two server instances (two pools) on one database.
 */
const INVESTORS = 200;
const ROUNDS = 20;
const TICKET = 10_000n; // EUR 100.00: the minimum, the maximum and the only amount sent
const TICKETS = 37n; // the venture has room for exactly 37 tickets
const START_BALANCE = TICKET * BigInt(2 * ROUNDS + 5);
const NOT_OPEN = 'This venture is not open for investment.';

interface Server {
  app: FastifyInstance;
  url: string;
  database?: Database;
}

let t: TestContext;
let investors: SignedIn[];
/** What each investor's balance must be (cents), by user id. */
const expected = new Map<string, bigint>();
/** The app on the test's own pool, and two instances with their own pools. */
let single: Server;
let pair: Server[];

async function listen(ctx: AppContext, database?: Database): Promise<Server> {
  const app = await buildApp(ctx, { logger: false, webDir: join(t.dataDir, 'no-web-build') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, database };
}

async function instance(): Promise<Server> {
  const database = createDatabase(t.databaseUrl, { max: 8, connectionTimeoutMillis: 60_000 });
  return listen({ ...t.ctx, db: database.db, pool: database.pool }, database);
}

interface Answer {
  status: number;
  text: string;
  replayed: boolean;
}

async function post(url: string, cookie: string, body: object, key?: string): Promise<Answer> {
  const res = await fetch(`${url}/api/investments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...(key && { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.has('idempotent-replayed') };
}

/** A refusal the contract names for an investment ("Investments"). */
function isContractRefusal(status: number, message: unknown): boolean {
  if (typeof message !== 'string') return false;
  if (status === 409) return message === NOT_OPEN;
  if (status === 403) return message === 'Please complete identity verification before investing.';
  if (status === 400)
    return (
      message === 'Insufficient balance.' ||
      /^Minimum investment is €[\d,.]+$/.test(message) ||
      /^Maximum investment is €[\d,.]+$/.test(message) ||
      /^Only €[\d,.]+ is left to fund in this venture\.$/.test(message)
    );
  return false;
}

async function balances(): Promise<Map<string, bigint>> {
  const rows = await t.database.db
    .select({ userId: accounts.userId, balance: accounts.balanceCents })
    .from(accounts)
    .where(
      inArray(
        accounts.userId,
        investors.map((i) => i.user!.id),
      ),
    );
  return new Map(rows.map((r) => [r.userId!, r.balance]));
}

/** 20 ventures in a row, each raced for by all 200 investors at once, spread over `servers`. */
async function race(servers: Server[], label: string): Promise<Record<string, number>> {
  const refusals: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    const venture = await openVenture(t, {
      title: `${label} race ${round}`,
      minInvestmentCents: TICKET,
      maxInvestmentCents: TICKET,
      targetAmountCents: TICKET * TICKETS,
    });
    const company = await balanceOf(t, venture.createdBy);

    const answers = await Promise.all(
      investors.map((investor, i) =>
        post(servers[i % servers.length]!.url, investor.cookie, { ventureId: venture.id, amount: 100 }),
      ),
    );

    const winners = new Map<string, string>(); // user id -> investment id
    answers.forEach((answer, i) => {
      const body = JSON.parse(answer.text) as { message: string; data?: { _id: string } };
      if (answer.status === 201) {
        expect(body.message).toBe('Investment successful!');
        winners.set(investors[i]!.user!.id, body.data!._id);
      } else {
        expect(isContractRefusal(answer.status, body.message), `${answer.status} ${answer.text}`).toBe(true);
        const key = `${answer.status} ${body.message}`;
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
    });
    expect(winners.size, `round ${round}: successful investments`).toBe(Number(TICKETS));

    const row = await ventureRow(t, venture.id);
    expect(row.amountFundedCents).toBe(row.targetAmountCents);
    expect(row.lifecycleStatus).toBe('funded');
    const stored = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.ventureId, venture.id));
    expect(new Map(stored.map((s) => [s.userId, s.id]))).toEqual(winners);
    expect(stored.every((s) => s.amountCents === TICKET && s.status === 'completed')).toBe(true);
    // The loan started: the escrow was paid out to the company's balance.
    expect(await escrowBalance(venture.id)).toBe(0n);
    expect((await balanceOf(t, venture.createdBy)) - company).toBe(TICKET * TICKETS);

    for (const userId of winners.keys()) expected.set(userId, expected.get(userId)! - TICKET);
    const now = await balances();
    expect(now).toEqual(expected);
    expect([...now.values()].every((b) => b >= 0n)).toBe(true);
  }
  return refusals;
}

async function escrowBalance(ventureId: string): Promise<bigint> {
  const [row] = await t.database.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.ventureId, ventureId));
  return row?.balance ?? 0n;
}

beforeAll(async () => {
  t = await testContext();
  investors = [];
  for (let i = 0; i < INVESTORS; i += 10) {
    investors.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () => verifiedInvestor(t, 0n, undefined, 'sophisticated')),
      )),
    );
  }
  // One deposit transaction for everyone (concurrent deposits would all queue on the external account).
  await t.database.db.transaction(async (tx) => {
    const entries = [];
    for (const investor of investors) {
      entries.push({ accountId: await userAccountId(tx, investor.user!.id), amountCents: START_BALANCE });
    }
    entries.push({ accountId: await externalAccountId(tx), amountCents: -START_BALANCE * BigInt(INVESTORS) });
    await postTransaction(tx, { kind: 'deposit', note: 'Test deposit', entries });
  });
  for (const investor of investors) expected.set(investor.user!.id, START_BALANCE);
  single = await listen(t.ctx);
  pair = [await instance(), await instance()];
});

afterAll(async () => {
  for (const server of [single, ...(pair ?? [])]) {
    if (!server) continue;
    await server.app.close();
    await server.database?.close();
  }
});

describe('200 investors race for 37 tickets', () => {
  it('one server: exactly 37 succeed in each of 20 rounds, the rest are refused as the contract says', async () => {
    const refusals = await race([single], 'one server');
    // Everyone else is told the venture is no longer open (it is funded once the 37th ticket lands).
    expect(refusals).toEqual({ [`409 ${NOT_OPEN}`]: ROUNDS * (INVESTORS - Number(TICKETS)) });
  }, 600_000);

  it('two server instances with their own pools on one database: the same', async () => {
    const refusals = await race(pair, 'two servers');
    expect(refusals).toEqual({ [`409 ${NOT_OPEN}`]: ROUNDS * (INVESTORS - Number(TICKETS)) });
  }, 600_000);
});

describe('Idempotency-Key under concurrency', () => {
  it('20 concurrent requests with one key make one investment and 20 identical answers', async () => {
    const venture = await openVenture(t, { title: 'Idempotent race' });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const servers = [single, ...pair];
    const key = `order-${randomUUID()}`;
    const body = { ventureId: venture.id, amount: 123.45 };

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(servers[i % servers.length]!.url, investor.cookie, body, key),
      ),
    );
    expect(answers[0]!.status).toBe(201);
    for (const answer of answers) {
      expect(answer.status).toBe(answers[0]!.status);
      expect(answer.text).toBe(answers[0]!.text);
    }
    expect(answers.filter((a) => a.replayed)).toHaveLength(19);

    const rows = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.userId, investor.user!.id));
    expect(rows.map((r) => r.id)).toEqual([JSON.parse(answers[0]!.text).data._id]);
    expect(rows[0]!.amountCents).toBe(12_345n);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 12_345n);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(12_345n);
    const moved = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.ventureId, venture.id), eq(ledgerTransactions.kind, 'investment')));
    expect(moved).toHaveLength(1);

    // The same key with another amount: 422, and nothing moves.
    const other = await post(single.url, investor.cookie, { ...body, amount: 50 }, key);
    expect(other.status).toBe(422);
    expect(typeof JSON.parse(other.text).message).toBe('string');
    // The same key with another venture too.
    const elsewhere = await openVenture(t, { title: 'Another venture' });
    expect(
      (await post(pair[0]!.url, investor.cookie, { ...body, ventureId: elsewhere.id }, key)).status,
    ).toBe(422);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 12_345n);

    // The key is the investor's own: another investor may use it, also at the same time.
    const others = [
      await verifiedInvestor(t, 100_000n, undefined, 'sophisticated'),
      await verifiedInvestor(t, 100_000n, undefined, 'sophisticated'),
    ];
    const theirs = await Promise.all(
      others.flatMap((person) =>
        Array.from({ length: 5 }, (_, i) => post(servers[i % servers.length]!.url, person.cookie, body, key)),
      ),
    );
    expect(theirs.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(theirs.map((a) => JSON.parse(a.text).data._id as string));
    expect(ids.size).toBe(2);
    expect(ids.has(JSON.parse(answers[0]!.text).data._id)).toBe(false);
    for (const person of others) expect(await balanceOf(t, person.user!.id)).toBe(100_000n - 12_345n);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(3n * 12_345n);
  }, 180_000);
});
