/**
 * The admin's balance lists: GET /api/balances (the current balance, right after a credit),
 * GET /api/balances/all-histories (newest first by time; person, day range, kind and search filters;
 * sorting) and a person's GET /api/balances/{userId}/history (newest first by time).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKind } from '../../src-shared/constants/enums';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { multipart } from './multipart';

let t: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

/** A movement between a person and the outside world at a given time (cents; positive credits). */
async function post(userId: string, cents: bigint, at: string, kind: LedgerKind = 'deposit', note?: string) {
  await t.database.db.transaction(async (tx) => {
    const account = await userAccountId(tx, userId);
    await postTransaction(tx, {
      kind,
      note: note ?? `${kind} ${at}`,
      entries: [
        { accountId: account, amountCents: cents },
        { accountId: await externalAccountId(tx), amountCents: -cents },
      ],
      at: new Date(at),
    });
  });
}

type Row = { amount: number; at: string; kind: string; note: string | null; user: { id: string } };

async function histories(query: string) {
  const res = await admin.inject({ method: 'GET', url: `/api/balances/all-histories?${query}` });
  return res;
}
const rowsOf = async (query: string): Promise<Row[]> => {
  const res = await histories(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/balances/all-histories', () => {
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    ann = (await t.createUser({ role: 'user', firstName: 'Ann', lastName: 'Histories' })).id;
    bob = (await t.createUser({ role: 'corporate', firstName: 'Bob', lastName: 'Histories' })).id;
    // Posted out of date order, as the demo data and back-dated corrections are.
    await post(ann, 10_000n, '2026-03-10T12:00:00.000Z');
    await post(bob, 50_000n, '2026-03-01T08:00:00.000Z');
    await post(ann, -2_500n, '2026-03-11T00:00:00.000Z', 'withdrawal');
    await post(ann, 700n, '2026-03-10T23:59:59.999Z', 'adjustment', 'Late evening correction');
    await post(bob, 1_000n, '2026-02-28T23:59:59.999Z', 'refund');
  });

  it('lists newest first by time, whatever order the movements were posted in', async () => {
    const rows = await rowsOf('search=Histories');
    expect(rows.map((r) => [r.at, r.amount])).toEqual([
      ['2026-03-11T00:00:00.000Z', -25],
      ['2026-03-10T23:59:59.999Z', 7],
      ['2026-03-10T12:00:00.000Z', 100],
      ['2026-03-01T08:00:00.000Z', 500],
      ['2026-02-28T23:59:59.999Z', 10],
    ]);
    const oldestFirst = await rowsOf('search=Histories&sortBy=at&order=asc');
    expect(oldestFirst.map((r) => r.at)).toEqual(rows.map((r) => r.at).reverse());
  });

  it('filters one person, a day range (inclusive, UTC), a kind, and combines them', async () => {
    expect((await rowsOf(`userId=${ann}`)).map((r) => [r.user.id, r.amount])).toEqual([
      [ann, -25],
      [ann, 7],
      [ann, 100],
    ]);
    // One day: from its first to its last millisecond.
    expect((await rowsOf('search=Histories&from=2026-03-10&to=2026-03-10')).map((r) => r.amount)).toEqual([
      7, 100,
    ]);
    expect((await rowsOf('search=Histories&from=2026-03-01')).map((r) => r.amount)).toEqual([
      -25, 7, 100, 500,
    ]);
    expect((await rowsOf('search=Histories&to=2026-02-28')).map((r) => r.amount)).toEqual([10]);
    expect((await rowsOf('search=Histories&kind=withdrawal')).map((r) => [r.kind, r.amount])).toEqual([
      ['withdrawal', -25],
    ]);
    expect((await rowsOf('search=Histories&kind=all')).length).toBe(5);
    const combined = await histories(`userId=${bob}&from=2026-03-01&to=2026-03-31&kind=deposit`);
    expect(combined.json().data.map((r: Row) => r.amount)).toEqual([500]);
    expect(combined.json().pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(await rowsOf(`userId=${bob}&kind=adjustment`)).toEqual([]);
    expect((await rowsOf('search=Ann%20&from=&to=&userId=')).length).toBe(3);
  });

  it('sorts by amount, both ways', async () => {
    expect((await rowsOf('search=Histories&sortBy=amount&order=desc')).map((r) => r.amount)).toEqual([
      500, 100, 10, 7, -25,
    ]);
    expect((await rowsOf('search=Histories&sortBy=amount&order=asc')).map((r) => r.amount)).toEqual([
      -25, 7, 10, 100, 500,
    ]);
  });

  it('refuses a bad date, a range that ends before it starts, an unknown kind, id, sort or order', async () => {
    for (const [query, code, field] of [
      ['from=2026-02-30', 'common.filter_date_invalid', 'from'],
      ['to=yesterday', 'common.filter_date_invalid', 'to'],
      ['from=2026-3-1', 'common.filter_date_invalid', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'common.filter_date_range', 'to'],
      ['kind=gift', 'balance.filter_kind', 'kind'],
      ['userId=ann', 'common.filter_id_invalid', 'userId'],
      ['sortBy=user', 'balance.history_sort_invalid', 'sortBy'],
      ['order=sideways', 'common.sort_order_invalid', 'order'],
    ] as const) {
      const res = await histories(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
      expect(res.json().codes, query).toEqual({ [field]: code });
    }
    expect((await histories('from=2026-02-30')).json().message).toBe('From must be a date (YYYY-MM-DD).');
    expect((await histories('from=2026-03-02&to=2026-03-01')).json().message).toBe(
      'The start date (from) must not be after the end date (to).',
    );
    const investor = await t.injectAs('user');
    expect((await investor.inject({ method: 'GET', url: '/api/balances/all-histories' })).statusCode).toBe(
      403,
    );
  });

  it('keeps the proof link of a credit with a proof, and none without', async () => {
    const person = await t.createUser({ role: 'user' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    for (const files of [
      [{ field: 'proof', filename: 'transfer.pdf', content: pdf, type: 'application/pdf' }],
      [],
    ]) {
      const { payload, headers } = multipart(files, { amount: files.length ? '12' : '3' });
      const res = await admin.inject({
        method: 'POST',
        url: `/api/balances/add-balance/${person.id}`,
        payload,
        headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = (await rowsOf(`userId=${person.id}&kind=deposit`)) as (Row & { proofUrl: string | null })[];
    expect(rows.map((r) => [r.amount, r.proofUrl === null])).toEqual([
      [3, true],
      [12, false],
    ]);
    const proof = await admin.inject({ method: 'GET', url: rows[1]!.proofUrl! });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
  });
});

describe('GET /api/balances/{userId}/history', () => {
  it('is newest first by time for the person and for an admin', async () => {
    const investor = await t.injectAs('user');
    const id = investor.user!.id;
    await post(id, 30_000n, '2026-05-02T10:00:00.000Z');
    await post(id, 10_000n, '2026-05-01T10:00:00.000Z');
    await post(id, -5_000n, '2026-05-03T10:00:00.000Z', 'withdrawal');
    for (const who of [investor, admin]) {
      const res = await who.inject({ method: 'GET', url: `/api/balances/${id}/history` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: Row) => [r.at.slice(0, 10), r.amount])).toEqual([
        ['2026-05-03', -50],
        ['2026-05-02', 300],
        ['2026-05-01', 100],
      ]);
    }
  });
});

describe('GET /api/balances', () => {
  function credit(userId: string, amount: string) {
    const { payload, headers } = multipart([], { amount });
    return admin.inject({ method: 'POST', url: `/api/balances/add-balance/${userId}`, payload, headers });
  }

  it('shows the new balance on the next call after a credit, the credited person first', async () => {
    const a = await t.createUser({ role: 'user', lastName: 'Fresh-Balance' });
    const b = await t.createUser({ role: 'user', lastName: 'Fresh-Balance' });
    expect((await credit(a.id, '10')).statusCode).toBe(200);
    expect((await credit(b.id, '20')).statusCode).toBe(200);
    const list = async () =>
      (await admin.inject({ method: 'GET', url: '/api/balances?search=Fresh-Balance' })).json().data as {
        id: string;
        user: { id: string };
        balance: number;
      }[];
    expect((await list()).map((r) => [r.user.id, r.balance])).toEqual([
      [b.id, 20],
      [a.id, 10],
    ]);
    expect((await credit(a.id, '5.55')).statusCode).toBe(200);
    expect((await list()).map((r) => [r.user.id, r.balance])).toEqual([
      [a.id, 15.55],
      [b.id, 20],
    ]);
  });

  it("filters one person (the add-balance form reads their balance); admins without money aren't listed", async () => {
    const person = await t.createUser({ role: 'corporate' });
    expect((await credit(person.id, '42')).statusCode).toBe(200);
    const res = await admin.inject({ method: 'GET', url: `/api/balances?userId=${person.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(String),
        user: { id: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email },
        balance: 42,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    // The admin has an account (every user has one) but holds nothing: not a balance to manage.
    const adminRow = await admin.inject({ method: 'GET', url: `/api/balances?userId=${admin.user!.id}` });
    expect(adminRow.json().data).toEqual([]);
    expect(adminRow.json().pagination.total).toBe(0);
  });

  it('refuses an unknown sort, order or id with their codes', async () => {
    for (const [query, code, field] of [
      ['sortBy=name', 'balance.sort_invalid', 'sortBy'],
      ['sortOrder=up', 'common.sort_order_invalid', 'sortOrder'],
      ['userId=42', 'common.filter_id_invalid', 'userId'],
    ] as const) {
      const res = await admin.inject({ method: 'GET', url: `/api/balances?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code, codes: { [field]: code } });
    }
    expect((await admin.inject({ method: 'GET', url: '/api/balances?sortOrder=up' })).json().message).toBe(
      "Sort Order must be 'asc' or 'desc'",
    );
  });
});
