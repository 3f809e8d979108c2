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
import { seedDemoTickets } from '../../src-server/seed/tickets';
import { testContext, type TestContext } from './context';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '../../src-shared/images/variants';

let t: TestContext;
let logins: DemoLogin[];
let seeded: DemoSeed;
beforeAll(async () => {
  t = await testContext();
  expect(await isEmpty(t.database.db)).toBe(true);
  seeded = await seedDemo(t.database, { uploadsDir: join(t.dataDir, 'uploads'), config: t.ctx.config });
  logins = seeded.logins;
  console.log(`demo seed timeline: ${JSON.stringify(seeded.timeline)}`);
  await seedDemoKyc(t.database.db, {
    privateDir: join(t.dataDir, 'private'),
    key: t.ctx.config.kycEncryptionKey!,
  });
  await seedDemoTickets(t.database.db);
}, 120_000);

const q = async (sql: string) => (await t.database.pool.query(sql)).rows;

describe('demo data', () => {
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
    expect(verified).toEqual([{ email: 'investor@afrivest.test', balance_cents: '1640000' }]);
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

  it('puts the money behind it in the ledger: deposits, investments, payouts and a repayment', async () => {
    const kinds = await q(
      'SELECT kind, count(*)::int AS n FROM ledger_transactions GROUP BY kind ORDER BY kind::text',
    );
    expect(kinds).toEqual([
      { kind: 'deposit', n: 2 },
      { kind: 'disbursement', n: 3 },
      { kind: 'investment', n: 7 },
      { kind: 'repayment', n: 1 },
    ]);
    const funded = await q(`SELECT title, amount_funded_cents = target_amount_cents AS full FROM ventures
                            WHERE lifecycle_status IN ('funded', 'repaid') ORDER BY title`);
    expect(funded.every((r) => r.full)).toBe(true);
    const statuses = await q(`SELECT v.lifecycle_status, i.status, i.profit_paid_cents FROM investments i
                              JOIN ventures v ON v.id = i.venture_id ORDER BY v.lifecycle_status, i.status`);
    for (const row of statuses) {
      const expected = { new: 'invested', funded: 'completed', repaid: 'repaid' }[
        row.lifecycle_status as string
      ];
      expect(row.status).toBe(expected);
    }
    // The repaid venture paid 10,000.00 at 12% for 12 months: 1,200.00 of profit.
    expect(statuses.find((r) => r.status === 'repaid')?.profit_paid_cents).toBe('120000');
  });

  it('lists the public ventures through the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ventures?limit=100' });
    expect(res.json().pagination.total).toBe(9);
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
    expect(balance.json()).toEqual({ balance: 16400 });
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
    expect(rows[0]!.balanceAfter).toBe(16400);
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
      ['investor2@afrivest.test', 'pending'],
      ['investor@afrivest.test', 'complete'],
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
