import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '../../src-shared/constants/enums';
import { buildApp } from '../../src-server/app';
import type { AppContext } from '../../src-server/context';
import { loadConfig } from '../../src-server/config';
import { createDatabase, type Database } from '../../src-server/db/client';
import { knowledgeTestAttempts, lossSimulations, users } from '../../src-server/db/schema';
import { testValidUntil } from '../../src-server/modules/protection/service';
import { createBusinessClock } from '../../src-server/lib/business-clock';
import { hashPassword } from '../../src-server/lib/passwords';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { encryptSecret } from '../../src-server/modules/auth/second-factor';
import { userAccountId } from '../../src-server/modules/ledger/service';
import { Mailer } from '../../src-server/modules/mailer/service';
import { Jobs } from '../../src-server/plugins/jobs';
import { codeOf, parseEml, type Mail } from '../support/eml';
import { withDatabase } from './db-names';

export { parseEml, type Mail };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The job queue (no timers: e-mails are sent by `outbox()`, i.e. `mailer.drain()`). */
  jobs: Jobs;
  mailer: Mailer;
  /** Moves the app's clock: `clock.offsetMs = 11 * 60_000` is eleven minutes later. */
  clock: { offsetMs: number };
  /** Sends the queued e-mails and returns every e-mail written to the outbox, oldest first. */
  outbox(): Promise<Mail[]>;
  /** The 6-digit code of the newest e-mail to that address. */
  lastCode(to: string): Promise<string>;
  ctx: AppContext;
  dataDir: string;
  databaseUrl: string;
  databaseName: string;
  /** A user of that role (verified, active) with a live session, and an `inject` that sends its cookie. */
  injectAs(role: Role | 'visitor', overrides?: UserOverrides): Promise<SignedIn>;
  createUser(overrides?: UserOverrides & { password?: string }): Promise<typeof users.$inferSelect>;
}

/**
 * An investor's (role `user`) protection profile (EU 2020/1503 Art. 21; API contract, "Investor
 * protection"): `passed` (the default) has a passed knowledge test and a loss simulation of EUR 1M net
 * worth (warning threshold EUR 50,000), so they may invest as before; `sophisticated` skips every
 * protection and the reflection period; `none` has done nothing yet.
 */
export type ProtectionFixture = 'passed' | 'sophisticated' | 'none';

export type UserOverrides = Partial<typeof users.$inferInsert> & {
  protection?: ProtectionFixture;
  /** Admins and superadmins get an enrolled second factor (secret TEST_TOTP_SECRET) unless this is
   * false; other roles get one only when it is true. */
  secondFactor?: boolean;
};

/** The default protection profile's net worth, in cents (EUR 1,000,000). */
export const FIXTURE_NET_WORTH_CENTS = 100_000_000n;

export interface SignedIn {
  user: typeof users.$inferSelect | null;
  cookie: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let current: Promise<TestContext> | undefined;
let resolved: TestContext | undefined;
let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-42';
/** The identity documents' key in server tests (64 hex digits). */
export const TEST_KYC_KEY = '7f'.repeat(32);
/** The TOTP secret (base32) of the fixtures' enrolled second factors. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The current test file's context: its own database cloned from the migrated template, and an app. */
export function testContext(): Promise<TestContext> {
  current ??= create();
  return current;
}

export function currentContext(): TestContext | undefined {
  return resolved;
}

async function create(): Promise<TestContext> {
  const info = inject('testDb');
  const databaseName = `${info.prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${info.template}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(info.adminUrl, databaseName);
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
    BUSINESS_DATE_CONTROL: 'true',
    // Every test user calls from one address within the hour: the ticket flood limits are tested
    // with their defaults in tickets-flood.test.ts, which sets them on `t.ctx.config`.
    RATE_LIMIT_TICKETS_PER_HOUR: '1000',
    RATE_LIMIT_TICKET_REPLIES_PER_HOUR: '1000',
  });
  // A loaded machine (the suite's two workers beside the browser tests) can queue 200 racing requests
  // for longer than the app's 5 s wait for a connection; the tests check results, not that wait.
  const database = createDatabase(databaseUrl, { max: 10, connectionTimeoutMillis: 60_000 });
  const log = { info: () => undefined, warn: () => undefined };
  const jobs = new Jobs({ connectionString: databaseUrl, log, background: false });
  await jobs.start();
  const mailer = new Mailer({ jobs, dataDir, publicUrl: config.publicUrl, log });
  await mailer.start({ work: false });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    mailer,
    now,
    clock: createBusinessClock(now, true),
  };
  const app = await buildApp(ctx, { logger: false, webDir: join(dataDir, 'no-web-build') });

  let counter = 0;
  const createUser: TestContext['createUser'] = async (overrides = {}) => {
    counter += 1;
    const { password, protection = 'passed', secondFactor, ...values } = overrides;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const investor = (values.role ?? 'user') === 'user';
    const admin = values.role === 'admin' || values.role === 'superadmin';
    // The second factor is mandatory for admins (issue 26): the fixtures' admins have one enrolled.
    if ((secondFactor ?? admin) && values.totpEnabledAt === undefined) {
      values.totpSecret = encryptSecret(ctx, TEST_TOTP_SECRET);
      values.totpEnabledAt = new Date();
    }
    if (investor && protection === 'sophisticated') values.investorCategory = 'sophisticated';
    const [row] = await database.db
      .insert(users)
      .values({
        email: `person${counter}-${randomBytes(3).toString('hex')}@example.com`,
        firstName: 'Test',
        lastName: `Person ${counter}`,
        emailVerifiedAt: new Date(),
        ...values,
        passwordHash: password ? await hashPassword(password) : await passwordHash,
      })
      .returning();
    await userAccountId(database.db, row!.id);
    if (investor && protection === 'passed') {
      const takenAt = ctx.clock.now();
      await database.db.insert(knowledgeTestAttempts).values({
        userId: row!.id,
        language: 'en',
        answers: {},
        correct: 15,
        total: 15,
        score: 100,
        passed: true,
        topicsMissed: [],
        takenAt,
        validUntil: testValidUntil(takenAt),
      });
      await database.db.insert(lossSimulations).values({
        userId: row!.id,
        annualIncomeCents: 0n,
        liquidAssetsCents: FIXTURE_NET_WORTH_CENTS,
        annualCommitmentsCents: 0n,
        netWorthCents: FIXTURE_NET_WORTH_CENTS,
        capacityCents: FIXTURE_NET_WORTH_CENTS / 10n,
        createdAt: takenAt,
      });
    }
    return row!;
  };

  const injectAs: TestContext['injectAs'] = async (role, overrides = {}) => {
    if (role === 'visitor') {
      return { user: null, cookie: '', inject: (options) => app.inject(options) };
    }
    const user = await createUser({ role, ...overrides });
    const { token } = await createSession(database.db, { userId: user.id, rememberMe: false });
    const cookie = `${SESSION_COOKIE}=${token}`;
    return {
      user,
      cookie,
      inject: (options) =>
        app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions),
    };
  };

  const outbox = async (): Promise<Mail[]> => {
    await mailer.drain();
    const dir = join(dataDir, 'outbox');
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.sort().map(async (name) => parseEml(await readFile(join(dir, name), 'utf8'))),
    );
    return mails;
  };

  resolved = {
    app,
    database,
    jobs,
    mailer,
    clock,
    outbox,
    async lastCode(to: string) {
      const mail = (await outbox()).filter((m) => m.to === to).pop();
      const code = mail ? codeOf(mail) : undefined;
      if (!code) throw new Error(`no code e-mailed to ${to}`);
      return code;
    },
    ctx,
    dataDir,
    databaseUrl,
    databaseName,
    injectAs,
    createUser,
  };
  return resolved;
}

/** Closes the app and the pool, drops the file's database and removes its data folder. */
export async function disposeContext(): Promise<void> {
  if (!current) return;
  const context = await current;
  current = undefined;
  resolved = undefined;
  await context.app.close();
  await context.jobs.stop();
  await context.database.close();
  const info = inject('testDb');
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${context.databaseName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  rmSync(context.dataDir, { recursive: true, force: true });
}
