/**
 * The audit log (issue 26; API contract, "Admin sign-in and audit"): one row per admin change, in
 * the change's transaction, append-only, listed by GET /api/admin/audit newest first.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMails } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { deposit, openVenture } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;
const AGENT = 'AuditTest/1.0';
const FROM = '203.0.113.7';

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
});

const rowsFor = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.at));

function addBalance(userId: string, amount: string) {
  const { payload, headers } = multipart([], { amount });
  return admin.inject({
    method: 'POST',
    url: `/api/balances/add-balance/${userId}`,
    payload,
    headers: { ...headers, 'user-agent': AGENT },
    remoteAddress: FROM,
  });
}

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even for the table owner', async () => {
    const someone = await t.createUser();
    expect((await addBalance(someone.id, '10.00')).statusCode).toBe(200);
    const [row] = await rowsFor(someone.id);
    expect(row).toBeDefined();
    const { pool } = t.database;
    const owner = await pool.query<{ owner: string; me: string }>(
      `SELECT tableowner AS owner, current_user AS me FROM pg_tables WHERE tablename = 'audit_log'`,
    );
    expect(owner.rows[0]!.owner).toBe(owner.rows[0]!.me);
    await expect(pool.query(`UPDATE audit_log SET action = 'x' WHERE id = $1`, [row!.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(pool.query(`DELETE FROM audit_log WHERE id = $1`, [row!.id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect(await rowsFor(someone.id)).toHaveLength(1);
  });
});

describe('each admin change writes exactly one row', () => {
  it('balance.credit and balance.deduct: actor, target, before/after balance, ip, user agent', async () => {
    const someone = await t.createUser();
    expect((await addBalance(someone.id, '25.50')).statusCode).toBe(200);
    expect((await addBalance(someone.id, '-5.50')).statusCode).toBe(200);
    const rows = await rowsFor(someone.id);
    expect(rows).toHaveLength(2);
    const [deduct, credit] = rows;
    expect(credit).toMatchObject({
      actorId: admin.user!.id,
      actorEmail: admin.user!.email,
      actorRole: 'admin',
      action: 'balance.credit',
      targetType: 'user',
      before: { balance: 0 },
      after: { balance: 25.5 },
      ip: FROM,
      userAgent: AGENT,
    });
    expect(deduct).toMatchObject({
      action: 'balance.deduct',
      before: { balance: 25.5 },
      after: { balance: 20 },
    });
  });

  it('a refused change (4xx) leaves no row', async () => {
    const someone = await t.createUser();
    const refused = await addBalance(someone.id, '-5.00');
    expect(refused.statusCode).toBe(400);
    expect(await rowsFor(someone.id)).toHaveLength(0);
  });

  it('user.role and user.active', async () => {
    const someone = await t.createUser();
    const answer = await superadmin.inject({
      method: 'PATCH',
      url: `/api/users/${someone.id}`,
      payload: { role: 'corporate' },
    });
    expect(answer.statusCode).toBe(200);
    expect(
      (await admin.inject({ method: 'PATCH', url: `/api/users/${someone.id}`, payload: { isActive: false } }))
        .statusCode,
    ).toBe(200);
    const rows = await rowsFor(someone.id);
    expect(rows.map((r) => [r.action, r.before, r.after, r.actorRole])).toEqual([
      ['user.active', { isActive: true }, { isActive: false }, 'admin'],
      ['user.role', { role: 'user' }, { role: 'corporate' }, 'superadmin'],
    ]);
    // Refused (an admin may not touch an admin's role): no row.
    const other = await t.createUser({ role: 'admin' });
    const refused = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${other.id}`,
      payload: { role: 'user' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await rowsFor(other.id)).toHaveLength(0);
  });

  it('mail.status', async () => {
    const [mail] = await t.database.db
      .insert(contactMails)
      .values({ name: 'Ann', email: 'ann@example.com', subject: 'Audit', message: 'Hello' })
      .returning();
    const answer = await admin.inject({
      method: 'PATCH',
      url: `/api/admin/mails/${mail!.id}`,
      payload: { status: 'read' },
    });
    expect(answer.statusCode).toBe(200);
    const rows = await rowsFor(mail!.id);
    expect(rows.map((r) => [r.action, r.targetType, r.before, r.after])).toEqual([
      ['mail.status', 'mail', { status: 'unread' }, { status: 'read' }],
    ]);
  });

  it('ticket.status', async () => {
    const investor = await t.injectAs('user');
    const created = await investor.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: { subject: 'Audit question', category: 'account', message: 'Where is my money, please?' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    const answer = await admin.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${id}`,
      payload: { status: 'resolved' },
    });
    expect(answer.statusCode).toBe(200);
    const rows = await rowsFor(id);
    expect(rows.map((r) => [r.action, r.targetType, r.before, r.after])).toEqual([
      ['ticket.status', 'ticket', { status: 'open' }, { status: 'resolved' }],
    ]);
  });

  it('venture.review and venture.cancel keep only the changed fields', async () => {
    const venture = await openVenture(t, { adminStatus: 'pending' });
    const reviewed = await admin.inject({
      method: 'PATCH',
      url: `/api/ventures/admin/${venture.id}/admin-status-update`,
      payload: { adminStatus: 'under-review' },
    });
    expect(reviewed.statusCode).toBe(200);
    const [review] = await rowsFor(venture.id);
    expect(review).toMatchObject({ action: 'venture.review', targetType: 'venture' });
    expect(review!.before).toMatchObject({ adminStatus: 'pending' });
    expect(review!.after).toMatchObject({ adminStatus: 'under-review' });
    expect(Object.keys(review!.after as object)).not.toContain('title');

    const cancelled = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/cancel`,
      payload: { reason: 'Audit test' },
    });
    expect(cancelled.statusCode).toBe(200);
    const [cancel] = await rowsFor(venture.id);
    expect(cancel).toMatchObject({ action: 'venture.cancel', after: { cancelReason: 'Audit test' } });
    // The repeat changes nothing and writes nothing.
    await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/cancel`,
      payload: { reason: 'Again' },
    });
    expect(await rowsFor(venture.id)).toHaveLength(2);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists newest first with the contract fields, filters and pages', async () => {
    const someone = await t.createUser();
    await deposit(t, someone.id, 100_00n);
    expect((await addBalance(someone.id, '1.00')).statusCode).toBe(200);
    expect((await addBalance(someone.id, '-2.00')).statusCode).toBe(200);
    const answer = await admin.inject({ method: 'GET', url: `/api/admin/audit?targetId=${someone.id}` });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.pagination).toMatchObject({ total: 2 });
    expect(body.data.map((r: { action: string }) => r.action)).toEqual(['balance.deduct', 'balance.credit']);
    expect(body.data[0]).toMatchObject({
      actor: { id: admin.user!.id, email: admin.user!.email, role: 'admin' },
      targetType: 'user',
      targetId: someone.id,
      before: { balance: 101 },
      after: { balance: 99 },
      ip: FROM,
    });
    const asc = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&order=asc`,
    });
    expect(asc.json().data.map((r: { action: string }) => r.action)).toEqual([
      'balance.credit',
      'balance.deduct',
    ]);
    const credit = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&action=balance.credit`,
    });
    expect(credit.json().data).toHaveLength(1);
    const family = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&action=balance.*`,
    });
    expect(family.json().data).toHaveLength(2);
    const byEmail = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&actor=${encodeURIComponent(admin.user!.email.toUpperCase())}`,
    });
    expect(byEmail.json().data).toHaveLength(2);
    const nobody = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&actor=nobody@x`,
    });
    expect(nobody.json().data).toHaveLength(0);
    const { rows: days } = await t.database.db.execute<{ today: string }>(
      sql`SELECT current_date::text AS today`,
    );
    const today = days[0]!.today;
    const inDay = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&from=${today}&to=${today}`,
    });
    expect(inDay.json().data).toHaveLength(2);
    const before = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&to=2000-01-01`,
    });
    expect(before.json().data).toHaveLength(0);
    const paged = await admin.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${someone.id}&limit=1&page=2`,
    });
    expect(paged.json().data.map((r: { action: string }) => r.action)).toEqual(['balance.credit']);
    const badRange = await admin.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2026-02-02&to=2026-02-01',
    });
    expect(badRange.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const role of ['user', 'corporate'] as const) {
      const refused = await (await t.injectAs(role)).inject({ method: 'GET', url: '/api/admin/audit' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('auth.forbidden');
    }
  });
});
