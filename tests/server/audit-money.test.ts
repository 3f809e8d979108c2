/**
 * The audit rows of the admin steps that landed beside the audit log (issue 26; API contract, "Admin
 * sign-in and audit"; decisions 0123, 0137): a withdrawal's approval, rejection and export, and a
 * venture revision's approval or rejection each write one row in their own transaction; a refused
 * step writes none.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { COMPLETE_KIIS } from '../support/kiis';
import { giveKiis } from './kiis-helpers';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
const FROM = '198.51.100.23';

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

const rowsFor = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.at));

async function requested(amount: number): Promise<string> {
  const investor = await verifiedInvestor(t, 100_000n);
  const bank = await investor.inject({
    method: 'PUT',
    url: '/api/payments/bank-account',
    payload: { iban: 'DE89370400440532013000', holderName: 'Amara Okafor' },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const made = await investor.inject({
    method: 'POST',
    url: '/api/payments/withdrawals',
    payload: { amount },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data._id as string;
}

const decide = (id: string, payload: Record<string, unknown>) =>
  admin.inject({ method: 'PATCH', url: `/api/admin/withdrawals/${id}`, payload, remoteAddress: FROM });

describe('withdrawals', () => {
  it('an approval, a rejection and an export each write one row; a refused decision writes none', async () => {
    const approved = await requested(120);
    const rejected = await requested(80);
    expect((await decide(approved, { status: 'approved' })).statusCode).toBe(200);
    expect(
      (await decide(rejected, { status: 'rejected', reason: 'Name differs from the account holder' }))
        .statusCode,
    ).toBe(200);
    // A second decision on a rejected withdrawal is refused and leaves no row.
    expect((await decide(rejected, { status: 'approved' })).statusCode).toBeGreaterThanOrEqual(400);

    expect(await rowsFor(approved)).toMatchObject([
      {
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        actorId: admin.user!.id,
        before: { status: 'requested' },
        after: { status: 'approved' },
        ip: FROM,
      },
    ]);
    expect(await rowsFor(rejected)).toMatchObject([
      {
        action: 'withdrawal.reject',
        before: { status: 'requested' },
        after: { status: 'rejected', reason: 'Name differs from the account holder' },
      },
    ]);

    const file = await admin.inject({ method: 'POST', url: '/api/admin/withdrawals/export' });
    expect(file.statusCode, file.body).toBe(200);
    const exportId = String(file.headers['x-export-id']);
    const [row] = await rowsFor(exportId);
    expect(row).toMatchObject({ action: 'withdrawal.export', targetType: 'withdrawal_export' });
    expect((row!.after as { withdrawals: string[] }).withdrawals).toContain(approved);
    // Nothing new to export: 409, and no second export row.
    expect((await admin.inject({ method: 'POST', url: '/api/admin/withdrawals/export' })).statusCode).toBe(
      409,
    );
    const exports = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.export'), eq(auditLog.actorId, admin.user!.id)));
    expect(exports).toHaveLength(1);
  });
});

describe('venture revisions', () => {
  it("the decision's row holds the proposed fields and, for an approval, what the live venture held", async () => {
    const owner = await t.injectAs('corporate');
    const review = (id: string, payload: Record<string, unknown>) =>
      admin.inject({ method: 'PATCH', url: `/api/ventures/admin/${id}/admin-status-update`, payload });
    const propose = async (title: string) => {
      const venture = await openVenture(t, { title, createdBy: owner.user!.id });
      await giveKiis(t, venture.id, COMPLETE_KIIS, true);
      const edited = await owner.inject({
        method: 'PATCH',
        url: `/api/ventures/id/${venture.id}`,
        payload: { title: `${title} (new)` },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      return venture.id;
    };

    const approvedId = await propose('Audited approval');
    expect((await review(approvedId, { adminStatus: 'approved', revision: 'approve' })).statusCode).toBe(200);
    expect(await rowsFor(approvedId)).toMatchObject([
      {
        action: 'venture.revision_approve',
        targetType: 'venture',
        before: { title: 'Audited approval' },
        after: { title: 'Audited approval (new)' },
      },
    ]);

    const rejectedId = await propose('Audited rejection');
    // Rejecting without notes is refused (400) and leaves no row.
    expect((await review(rejectedId, { adminStatus: 'approved', revision: 'reject' })).statusCode).toBe(400);
    expect(await rowsFor(rejectedId)).toHaveLength(0);
    const notes = 'The new title promises what the contracts do not.';
    expect(
      (await review(rejectedId, { adminStatus: 'approved', revision: 'reject', adminNotes: notes }))
        .statusCode,
    ).toBe(200);
    expect(await rowsFor(rejectedId)).toMatchObject([
      {
        action: 'venture.revision_reject',
        before: null,
        after: { title: 'Audited rejection (new)', adminNotes: notes },
      },
    ]);
  });
});
