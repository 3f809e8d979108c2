import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_STATUSES,
  LIFECYCLE_STATUSES,
  RISK_LEVELS,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../../src-shared/constants/enums';
import { DEMO_PASSWORD, isEmpty, seedDemo, type DemoLogin, type DemoSeed } from '../../src-server/seed/demo';
import { seedDemoKyc } from '../../src-server/seed/kyc';
import { fileStorage } from '../../src-server/lib/storage';
import { seedDemoTickets } from '../../src-server/seed/tickets';
import { findInvariantViolations } from './invariants';
import { protectionGate } from '../../src-server/modules/protection/service';
import { testContext, type TestContext } from './context';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '../../src-shared/images/variants';
import { kiisFieldsSchema, kiisMissing } from '../../src-shared/contracts/kiis';
import { readPdf } from '../support/kiis';

let t: TestContext;
let logins: DemoLogin[];
let seeded: DemoSeed;
beforeAll(async () => {
  t = await testContext();
  expect(await isEmpty(t.database.db)).toBe(true);
  const storage = fileStorage(t.ctx.config);
  seeded = await seedDemo(t.database, { storage, config: t.ctx.config });
  logins = seeded.logins;
  console.log(`demo seed timeline: ${JSON.stringify(seeded.timeline)}`);
  await seedDemoKyc(t.database.db, {
    storage,
    key: t.ctx.config.kycEncryptionKey!,
  });
  await seedDemoTickets(t.database.db);
}, 120_000);

const q = async (sql: string) => (await t.database.pool.query(sql)).rows;

describe('demo data', () => {
  it('gives investor and investor2 a passed test and a EUR 60,000 simulation, investor3 nothing; no reflection period holds a loan', async () => {
    const ids = Object.fromEntries(
      (await q(`SELECT email, id FROM users WHERE email LIKE 'investor%@afrivest.test'`)).map((r) => [
        r.email,
        r.id,
      ]),
    );
    const now = t.ctx.clock.now();
    const gate = (email: string) => protectionGate(t.database.db, ids[email], now);
    for (const email of ['investor@afrivest.test', 'investor2@afrivest.test']) {
      const g = await gate(email);
      expect(g.missing, email).toEqual([]);
      expect(g.category).toBe('non_sophisticated');
      expect(g.latestSimulation?.netWorthCents).toBe(6_000_000n);
      expect(g.warningThresholdCents).toBe(300_000n);
    }
    expect((await gate('investor3@afrivest.test')).missing).toEqual(['knowledge_test', 'loss_simulation']);
    // Every funded venture of the demo has its loan (the invariants check no period was open then).
    expect(
      await q(`SELECT v.title FROM ventures v LEFT JOIN loans l ON l.venture_id = v.id
                WHERE v.lifecycle_status = 'funded' AND l.venture_id IS NULL`),
    ).toEqual([]);
  });

  it('has the promised people, each able to sign in with the printed password', async () => {
    expect(await isEmpty(t.database.db)).toBe(false);
    expect(logins.map((l) => l.role).sort()).toEqual(
      ['admin', 'corporate', 'corporate', 'superadmin', 'user', 'user', 'user'].sort(),
    );
    for (const login of logins) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, login.email).toBe(200);
      expect(res.json().user.role).toBe(login.role);
    }
    const verified = await q(`SELECT u.email, a.balance_cents FROM users u JOIN accounts a ON a.user_id = u.id
                              WHERE u.role = 'user' AND u.kyc_status = 'complete'`);
    // The demo investor and the five investors beside them in the demo loans.
    expect(verified.map((r) => r.email).sort()).toEqual(
      [
        'elena.rossi@afrivest.test',
        'investor@afrivest.test',
        'jan.novak@afrivest.test',
        'kwame.mensah@afrivest.test',
        'marie.dubois@afrivest.test',
        'pieter.devries@afrivest.test',
      ].sort(),
    );
    expect(verified.find((r) => r.email === 'investor@afrivest.test')?.balance_cents).toBe('2286071');
  });

  it('has at least 12 ventures spanning every status, type, risk level and visibility', async () => {
    const rows = await q(
      'SELECT lifecycle_status, venture_type, risk_level, visibility, admin_status FROM ventures',
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const values = (key: string) => new Set(rows.map((r) => r[key]));
    expect(values('lifecycle_status')).toEqual(new Set(LIFECYCLE_STATUSES));
    expect(values('venture_type')).toEqual(new Set(VENTURE_TYPES));
    expect(values('risk_level')).toEqual(new Set(RISK_LEVELS));
    expect(values('visibility')).toEqual(new Set(VISIBILITIES));
    expect(values('admin_status')).toEqual(new Set(ADMIN_STATUSES));
  });

  it('gives each public venture 1 to 4 real 16:9 JPEG images on disk, each with its WebP copies', async () => {
    const rows = await q(
      `SELECT id, images FROM ventures WHERE admin_status = 'approved' AND visibility = 'public'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(row.images.length).toBeGreaterThanOrEqual(1);
      expect(row.images.length).toBeLessThanOrEqual(4);
      const files = await readdir(join(t.dataDir, 'uploads', 'ventures', row.id));
      expect(files.length).toBe(row.images.length * (1 + IMAGE_VARIANT_WIDTHS.length));
      for (const path of row.images as string[]) {
        for (const width of IMAGE_VARIANT_WIDTHS) {
          const copy = await sharp(join(t.dataDir, imageVariantPath(path, width))).metadata();
          expect(copy.format).toBe('webp');
          expect(copy.width).toBeLessThanOrEqual(width);
        }
        expect(path).toMatch(new RegExp(`^/uploads/ventures/${row.id}/demo-\\d\\.jpg$`));
        const image = sharp(join(t.dataDir, path));
        const meta = await image.metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 2);
        const stats = await image.stats();
        // Not blank: every channel varies across the picture.
        for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(10);
      }
    }
  });

  it('puts the money behind it in the ledger, made by the platform: deposits, investments, loans and their payments', async () => {
    const kinds = await q(
      'SELECT kind, count(*)::int AS n FROM ledger_transactions GROUP BY kind ORDER BY kind::text',
    );
    expect(kinds.map((r) => r.kind)).toEqual([
      'deposit',
      'disbursement',
      'instalment',
      'investment',
      'recovery',
      'withdrawal',
    ]);
    // One disbursement (to the company's balance) per loan, one loan per funded or repaid venture.
    const loans = await q(`SELECT count(*)::int AS n FROM loans`);
    expect(kinds.find((r) => r.kind === 'disbursement')?.n).toBe(loans[0].n);
    const funded = await q(`SELECT v.title, v.amount_funded_cents = v.target_amount_cents AS full,
                                   l.principal_cents = v.amount_funded_cents AS lent
                              FROM ventures v LEFT JOIN loans l ON l.venture_id = v.id
                             WHERE v.lifecycle_status IN ('funded', 'repaid') ORDER BY v.title`);
    expect(funded.length).toBe(loans[0].n);
    expect(funded.every((r) => r.full && r.lent)).toBe(true);
    const statuses = await q(`SELECT v.lifecycle_status, i.status, l.status AS loan FROM investments i
                              JOIN ventures v ON v.id = i.venture_id LEFT JOIN loans l ON l.venture_id = v.id`);
    for (const row of statuses) {
      const expected =
        row.lifecycle_status === 'new'
          ? 'invested'
          : row.loan === 'repaid'
            ? 'repaid'
            : row.loan === 'written_off'
              ? 'written_off'
              : 'completed';
      expect(row.status).toBe(expected);
    }
    // The repaid Dakar loan: 10,000.00 at 12 % for 6 months, interest monthly (bullet): 600.00 of
    // interest, of which 1 % service fee, paid to its four investors.
    const [dakar] =
      await q(`SELECT sum(i.profit_paid_cents)::text AS profit, sum(i.service_fees_cents)::text AS fees
                               FROM investments i JOIN ventures v ON v.id = i.venture_id
                              WHERE v.title = 'Dakar Fish Processing Plant'`);
    expect(dakar).toEqual({ profit: '59400', fees: '600' });
  });

  it('lists the public ventures through the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ventures?limit=100' });
    // The nine public ventures of the first demo and the nine loans' ventures added for servicing.
    expect(res.json().pagination.total).toBe(18);
  });
});

describe('the demo investor', () => {
  it('sees the ledger balance through the API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'investor@afrivest.test', password: DEMO_PASSWORD },
    });
    const cookie = String(res.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/balances/my-balance',
      headers: { cookie },
    });
    expect(balance.json()).toEqual({ balance: 22860.71 });
  });

  it('has a history whose rows chain in date order: each balance before is the previous balance after', async () => {
    const [investor] = await q(`SELECT id FROM users WHERE email = 'investor@afrivest.test'`);
    const admin = await t.injectAs('admin');
    const res = await admin.inject({ method: 'GET', url: `/api/balances/${investor.id}/history?limit=100` });
    const rows: { at: string; balanceBefore: number; balanceAfter: number }[] = res.json().data;
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (let i = 0; i + 1 < rows.length; i += 1) {
      const [newer, older] = [rows[i]!, rows[i + 1]!];
      expect(Date.parse(newer.at)).toBeGreaterThanOrEqual(Date.parse(older.at));
      expect(newer.balanceBefore, `row ${i} (${newer.at})`).toBe(older.balanceAfter);
    }
    expect(rows[0]!.balanceAfter).toBe(22860.71);
    expect(rows.at(-1)!.balanceBefore).toBe(0);
  });

  it('gives the verified people an approved verification and investor2 documents waiting for review', async () => {
    const admin = await t.injectAs('admin');
    const list = await admin.inject({ method: 'GET', url: '/api/kyc/admin?limit=100' });
    const rows = list
      .json()
      .data.map((r: { user: { email: string }; status: string }) => [r.user.email, r.status]);
    expect(rows.sort()).toEqual([
      ['corporate@afrivest.test', 'complete'],
      ['elena.rossi@afrivest.test', 'complete'],
      ['investor2@afrivest.test', 'pending'],
      ['investor@afrivest.test', 'complete'],
      ['jan.novak@afrivest.test', 'complete'],
      ['kwame.mensah@afrivest.test', 'complete'],
      ['marie.dubois@afrivest.test', 'complete'],
      ['pieter.devries@afrivest.test', 'complete'],
    ]);
    const [pending] = await q(`SELECT id FROM users WHERE email = 'investor2@afrivest.test'`);
    const detail = (await admin.inject({ method: 'GET', url: `/api/kyc/admin/${pending.id}` })).json().data;
    expect(detail.documents.map((d: { kind: string }) => d.kind)).toEqual([
      'documentFront',
      'documentBack',
      'selfie',
    ]);
    for (const doc of detail.documents) {
      const file = await admin.inject({ method: 'GET', url: doc.url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe(doc.mimeType === 'image/png' ? 'png' : 'jpeg');
    }
  });
});

describe('the demo loans', () => {
  it('has loans in every status, each with several investors (the demo investor among them), and the books balance', async () => {
    const loans = await q(`SELECT l.status::text AS status, v.title,
        (SELECT count(DISTINCT i.user_id)::int FROM investments i WHERE i.venture_id = v.id) AS investors,
        EXISTS (SELECT 1 FROM investments i JOIN users u ON u.id = i.user_id
                 WHERE i.venture_id = v.id AND u.email = 'investor@afrivest.test') AS demo
      FROM loans l JOIN ventures v ON v.id = l.venture_id`);
    expect(new Set(loans.map((r) => r.status))).toEqual(
      new Set([
        'current',
        'late_1_15',
        'late_16_30',
        'late_31_60',
        'late_61_90',
        'default',
        'recovery',
        'repaid',
        'written_off',
      ]),
    );
    expect(loans.every((r) => r.investors >= 3 && r.demo)).toBe(true);
    expect(await findInvariantViolations(t.database.pool)).toEqual([]);
    // Late payers paid late interest; the defaulted loans kept a dated default event.
    const [late] = await q(`SELECT sum(paid_late_interest_cents)::int AS cents FROM loan_installments`);
    expect(late.cents).toBeGreaterThan(0);
    const defaults =
      await q(`SELECT DISTINCT v.title FROM loan_events e JOIN ventures v ON v.id = e.venture_id
                               WHERE e.kind = 'default' ORDER BY v.title`);
    expect(defaults.map((r) => r.title)).toEqual([
      'Bamako Textile Dyeing',
      'Luanda Construction Supplies',
      'Maputo Cashew Processing',
    ]);
  });

  it('ends on today with every day since the first loan closed', async () => {
    const [runs] = await q(`SELECT min(business_date)::text AS first, max(business_date)::text AS last,
        count(*)::int AS n, (max(business_date) - min(business_date) + 1)::int AS span FROM cob_runs`);
    const [first] = await q(`SELECT min(disbursed_on)::text AS day FROM loans`);
    expect(runs.first).toBe(first.day);
    expect(runs.n).toBe(runs.span);
    const admin = await t.injectAs('admin');
    const date = (await admin.inject({ method: 'GET', url: '/api/admin/business-date' })).json().data.date;
    expect(date).toBe(new Date().toISOString().slice(0, 10));
    expect(runs.last < date).toBe(true);
    expect(seeded.timeline.daysClosed).toBe(runs.n);
  });

  it('shows the demo investor their loans through the API', async () => {
    const investor = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'investor@afrivest.test', password: DEMO_PASSWORD },
    });
    const cookie = String(investor.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/investments/my-investments',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const rows: { status: string }[] = res.json().data ?? res.json();
    expect(rows.length).toBeGreaterThanOrEqual(16);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['invested', 'completed', 'repaid', 'written_off']),
    );
  });
});

describe('the demo key investment information sheets (EU 2020/1503 Art. 23)', () => {
  it('gives every venture a complete sheet, published for the approved ones, each within 6 A4 pages', async () => {
    const rows = await q(`SELECT v.id, v.title, v.admin_status, v.visibility, k.fields, k.published_fields,
                                 k.published_at, v.admin_reviewed_at
                          FROM ventures v LEFT JOIN venture_kiis k ON k.venture_id = v.id ORDER BY v.created_at`);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const admin = await t.injectAs('admin');
    const pages: number[] = [];
    for (const row of rows) {
      expect(row.fields, row.title).not.toBeNull();
      expect(kiisMissing(kiisFieldsSchema.parse(row.fields)), row.title).toEqual([]);
      if (row.admin_status === 'approved') {
        expect(row.published_fields, row.title).toEqual(row.fields);
        expect(row.published_at, row.title).toEqual(row.admin_reviewed_at);
      } else {
        expect(row.published_fields, row.title).toBeNull();
      }
      // Everyone reads an approved venture's sheet; the others only its company and admins (a preview).
      const res = await (
        row.admin_status === 'approved' && row.visibility !== 'draft' ? t.app : admin
      ).inject({
        method: 'GET',
        url: `/api/ventures/${row.id}/kiis?lang=de`,
      });
      expect(res.statusCode, row.title).toBe(200);
      const pdf = readPdf(res.rawPayload);
      expect(pdf.text, row.title).toContain(row.title);
      pages.push(pdf.pages);
    }
    expect(Math.max(...pages)).toBeLessThanOrEqual(6);
    console.log(
      `demo KIIS pages: ${rows.length} sheets, ${Math.min(...pages)} to ${Math.max(...pages)} pages`,
    );
  });
});

describe('the demo support tickets', () => {
  it('gives the demo investor and company tickets with threads, numbered in time, without e-mails', async () => {
    const rows = await q(`SELECT t.number, t.subject, t.category::text, t.status::text, t.respond_by, u.email,
      (SELECT count(*)::int FROM ticket_messages m WHERE m.ticket_id = t.id) AS messages
      FROM tickets t JOIN users u ON u.id = t.author_id ORDER BY t.number`);
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.email)).toEqual([
      'investor@afrivest.test',
      'investor@afrivest.test',
      'investor@afrivest.test',
      'corporate@afrivest.test',
    ]);
    expect(rows.every((r) => r.messages >= 1)).toBe(true);
    expect(rows.filter((r) => r.category === 'complaint').every((r) => r.respond_by !== null)).toBe(true);
    expect(rows.filter((r) => r.category !== 'complaint').every((r) => r.respond_by === null)).toBe(true);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['resolved', 'open', 'in_progress']));
    expect((await t.outbox()).filter((m) => m.kind.startsWith('ticket-'))).toEqual([]);
  });
});
