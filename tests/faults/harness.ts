/**
 * What the fault scripts share: the production server (dist/server/server.mjs, built by
 * `npm run test:faults`) in a process of its own, a connection to its database for setting up and
 * checking, a steady load of writes whose answers are recorded, the checks that every acknowledged
 * write is stored, and the figures each fault reports.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { expect, onTestFailed } from 'vitest';
import { errorText } from '../../src-shared/errors';
import { createDatabase, type Database } from '../../src-server/db/client';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { investments, ledgerTransactions, tickets, users, ventures } from '../../src-server/db/schema';
import { hashPassword } from '../../src-server/lib/passwords';
import { encryptSecret } from '../../src-server/modules/auth/second-factor';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import type { AppContext } from '../../src-server/context';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { findInvariantViolations } from '../server/invariants';
import { untilReady } from '../support/server-ready';

export const ROOT = join(import.meta.dirname, '..', '..');
export const TEST_KYC_KEY = '7f'.repeat(32);
export const UNAVAILABLE = {
  message: errorText('common.unavailable'),
  code: 'common.unavailable',
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A data folder the `postgres` user can enter (the server runs PostgreSQL as that user when root). */
export function tempDataDir(prefix = 'cf-fault-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export interface FaultServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
  /** Milliseconds from the spawn to the "Ready" line. */
  startMs: number;
}

/**
 * Starts the built server on `port` (the same port across restarts, so that the load's clients
 * carry on) and waits for its Ready line. Without DATABASE_URL in `env`, it runs its own embedded
 * PostgreSQL in `dataDir/pg`, supervised.
 */
export async function startServer(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<FaultServer> {
  const serverFile = join(ROOT, 'dist/server/server.mjs');
  if (!existsSync(serverFile)) throw new Error('dist/server is missing: run `npm run build:server` first');
  const port = options.port ?? (await freePort());
  const begun = performance.now();
  const child = spawn(process.execPath, [serverFile], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilReady(child, exited, () => output, 90_000);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: options.dataDir,
    child,
    exited,
    output: () => output,
    startMs: Math.round(performance.now() - begun),
  };
}

/** Called at the start of a test: when it fails, the end of the server's log is printed (for CI). */
export function printServerLogOnFailure(current: () => FaultServer | undefined): void {
  onTestFailed(() => {
    const output = current()?.output() ?? '';
    console.log(`server log (last 8000 characters):\n${output.slice(-8_000)}`);
  });
}

/** SIGKILL (or another signal) and wait for the exit. */
export async function killServer(server: FaultServer, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** Stops the server as an operator would (SIGTERM: requests finish, PostgreSQL stops). */
export async function stopServer(server: FaultServer | undefined): Promise<void> {
  if (!server) return;
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  await killServer(server, 'SIGTERM');
  clearTimeout(timer);
}

/** The URL of the embedded PostgreSQL the server started (its port is in the log, its password in DATA_DIR). */
export function embeddedDatabaseUrl(server: FaultServer): string {
  const line = server
    .output()
    .split('\n')
    .reverse()
    .find((l) => l.includes('"msg":"embedded PostgreSQL started"'));
  if (!line) throw new Error('the server did not say where its PostgreSQL listens');
  const { port } = JSON.parse(line) as { port: number };
  const password = readFileSync(join(server.dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/platform`;
}

/** The pid of the embedded cluster's postmaster (first line of postmaster.pid). */
export function postmasterPid(pgDir: string): number {
  return Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The embedded-postgres package's binaries (pg_ctl among them). */
export async function postgresBinaries(): Promise<{ pg_ctl: string; postgres: string }> {
  return (await import(/* @vite-ignore */ `@embedded-postgres/${platform()}-${arch()}`)) as {
    pg_ctl: string;
    postgres: string;
  };
}

/** Runs pg_ctl as the cluster's owner (the `postgres` user when this runs as root: pg_ctl refuses root). */
export async function pgCtl(args: string[]): Promise<string> {
  const { pg_ctl } = await postgresBinaries();
  const ids =
    userInfo().uid === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
        }
      : {};
  return new Promise((resolve, reject) => {
    const child = spawn(pg_ctl, args, {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pg_ctl ${args.join(' ')}: ${out}`)),
    );
  });
}

/** A database handle for setting up and checking (never the server's own pool). */
export function openDatabase(url: string): Database {
  return createDatabase(url, { max: 4, onError: () => undefined, connectionTimeoutMillis: 10_000 });
}

// ---------------------------------------------------------------------------------------------
// People and ventures, written straight into the database (as the server tests do).

export interface Actor {
  id: string;
  email: string;
  cookie: string;
}

export const START_BALANCE = 100_000_000n; // EUR 1,000,000.00 per investor

let passwordHash: Promise<string> | undefined;
let people = 0;

async function person(
  database: Database,
  values: Partial<typeof users.$inferInsert> & { role: 'user' | 'corporate' | 'admin' },
): Promise<Actor> {
  people += 1;
  passwordHash ??= hashPassword('correct-horse-42');
  // Admins must have a second factor (issue 26; without one every admin call answers 403
  // auth.second_factor_setup_required): enrolled with the key of the servers these tests start.
  if (values.role === 'admin' && values.totpEnabledAt === undefined) {
    const ctx = { config: { kycEncryptionKey: Buffer.from(TEST_KYC_KEY, 'hex') } } as AppContext;
    values = { ...values, totpSecret: encryptSecret(ctx, 'JBSWY3DPEHPK3PXP'), totpEnabledAt: new Date() };
  }
  const [row] = await database.db
    .insert(users)
    .values({
      email: `fault${people}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Fault',
      lastName: `Person ${people}`,
      emailVerifiedAt: new Date(),
      passwordHash: await passwordHash,
      ...values,
    })
    .returning();
  await userAccountId(database.db, row!.id);
  const { token } = await createSession(database.db, { userId: row!.id, rememberMe: true });
  return { id: row!.id, email: row!.email, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface Cast {
  investors: Actor[];
  authors: Actor[];
  admin: Actor;
  ventureIds: string[];
}

/**
 * Investors with EUR 1,000,000 each, ticket authors, an admin, and ventures large enough that the
 * load never fills them.
 */
export async function seedCast(
  database: Database,
  counts = { investors: 3, authors: 2, ventures: 3 },
): Promise<Cast> {
  const investors: Actor[] = [];
  for (let i = 0; i < counts.investors; i += 1)
    // Sophisticated (Annex II): investor protection is not what these tests break (protection-gates.test.ts).
    investors.push(
      await person(database, { role: 'user', kycStatus: 'complete', investorCategory: 'sophisticated' }),
    );
  const authors: Actor[] = [];
  for (let i = 0; i < counts.authors; i += 1) authors.push(await person(database, { role: 'user' }));
  const admin = await person(database, { role: 'admin' });
  const owner = await person(database, { role: 'corporate' });
  if (investors.length > 0) {
    await database.db.transaction(async (tx) => {
      const entries = [];
      for (const investor of investors)
        entries.push({ accountId: await userAccountId(tx, investor.id), amountCents: START_BALANCE });
      entries.push({
        accountId: await externalAccountId(tx),
        amountCents: -START_BALANCE * BigInt(investors.length),
      });
      await postTransaction(tx, { kind: 'deposit', note: 'Test deposit', entries });
    });
  }
  const now = Date.now();
  const ventureIds: string[] = [];
  for (let v = 0; v < counts.ventures; v += 1) {
    const [row] = await database.db
      .insert(ventures)
      .values({
        title: `Fault venture ${v + 1}`,
        shortDescription: 'Pay-as-you-go solar',
        longDescription: 'long',
        collateralDescription: 'collateral',
        country: 'KE',
        ventureType: 'sme',
        riskLevel: 'medium',
        minInvestmentCents: 5_000n,
        maxInvestmentCents: 500_000n,
        targetAmountCents: 10_000_000_000n,
        expectedReturn: '12.00',
        investmentPeriod: 12,
        closingDate: new Date(now + 30 * 86_400_000),
        collateralValueCents: 12_000_000_000n,
        loanToValue: '80',
        lifecycleStatus: 'new',
        visibility: 'public',
        adminStatus: 'approved',
        goesLiveAt: new Date(now - 86_400_000),
        createdBy: owner.id,
      })
      .returning();
    ventureIds.push(row!.id);
  }
  return { investors, authors, admin, ventureIds };
}

// ---------------------------------------------------------------------------------------------
// The load: investors invest, authors open tickets, the admin credits balances, a reader reads.

export type OpKind = 'investment' | 'ticket' | 'credit' | 'read' | 'health';

export interface Op {
  kind: OpKind;
  /** performance.now() when sent and how long the answer took. */
  at: number;
  ms: number;
  /** The HTTP status, or undefined when no answer came (connection refused or broken, timeout). */
  status?: number;
  body?: Record<string, unknown>;
  retryAfter?: string | null;
  error?: string;
  /** What identifies the write: the investment's key and body, the ticket's subject, the credit's note. */
  key?: string;
  request?: { ventureId: string; amount: number };
  actor?: Actor;
  subject?: string;
  note?: string;
  amountCents?: bigint;
  /** The investment's or ticket's id from a 2xx answer. */
  id?: string;
  retried?: boolean;
}

/** Longer than any answer may take: a request still unanswered then counts as a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export async function call(
  url: string,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; form?: FormData; key?: string } = {},
): Promise<Omit<Op, 'kind'>> {
  const at = performance.now();
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return {
      at,
      ms: performance.now() - at,
      status: res.status,
      body,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { at, ms: performance.now() - at, error: cause?.code ?? (error as Error).name };
  }
}

let sequence = 0;

function investment(cast: Cast, investor: number): Pick<Op, 'key' | 'request' | 'actor'> {
  sequence += 1;
  return {
    key: randomUUID(),
    actor: cast.investors[investor]!,
    request: {
      ventureId: cast.ventureIds[(investor + sequence) % cast.ventureIds.length]!,
      // EUR 50.00 to EUR 299.xx, with cents.
      amount: (5_000 + ((sequence * 3_700) % 25_000) + (sequence % 7)) / 100,
    },
  };
}

async function sendInvestment(url: string, op: Pick<Op, 'key' | 'request' | 'actor'>): Promise<Op> {
  const answer = await call(url, '/api/investments', {
    method: 'POST',
    cookie: op.actor!.cookie,
    key: op.key!,
    json: op.request,
  });
  const id = answer.status === 201 ? (answer.body?.data as { _id: string })._id : undefined;
  return { kind: 'investment', ...op, ...answer, id };
}

async function sendCredit(url: string, cast: Cast, op: Pick<Op, 'key' | 'note' | 'amountCents' | 'actor'>) {
  const form = new FormData();
  form.set('amount', (Number(op.amountCents) / 100).toFixed(2));
  form.set('note', op.note!);
  const answer = await call(url, `/api/balances/add-balance/${op.actor!.id}`, {
    method: 'POST',
    cookie: cast.admin.cookie,
    key: op.key!,
    form,
  });
  return { kind: 'credit' as const, ...op, ...answer };
}

/**
 * Sends writes continuously from several clients until stopped: each investor invests (with an
 * Idempotency-Key), each author opens tickets, the admin credits balances (with an
 * Idempotency-Key), a reader reads a balance and a prober asks /api/health every 100 ms. Every
 * answer is recorded. A client that got no answer or a 503 waits 50 ms before its next request.
 */
export class Load {
  readonly ops: Op[] = [];
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly cast: Cast,
  ) {}

  start(): this {
    const { cast, url } = this;
    const loop = async (next: () => Promise<Op>, pauseMs = 5) => {
      while (!this.stopped) {
        const op = await next();
        this.ops.push(op);
        await sleep(op.status === undefined || op.status >= 500 ? 50 : pauseMs);
      }
    };
    this.loops = [
      ...cast.investors.map((_, i) => loop(() => sendInvestment(url, investment(cast, i)))),
      ...cast.authors.map((author) =>
        loop(async () => {
          sequence += 1;
          const subject = `Fault ticket ${sequence}`;
          const answer = await call(url, '/api/tickets', {
            method: 'POST',
            cookie: author.cookie,
            json: { subject, category: 'payments', message: 'Where is my money?' },
          });
          const id = answer.status === 201 ? (answer.body?.data as { _id: string })._id : undefined;
          return { kind: 'ticket', actor: author, subject, ...answer, id };
        }, 20),
      ),
      loop(() => {
        sequence += 1;
        return sendCredit(url, cast, {
          key: randomUUID(),
          note: `fault credit ${randomUUID()}`,
          amountCents: BigInt(1_000 + (sequence % 5_000)),
          actor: cast.investors[sequence % cast.investors.length]!,
        });
      }, 20),
      loop(async () => ({
        kind: 'read',
        ...(await call(url, '/api/balances/my-balance', { cookie: cast.investors[0]!.cookie })),
      })),
      loop(async () => ({ kind: 'health', ...(await call(url, '/api/health')) }), 100),
    ];
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  /**
   * Sends again, with the same Idempotency-Key and body, every investment and credit whose outcome
   * is unknown (its answer was lost when the server died, or it answered 503): each then moves money
   * exactly once, whether or not its first attempt had committed.
   */
  async retryUnacknowledged(url = this.url): Promise<number> {
    // A refused connection never reached the server: nothing to retry there.
    const open = this.ops.filter(
      (op) =>
        (op.kind === 'investment' || op.kind === 'credit') &&
        !op.retried &&
        (op.status === undefined ? op.error !== 'ECONNREFUSED' : op.status >= 500),
    );
    for (const op of open) {
      op.retried = true;
      for (let attempt = 0; ; attempt += 1) {
        const again =
          op.kind === 'investment' ? await sendInvestment(url, op) : await sendCredit(url, this.cast, op);
        // 409 idempotency.in_progress: the first attempt's transaction is still being rolled back.
        if (again.status === 409 && again.body?.code === 'idempotency.in_progress' && attempt < 20) {
          await sleep(250);
          continue;
        }
        this.ops.push({ ...again, retried: true });
        break;
      }
    }
    return open.length;
  }
}

// ---------------------------------------------------------------------------------------------
// Checks and figures.

export const isWrite = (op: Op) => op.kind === 'investment' || op.kind === 'ticket' || op.kind === 'credit';
export const ok = (op: Op) => op.status !== undefined && op.status >= 200 && op.status < 300;

/** No 500 and no hang anywhere; every 503 has the contract's shape and a Retry-After. */
export function expectNoDefects(ops: Op[], options: { allowNoAnswer: boolean }): void {
  const defects = ops.filter((op) => op.status !== undefined && op.status >= 500 && op.status !== 503);
  expect(defects.map((op) => `${op.kind} ${op.status} ${JSON.stringify(op.body)}`)).toEqual([]);
  const hangs = ops.filter((op) => op.error === 'TimeoutError');
  expect(hangs.length, 'requests left unanswered for 15 s').toBe(0);
  if (!options.allowNoAnswer) {
    expect(ops.filter((op) => op.status === undefined).map((op) => `${op.kind}: ${op.error}`)).toEqual([]);
  }
  for (const op of ops.filter((o) => o.status === 503 && o.kind !== 'health')) {
    expect(op.body).toEqual(UNAVAILABLE);
    expect(op.retryAfter).toMatch(/^\d+$/);
  }
  for (const op of ops.filter((o) => o.status === 503 && o.kind === 'health')) {
    expect(op.body).toEqual({ status: 'unavailable', message: 'The database does not answer.' });
  }
  // Refusals are the contract's (a 4xx with a code), never anything else.
  for (const op of ops.filter((o) => o.status !== undefined && o.status >= 400 && o.status < 500)) {
    expect(typeof op.body?.code, `${op.kind} ${op.status} ${JSON.stringify(op.body)}`).toBe('string');
  }
}

export interface AcknowledgedCounts {
  investments: number;
  tickets: number;
  credits: number;
}

/**
 * Every write answered 2xx is in the database with what was asked; after the retries, the stored
 * investments and credits of the load are exactly the acknowledged ones (nothing moved twice or
 * without an answer); the ledger's invariants hold.
 */
export async function expectAcknowledgedStored(
  database: Database,
  cast: Cast,
  ops: Op[],
): Promise<AcknowledgedCounts> {
  const acked = ops.filter((op) => ok(op) && isWrite(op));
  const ackedInvestments = acked.filter((op) => op.kind === 'investment');
  const ackedTickets = acked.filter((op) => op.kind === 'ticket');
  const ackedCredits = acked.filter((op) => op.kind === 'credit');

  // Investments: one row per key, with the investor, venture and amount that were asked.
  const byKey = new Map<string, Op>();
  for (const op of ackedInvestments) {
    const earlier = byKey.get(op.key!);
    if (earlier) expect(op.id, 'a key retried answers the same investment').toBe(earlier.id);
    byKey.set(op.key!, op);
  }
  const stored = await database.db
    .select()
    .from(investments)
    .where(
      inArray(
        investments.userId,
        cast.investors.map((i) => i.id),
      ),
    );
  expect(stored.map((s) => s.id).sort()).toEqual([...byKey.values()].map((op) => op.id!).sort());
  const rows = new Map(stored.map((s) => [s.id, s]));
  for (const op of byKey.values()) {
    const row = rows.get(op.id!)!;
    expect(row.userId).toBe(op.actor!.id);
    expect(row.ventureId).toBe(op.request!.ventureId);
    expect(row.amountCents).toBe(BigInt(Math.round(op.request!.amount * 100)));
  }

  // Tickets: each acknowledged one is there, with its subject.
  const ticketIds = ackedTickets.map((op) => op.id!);
  const storedTickets = ticketIds.length
    ? await database.db.select().from(tickets).where(inArray(tickets.id, ticketIds))
    : [];
  const ticketRows = new Map(storedTickets.map((t) => [t.id, t]));
  for (const op of ackedTickets) {
    expect(ticketRows.get(op.id!)?.subject, `ticket ${op.id}`).toBe(op.subject);
    expect(ticketRows.get(op.id!)?.authorId).toBe(op.actor!.id);
  }

  // Credits: exactly one ledger transaction per acknowledged note, and none for the others (every
  // unacknowledged credit was retried until answered).
  const notes = [...new Set(ackedCredits.map((op) => op.note!))];
  const allNotes = [...new Set(ops.filter((op) => op.kind === 'credit').map((op) => op.note!))];
  const credited = allNotes.length
    ? await database.db
        .select({ note: ledgerTransactions.note, kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.note, allNotes))
    : [];
  expect(credited.map((c) => c.note).sort()).toEqual(notes.sort());

  expect(await findInvariantViolations(database.pool)).toEqual([]);
  return {
    investments: byKey.size,
    tickets: ackedTickets.length,
    credits: notes.length,
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The 503 answers of a window: how many, and their latency (max and median, ms). */
export function unavailableFigures(ops: Op[], from: number, to: number) {
  const inWindow = ops.filter((op) => op.at >= from && op.at <= to && op.kind !== 'health');
  const unavailable = inWindow.filter((op) => op.status === 503);
  const health = ops.filter((op) => op.kind === 'health' && op.at >= from && op.at <= to);
  return {
    requestsWhileDown: inWindow.length,
    answered503: unavailable.length,
    latency503MaxMs: Math.round(Math.max(0, ...unavailable.map((op) => op.ms))),
    latency503MedianMs: Math.round(median(unavailable.map((op) => op.ms))),
    health503: health.filter((op) => op.status === 503).length,
  };
}

/** Milliseconds from `since` to the end of the first 2xx write sent after it. */
export function firstWriteAfter(ops: Op[], since: number): number | undefined {
  const answered = ops
    .filter((op) => op.at >= since && ok(op) && isWrite(op))
    .map((op) => op.at + op.ms)
    .sort((a, b) => a - b);
  return answered.length ? Math.round(answered[0]! - since) : undefined;
}

/** Records one fault's figures: printed now, and gathered by tests/faults/run.mjs for its summary. */
export function report(fault: string, figures: Record<string, unknown>): void {
  const line = JSON.stringify({ fault, ...figures });
  console.log(`FAULT FIGURES ${line}`);
  if (process.env.FAULTS_REPORT) appendFileSync(process.env.FAULTS_REPORT, `${line}\n`);
}
