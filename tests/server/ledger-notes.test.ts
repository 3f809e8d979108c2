/**
 * Every ledger row says what it was (issue 30, item 4; decision 0200): the note an admin reads in the
 * balance histories (GET /api/balances/all-histories) and a person reads in their own
 * (GET /api/balances/{userId}/history), for each way money moves: an admin's deposit without a note
 * of their own, an investment made through the dialog, a revocation (EU 2020/1503 Art. 22), the
 * refunds of a cancelled venture, a loan's disbursement and a company's instalment. The invariant
 * "no ledger transaction without a note" (invariants.ts) is checked after every server test.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { multipart } from './multipart';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

type Row = { kind: string; amount: number; note: string | null };

/** The admin's view of one person's movements, newest first. */
async function adminRows(userId: string): Promise<Row[]> {
  const res = await admin.inject({ method: 'GET', url: `/api/balances/all-histories?userId=${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The person's own history, newest first. */
async function ownRows(who: SignedIn): Promise<Row[]> {
  const res = await who.inject({ method: 'GET', url: `/api/balances/${who.user!.id}/history` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function invest(who: SignedIn, ventureId: string, amount: number): Promise<string> {
  const res = await who.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

describe('ledger notes', () => {
  it("an admin's deposit without a note of their own is noted as one", async () => {
    const person = await t.createUser({ role: 'user' });
    const { payload, headers } = multipart([], { amount: '25' });
    const res = await admin.inject({
      method: 'POST',
      url: `/api/balances/add-balance/${person.id}`,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminRows(person.id)).map((r) => [r.kind, r.note])).toEqual([
      ['deposit', 'Deposit recorded by an admin'],
    ]);
  });

  it('an investment made through the dialog names its venture, for the admin and the investor', async () => {
    const venture = await openVenture(t, { title: 'Cold rooms in Mombasa' });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await invest(investor, venture.id, 300);
    const [admins] = await adminRows(investor.user!.id);
    expect(admins).toMatchObject({
      kind: 'investment',
      amount: -300,
      note: 'Investment in Cold rooms in Mombasa',
    });
    const [own] = await ownRows(investor);
    expect(own).toMatchObject({ kind: 'investment', note: 'Investment in Cold rooms in Mombasa' });
  });

  it('a revocation (Art. 22) names the investment it gives back', async () => {
    const venture = await openVenture(t, { title: 'Maize mill in Kano' });
    const investor = await verifiedInvestor(t, 100_000n);
    const id = await invest(investor, venture.id, 200);
    const res = await investor.inject({ method: 'POST', url: `/api/investments/${id}/revoke` });
    expect(res.statusCode, res.body).toBe(200);
    const [revocation] = await adminRows(investor.user!.id);
    expect(revocation!.kind).toBe('revocation');
    expect(revocation!.note).toBe(
      'Revocation of the investment in Maize mill in Kano within the reflection period (EU 2020/1503 Art. 22): €200.00 refunded',
    );
  });

  it("a cancelled venture's refund names the venture and the reason", async () => {
    const venture = await openVenture(t, { title: 'Fish farm in Jinja' });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await invest(investor, venture.id, 150);
    const res = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/cancel`,
      payload: { reason: 'Withdrawn.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await adminRows(investor.user!.id);
    expect(refund).toMatchObject({
      kind: 'refund',
      amount: 150,
      note: 'Refund of the investments in Fish farm in Jinja: venture cancelled: Withdrawn.',
    });
  });

  it("a loan's disbursement and the company's instalment name the venture and the instalment", async () => {
    const company = await t.injectAs('corporate', { companyName: 'Kiosks Ltd' });
    const venture = await openVenture(t, {
      title: 'Solar kiosks in Kisumu',
      createdBy: company.user!.id,
      targetAmountCents: 100_000n,
      maxInvestmentCents: 100_000n,
      repaymentType: 'annuity',
    });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await invest(investor, venture.id, 1_000);
    const [disbursed] = await adminRows(company.user!.id);
    expect(disbursed).toMatchObject({
      kind: 'disbursement',
      note: "Loan of Solar kiosks in Kisumu disbursed: €1,000.00 paid out to the company's balance",
    });
    const paid = await company.inject({
      method: 'POST',
      url: `/api/ventures/my-ventures/${venture.id}/repay`,
      payload: { amount: 50 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [companyRow] = await adminRows(company.user!.id);
    const [investorRow] = await adminRows(investor.user!.id);
    expect(companyRow!.kind).toBe('instalment');
    expect(companyRow!.note).toMatch(
      /^Instalment paid by the company: Solar kiosks in Kisumu, instalment 1: €50\.00 /,
    );
    expect(investorRow!.note).toBe(companyRow!.note);
    // Money the company paid outside the platform, recorded by an admin: the investor's row.
    const recorded = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/repayments`,
      payload: { amount: 40, note: 'Bank transfer received' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [repayment] = await adminRows(investor.user!.id);
    expect(repayment!.kind).toBe('repayment');
    expect(repayment!.note).toMatch(
      /^Bank transfer received: Solar kiosks in Kisumu, instalments? 1[-\d]*: €40\.00 /,
    );
    const [own] = await ownRows(investor);
    expect(own!.note).toBe(repayment!.note);
  });

  it('refuses to write a transaction without a note, or with a blank one', async () => {
    const person = await t.createUser({ role: 'user' });
    for (const note of ['', '   ', undefined as unknown as string])
      await expect(
        t.database.db.transaction(async (tx) =>
          postTransaction(tx, {
            kind: 'deposit',
            note,
            entries: [
              { accountId: await userAccountId(tx, person.id), amountCents: 100n },
              { accountId: await externalAccountId(tx), amountCents: -100n },
            ],
          }),
        ),
      ).rejects.toThrow('a deposit transaction needs a note');
    expect(await adminRows(person.id)).toEqual([]);
  });
});

describe('migration 20261127094105_ledger_notes', () => {
  const MIGRATION = new URL(
    '../../src-server/db/migrations/20261127094105_ledger_notes.sql',
    import.meta.url,
  );

  it("fills older rows' notes from their kind and venture, requires the note, and keeps the ledger append-only", async () => {
    const venture = await openVenture(t, { title: 'Rice farm in Mwea' });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await invest(investor, venture.id, 100);
    const cancelled = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/cancel`,
      payload: { reason: 'Withdrawn.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { rows } = await t.database.pool.query<{ id: string; kind: string }>(
      `SELECT DISTINCT t.id, t.kind FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN accounts a ON a.id = e.account_id AND a.user_id = $1`,
      [investor.user!.id],
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['deposit', 'investment', 'refund']);
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // The ledger as it was before the migration: the note could be null (an investment's was).
      await client.query('ALTER TABLE ledger_transactions ALTER COLUMN note DROP NOT NULL');
      await client.query('ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only');
      await client.query(
        `UPDATE ledger_transactions SET note = CASE kind WHEN 'refund' THEN ' ' WHEN 'deposit' THEN 'Bank transfer' END
          WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id)],
      );
      await client.query('ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only');
      for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
        await client.query(statement);
      const notes = await client.query<{ kind: string; note: string }>(
        `SELECT kind, note FROM ledger_transactions WHERE id = ANY($1::uuid[]) ORDER BY kind`,
        [rows.map((r) => r.id)],
      );
      expect(notes.rows).toEqual([
        { kind: 'deposit', note: 'Bank transfer' }, // a note of its own stays
        { kind: 'investment', note: 'Investment in Rice farm in Mwea' },
        { kind: 'refund', note: 'Refund of the investments in Rice farm in Mwea' },
      ]);
      await client.query('SAVEPOINT s');
      await expect(client.query(`INSERT INTO ledger_transactions (kind) VALUES ('deposit')`)).rejects.toThrow(
        /null value in column "note"/,
      );
      await client.query('ROLLBACK TO SAVEPOINT s');
      await expect(
        client.query(`UPDATE ledger_transactions SET note = 'x' WHERE id = $1`, [rows[0]!.id]),
      ).rejects.toThrow('the ledger is append-only');
    } finally {
      // Nothing of it stays: the test database keeps its notes and its constraint.
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
