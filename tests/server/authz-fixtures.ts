/**
 * The people and records of the security proof (issue 17): tests/server/authz-matrix.test.ts sends
 * every served route as each role, tests/server/private-fields.test.ts reads every GET answer as
 * each role. Both start from these fixtures, in their own database.
 *
 * The seven roles: a visitor (no cookie), an investor whose identity is not verified, a verified
 * investor, the corporate that owns the records (its ventures, its ticket, its identity documents,
 * its balance proof), another corporate, an admin and a superadmin. Every person has an e-mail
 * address, a phone number and an address of their own, so an answer that shows them to somebody
 * else can be caught by its text.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../../src-server/app';
import {
  kycDocuments,
  kycVerifications,
  ventureKiis,
  type users,
  type ventures,
} from '../../src-server/db/schema';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { testContext, TEST_KYC_KEY, TEST_PASSWORD, type TestContext } from './context';
import { COMPLETE_KIIS } from '../support/kiis';
import { deposit, openVenture } from './money-helpers';
import { multipart, type MultipartFile } from './multipart';

export const ROLES = [
  'visitor',
  'investor',
  'verified',
  'owner',
  'otherCorp',
  'admin',
  'superadmin',
] as const;
export type RoleName = (typeof ROLES)[number];
export const ADMIN_ROLES: readonly RoleName[] = ['admin', 'superadmin'];
export const isAdmin = (role: RoleName) => ADMIN_ROLES.includes(role);

type UserRow = typeof users.$inferSelect;

export interface Person {
  role: RoleName;
  /** null for the visitor. */
  user: UserRow | null;
  /** `sid=...`, or '' for the visitor. */
  cookie: string;
  /** The client address its requests come from (the rate limits count per address). */
  ip: string;
  /** Its own phone number and address (users.phone, users.address). */
  phone: string;
  address: string;
}

export interface Fixtures {
  t: TestContext;
  /** The app as production builds it: with the web entries (a stand-in build), so `/` and `/*` exist. */
  app: FastifyInstance;
  people: Record<RoleName, Person>;
  /** A person in none of the roles: the author of a second ticket, the holder of a live KYC link. */
  stranger: UserRow;
  ventures: {
    /** The owner's approved public venture, with an investment by the verified investor. */
    ownerPublic: string;
    ownerPrivate: string;
    ownerDraft: string;
    /** Submitted for review (visibility public, pending). */
    ownerSubmitted: string;
    otherPublic: string;
  };
  /** The notes an admin wrote on each of the owner's ventures, and on the other corporate's. */
  ownerNotes: string;
  otherNotes: string;
  /** The owner's ticket (with an admin's reply) and the stranger's. */
  ownerTicket: string;
  strangerTicket: string;
  /** The owner's identity documents (submitted through the built-in page). */
  ownerDocuments: string[];
  ownerDateOfBirth: string;
  ownerKycAddress: string;
  /** The ledger transaction of the admin's deposit to the owner, with a proof file. */
  ownerProofTransaction: string;
  /** The owner's balance (euros, distinctive) and the unverified investor's. */
  ownerBalance: number;
  investorBalance: number;
  /** A contact-form message and its sender's address. */
  mail: string;
  mailSender: string;
  /** The stranger's verification link token (not used yet). */
  liveKycToken: string;
  /** The stranger's pending request to be treated as a sophisticated investor (with its evidence). */
  strangerProtectionRequest: string;
  /** A SEPA payment file of one withdrawal of the verified investor (issue 27). */
  paymentExport: string;
  png: Buffer;
  /** Sends a request as that role (its cookie and address) to `app`; `cookie` overrides the role's. */
  send(role: RoleName, options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** A second session of the role's person (for logout and login, which end the session they carry). */
  extraCookie(role: RoleName): Promise<string>;
  /** A new venture of the owner: a draft unless overridden. */
  ownerVenture(overrides?: Partial<typeof ventures.$inferInsert>): Promise<string>;
  /** A venture of the owner with an investment of the verified investor (its reflection period over
   * unless `reflecting`). */
  ventureWithInvestment(reflecting?: boolean): Promise<string>;
  /** As above, its funding closed (funded, ready for repayments). */
  fundedVenture(): Promise<string>;
  /** A row-by-row fingerprint of every table, and the files under DATA_DIR. */
  snapshot(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const DAY = 86_400_000;

/** A tiny PNG for image uploads and identity documents. */
async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string) => {
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(dir, path));
    }
  };
  await walk(dir);
  return out.sort();
}

export async function buildFixtures(): Promise<Fixtures> {
  const t = await testContext();
  const tag = randomBytes(3).toString('hex');

  // The app with a (stand-in) web build, as `npm start` serves it.
  const webDir = join(t.dataDir, 'web-build');
  mkdirSync(webDir, { recursive: true });
  const page = '<!doctype html><html><head><title>x</title></head><body></body></html>';
  writeFileSync(join(webDir, 'index.html'), page);
  writeFileSync(join(webDir, 'backoffice.html'), page);
  const app = await buildApp(t.ctx, { logger: false, webDir });
  await app.ready();

  const people = {} as Record<RoleName, Person>;
  const investorPlace = { countryName: 'Poland', city: 'Kraków' };
  const companyPlace = { countryName: 'Ghana', city: null };
  const overrides: Record<Exclude<RoleName, 'visitor'>, Partial<UserRow>> = {
    investor: {
      role: 'user',
      kycStatus: 'not_started',
      firstName: 'Ivo',
      lastName: 'Investor',
      ...investorPlace,
    },
    verified: {
      role: 'user',
      kycStatus: 'complete',
      firstName: 'Vera',
      lastName: 'Verified',
      ...investorPlace,
    },
    owner: {
      role: 'corporate',
      firstName: 'Olu',
      lastName: 'Owner',
      companyName: `Owner Co ${tag}`,
      ...companyPlace,
    },
    otherCorp: {
      role: 'corporate',
      firstName: 'Otto',
      lastName: 'Other',
      companyName: `Other Co ${tag}`,
      ...companyPlace,
    },
    admin: { role: 'admin', firstName: 'Ada', lastName: 'Admin', countryName: 'Germany' },
    superadmin: { role: 'superadmin', firstName: 'Sue', lastName: 'Super', countryName: 'Germany' },
  };
  let n = 0;
  for (const role of ROLES) {
    n += 1;
    const ip = `10.17.0.${n}`;
    const phone = `+1555017${n}${tag}`;
    const address = `${n} Secret Lane ${tag}`;
    if (role === 'visitor') {
      people.visitor = { role, user: null, cookie: '', ip, phone, address };
      continue;
    }
    const user = await t.createUser({
      ...overrides[role],
      email: `${tag}-${role.toLowerCase()}@example.com`,
      phone,
      address,
    } as Parameters<TestContext['createUser']>[0]);
    const { token } = await createSession(t.database.db, { userId: user.id, rememberMe: false });
    people[role] = { role, user, cookie: `${SESSION_COOKIE}=${token}`, ip, phone, address };
  }
  const stranger = await t.createUser({
    email: `stranger-${tag}@example.com`,
    firstName: 'Sam',
    lastName: 'Stranger',
    phone: `+1555999${tag}`,
    address: `99 Hidden Road ${tag}`,
  });
  const strangerCookie = `${SESSION_COOKIE}=${(await createSession(t.database.db, { userId: stranger.id, rememberMe: false })).token}`;

  const send: Fixtures['send'] = (role, options) => {
    const person = people[role];
    const { cookie: given, ...rest } = options;
    const cookie = given ?? person.cookie;
    const headers = { ...((rest.headers as Record<string, string>) ?? {}), ...(cookie ? { cookie } : {}) };
    return app.inject({ remoteAddress: person.ip, ...rest, headers } as InjectOptions);
  };
  const ok = async (res: Promise<LightMyRequestResponse>, status = 200) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer;
  };

  const ownerId = people.owner.user!.id;
  const ownerNotes = `Owner venture notes ${tag}: collateral checked by phone.`;
  const otherNotes = `Other venture notes ${tag}: second opinion pending.`;
  const reviewed = { adminNotes: ownerNotes, adminReviewedAt: new Date(), createdBy: ownerId };
  const ownerPublic = (await openVenture(t, { title: 'Owner public', ...reviewed })).id;
  const ownerPrivate = (await openVenture(t, { title: 'Owner private', visibility: 'private', ...reviewed }))
    .id;
  const draft = {
    adminStatus: 'pending',
    lifecycleStatus: 'coming-soon',
    goesLiveAt: null,
    ...reviewed,
  } as const;
  const ownerDraft = (await openVenture(t, { title: 'Owner draft', visibility: 'draft', ...draft })).id;
  const ownerSubmitted = (await openVenture(t, { title: 'Owner submitted', visibility: 'public', ...draft }))
    .id;
  // Key investment information sheets: the public venture's published, the draft venture's a draft.
  await t.database.db.insert(ventureKiis).values([
    {
      ventureId: ownerPublic,
      fields: COMPLETE_KIIS,
      updatedAt: new Date(),
      publishedFields: COMPLETE_KIIS,
      publishedAt: new Date(),
    },
    { ventureId: ownerDraft, fields: COMPLETE_KIIS, updatedAt: new Date() },
  ]);
  const otherPublic = (
    await openVenture(t, {
      title: 'Other public',
      adminNotes: otherNotes,
      adminReviewedAt: new Date(),
      createdBy: people.otherCorp.user!.id,
    })
  ).id;

  // Money: the verified investor invests in the owner's public venture; distinctive balances.
  const verifiedId = people.verified.user!.id;
  await deposit(t, verifiedId, 10_000_000n);
  await ok(
    send('verified', {
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: ownerPublic, amount: 100 },
    }),
    201,
  );
  const investorBalance = 3333.33;
  await deposit(t, people.investor.user!.id, 333_333n);
  const ownerBalance = 7777.77;
  const png = await tinyPng();
  const proof = multipart([{ field: 'proof', filename: 'proof.png', content: png, type: 'image/png' }], {
    amount: String(ownerBalance),
    note: 'Bank transfer',
  });
  await ok(
    send('admin', {
      method: 'POST',
      url: `/api/balances/add-balance/${ownerId}`,
      payload: proof.payload,
      headers: proof.headers,
    }),
  );
  const proofRow = await t.database.pool.query<{ id: string }>(
    `select id from ledger_transactions where proof_path is not null order by created_at desc limit 1`,
  );
  const ownerProofTransaction = proofRow.rows[0]!.id;

  // Tickets: the owner's (an admin answered) and the stranger's.
  const ticket = { subject: 'Where is my payout?', category: 'payments', message: 'Please check.' };
  const ownerTicket = (
    await ok(send('owner', { method: 'POST', url: '/api/tickets', payload: ticket }), 201)
  ).json().data._id as string;
  await ok(
    send('admin', {
      method: 'POST',
      url: `/api/tickets/${ownerTicket}/messages`,
      payload: { message: 'We are on it.' },
    }),
    201,
  );
  const strangerTicket = (
    await ok(
      app.inject({
        method: 'POST',
        url: '/api/tickets',
        payload: { ...ticket, subject: 'Stranger asks' },
        headers: { cookie: strangerCookie },
      }),
      201,
    )
  ).json().data._id as string;

  // Identity: the owner's documents (submitted), the stranger's link (live).
  const ownerDateOfBirth = '1961-07-23';
  const ownerKycAddress = `Kycstrasse 7 ${tag}, Berlin`;
  const start = async (res: Promise<LightMyRequestResponse>) => {
    const url = (await ok(res)).json().verificationUrl as string;
    return url.slice(url.lastIndexOf('/') + 1);
  };
  const ownerToken = await start(send('owner', { method: 'POST', url: '/api/kyc/start-verification' }));
  const files: MultipartFile[] = [
    { field: 'documentFront', filename: 'passport.png', content: png, type: 'image/png' },
    { field: 'selfie', filename: 'me.png', content: png, type: 'image/png' },
  ];
  const documents = multipart(files, {
    documentType: 'passport',
    dateOfBirth: ownerDateOfBirth,
    nationality: 'DE',
    address: ownerKycAddress,
  });
  await ok(
    app.inject({
      method: 'POST',
      url: `/api/kyc/session/${ownerToken}`,
      payload: documents.payload,
      headers: documents.headers,
    }),
  );
  const ownerDocuments = (
    await t.database.db
      .select({ id: kycDocuments.id })
      .from(kycDocuments)
      .innerJoin(kycVerifications, eq(kycDocuments.verificationId, kycVerifications.id))
      .where(eq(kycVerifications.userId, ownerId))
  ).map((r) => r.id);
  expect(ownerDocuments.length).toBeGreaterThan(0);
  const liveKycToken = await start(
    app.inject({ method: 'POST', url: '/api/kyc/start-verification', headers: { cookie: strangerCookie } }),
  );

  // Investor protection: the stranger asks to be treated as a sophisticated investor.
  const evidence = multipart(
    [{ field: 'evidence', filename: 'evidence.png', content: png, type: 'image/png' }],
    { criteria: ['income_or_portfolio', 'financial_sector_experience'] },
  );
  const strangerProtectionRequest = (
    await ok(
      app.inject({
        method: 'POST',
        url: '/api/protection/sophisticated-request',
        payload: evidence.payload,
        headers: { ...evidence.headers, cookie: strangerCookie },
      }),
      201,
    )
  ).json().data._id as string;

  // Deposits and withdrawals: the verified investor's bank account and a withdrawal, approved and
  // exported; a bank statement with one unmatched entry.
  await ok(
    send('verified', {
      method: 'PUT',
      url: '/api/payments/bank-account',
      payload: { iban: 'DE89370400440532013000', holderName: 'Vera Verified' },
    }),
  );
  const withdrawal = (
    await ok(
      send('verified', { method: 'POST', url: '/api/payments/withdrawals', payload: { amount: 1 } }),
      201,
    )
  ).json().data._id as string;
  await ok(
    send('admin', {
      method: 'PATCH',
      url: `/api/admin/withdrawals/${withdrawal}`,
      payload: { status: 'approved' },
    }),
  );
  const paymentExport = String(
    (await ok(send('admin', { method: 'POST', url: '/api/admin/withdrawals/export' }))).headers[
      'x-export-id'
    ],
  );

  // A contact-form message.
  const mailSender = `contact-${tag}@example.com`;
  await ok(
    app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.17.1.1',
      payload: { name: 'Carla Contact', email: mailSender, subject: 'Hello', message: 'A question.' },
    }),
    201,
  );
  const mailRow = await t.database.pool.query<{ id: string }>(
    `select id from contact_mails where email = $1`,
    [mailSender],
  );
  const mail = mailRow.rows[0]!.id;

  // A file in the public uploads folder (GET /uploads/* answers it to anyone).
  mkdirSync(join(t.dataDir, 'uploads', 'ventures', ownerPublic), { recursive: true });
  writeFileSync(join(t.dataDir, 'uploads', 'ventures', ownerPublic, 'cover.jpg'), png);

  const tables = (
    await t.database.pool.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.tablename);
  const fingerprint = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from "${name}" x`,
    )
    .join(' union all ');

  const ownerVenture: Fixtures['ownerVenture'] = async (extra = {}) =>
    (await openVenture(t, { title: 'Owner extra', visibility: 'draft', ...draft, ...extra })).id;
  const ventureWithInvestment = async (reflecting = false) => {
    const id = (await openVenture(t, { title: 'Owner raising', createdBy: ownerId })).id;
    await ok(
      send('verified', { method: 'POST', url: '/api/investments', payload: { ventureId: id, amount: 50 } }),
      201,
    );
    // Unless asked for, the investment's reflection period (Art. 22, 96 hours) is over, so the funding
    // can close (reflection.test.ts moves the clock for that; here the row's period is ended).
    if (!reflecting)
      await t.database.pool.query(
        'UPDATE investments SET revocable_until = $2 WHERE venture_id = $1 AND revocable_until IS NOT NULL',
        [id, new Date(t.ctx.clock.now().getTime() - 1)],
      );
    return id;
  };

  return {
    t,
    app,
    people,
    stranger,
    ventures: { ownerPublic, ownerPrivate, ownerDraft, ownerSubmitted, otherPublic },
    ownerNotes,
    otherNotes,
    ownerTicket,
    strangerTicket,
    ownerDocuments,
    ownerDateOfBirth,
    ownerKycAddress,
    ownerProofTransaction,
    ownerBalance,
    investorBalance,
    mail,
    mailSender,
    liveKycToken,
    strangerProtectionRequest,
    paymentExport,
    png,
    send,
    async extraCookie(role) {
      const user = people[role].user;
      if (!user) return '';
      const { token } = await createSession(t.database.db, { userId: user.id, rememberMe: false });
      return `${SESSION_COOKIE}=${token}`;
    },
    ownerVenture,
    ventureWithInvestment,
    async fundedVenture() {
      const id = await ventureWithInvestment();
      await ok(send('admin', { method: 'POST', url: `/api/ventures/admin/${id}/close-funding` }));
      return id;
    },
    async snapshot() {
      const { rows } = await t.database.pool.query<{ name: string; print: string }>(fingerprint);
      const prints = Object.fromEntries(rows.map((r) => [r.name, r.print]));
      prints.files = (await listFiles(t.dataDir)).join('\n');
      return prints;
    },
    async close() {
      await app.close();
    },
  };
}

/** The values no answer may carry to anybody: password hashes, session, code and link hashes, where
 * documents, proofs and evidence are stored, the documents' key, and the live verification link. */
export async function secretsOf(fx: Fixtures): Promise<string[]> {
  const { pool } = fx.t.database;
  const column = async (sql: string) =>
    (await pool.query<{ v: string | null }>(sql)).rows.map((r) => r.v).filter((v): v is string => !!v);
  const cookies = Object.values(fx.people)
    .map((p) => p.cookie.split('=')[1])
    .filter((v): v is string => !!v);
  return [
    ...(await column('select password_hash as v from users')),
    ...(await column('select token_hash as v from sessions')),
    ...(await column('select code_hash as v from email_codes')),
    ...(await column('select token_hash as v from kyc_verifications')),
    ...(await column('select storage_path as v from kyc_documents')),
    ...(await column('select proof_path as v from ledger_transactions')),
    ...(await column('select evidence_path as v from sophisticated_requests')),
    ...cookies,
    TEST_KYC_KEY,
    fx.liveKycToken,
    TEST_PASSWORD,
  ];
}

export const FAR_FUTURE = () => new Date(Date.now() + 60 * DAY).toISOString();
