/**
 * The admin's investments list, GET /api/investments/admin: every row with its venture and its
 * investor (for the links of the back office), filters venture, person, status and search, sorting
 * by date, amount or status, and the codes of bad input.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

interface Row {
  _id: string;
  venture: { _id: string; title: string };
  investedBy: { id: string; firstName: string; lastName: string; email: string };
  amount: number;
  status: string;
  investmentDate: string;
}

const DAY = 86_400_000;
let solar: string;
let water: string;
let ann: SignedIn;
let bob: SignedIn;

async function list(query = ''): Promise<Row[]> {
  const res = await admin.inject({ method: 'GET', url: `/api/investments/admin?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** Each row as [venture title, investor's first name, amount]. */
const brief = (rows: Row[]) => rows.map((r) => [r.venture.title, r.investedBy.firstName, r.amount]);

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  solar = (
    await openVenture(t, { title: 'Listed solar kiosks', goesLiveAt: new Date(Date.now() - 10 * DAY) })
  ).id;
  water = (await openVenture(t, { title: 'Listed water pumps', goesLiveAt: new Date(Date.now() - 10 * DAY) }))
    .id;
  ann = await verifiedInvestor(t, 1_000_000n);
  bob = await verifiedInvestor(t, 1_000_000n);
  await t.database.db
    .update(users)
    .set({ firstName: 'Ann', lastName: 'Lister' })
    .where(eq(users.id, ann.user!.id));
  await t.database.db
    .update(users)
    .set({ firstName: 'Bob', lastName: 'Lister' })
    .where(eq(users.id, bob.user!.id));
  // One a day, oldest first: the app's clock moves between them.
  const plan: [SignedIn, string, number][] = [
    [ann, solar, 300],
    [bob, solar, 100],
    [ann, water, 200],
    [bob, water, 400],
  ];
  for (const [i, [who, venture, amount]] of plan.entries()) {
    t.clock.offsetMs = (i - plan.length) * DAY;
    const res = await who.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture, amount },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  t.clock.offsetMs = 0;
  // The water pumps are cancelled: their investments are refunded.
  const cancelled = await admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${water}/cancel`,
    payload: { reason: 'The company withdrew.' },
  });
  expect(cancelled.statusCode).toBe(200);
});

describe('GET /api/investments/admin', () => {
  it('lists newest first, each row with its venture and its investor to link to', async () => {
    const rows = await list('search=Listed');
    expect(brief(rows)).toEqual([
      ['Listed water pumps', 'Bob', 400],
      ['Listed water pumps', 'Ann', 200],
      ['Listed solar kiosks', 'Bob', 100],
      ['Listed solar kiosks', 'Ann', 300],
    ]);
    expect(rows[0]).toMatchObject({
      venture: { _id: water, title: 'Listed water pumps' },
      investedBy: { id: bob.user!.id, firstName: 'Bob', lastName: 'Lister', email: bob.user!.email },
      status: 'refunded',
    });
    expect(Object.keys(rows[0]!.investedBy).sort()).toEqual(['email', 'firstName', 'id', 'lastName']);
  });

  it('filters by venture, by person, by status and by search, also together', async () => {
    expect(brief(await list(`ventureId=${solar}`))).toEqual([
      ['Listed solar kiosks', 'Bob', 100],
      ['Listed solar kiosks', 'Ann', 300],
    ]);
    expect(brief(await list(`userId=${ann.user!.id}`))).toEqual([
      ['Listed water pumps', 'Ann', 200],
      ['Listed solar kiosks', 'Ann', 300],
    ]);
    expect(brief(await list('search=Listed&status=refunded'))).toEqual([
      ['Listed water pumps', 'Bob', 400],
      ['Listed water pumps', 'Ann', 200],
    ]);
    expect(brief(await list(`ventureId=${solar}&userId=${bob.user!.id}&status=invested`))).toEqual([
      ['Listed solar kiosks', 'Bob', 100],
    ]);
    expect(await list(`ventureId=${solar}&status=refunded`)).toEqual([]);
    expect(brief(await list('search=water pumps&status=all&ventureId=&userId='))).toHaveLength(2);
    expect(brief(await list(`search=${encodeURIComponent(ann.user!.email)}`))).toHaveLength(2);
  });

  it('sorts by amount, status and date, both ways', async () => {
    expect((await list('search=Listed&sortBy=amount&order=desc')).map((r) => r.amount)).toEqual([
      400, 300, 200, 100,
    ]);
    expect((await list('search=Listed&sortBy=amount&order=asc')).map((r) => r.amount)).toEqual([
      100, 200, 300, 400,
    ]);
    // Status in its lifecycle order; within one status, newest first.
    expect((await list('search=Listed&sortBy=status&order=asc')).map((r) => [r.status, r.amount])).toEqual([
      ['invested', 100],
      ['invested', 300],
      ['refunded', 400],
      ['refunded', 200],
    ]);
    expect((await list('search=Listed&sortBy=investmentDate&order=asc')).map((r) => r.amount)).toEqual([
      300, 100, 200, 400,
    ]);
    const paged = await admin.inject({
      method: 'GET',
      url: '/api/investments/admin?search=Listed&sortBy=amount&order=asc&page=2&limit=3',
    });
    expect(paged.json().data.map((r: Row) => r.amount)).toEqual([400]);
    expect(paged.json().pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
  });

  it('refuses an unknown venture id, person id, status, sort or order with their codes; admins only', async () => {
    for (const [query, code, field] of [
      ['ventureId=solar', 'common.filter_id_invalid', 'ventureId'],
      ['userId=1', 'common.filter_id_invalid', 'userId'],
      ['status=lost', 'investment.status_invalid', 'status'],
      ['sortBy=title', 'investment.sort_invalid', 'sortBy'],
      ['order=up', 'common.sort_order_invalid', 'order'],
    ] as const) {
      const res = await admin.inject({ method: 'GET', url: `/api/investments/admin?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code, codes: { [field]: code } });
    }
    expect(
      (await admin.inject({ method: 'GET', url: '/api/investments/admin?ventureId=solar' })).json().message,
    ).toBe('Venture Id must be an id (UUID).');
    // A well-formed id of nothing is an empty list, not an error.
    expect(await list(`ventureId=${crypto.randomUUID()}`)).toEqual([]);
    expect((await ann.inject({ method: 'GET', url: '/api/investments/admin' })).statusCode).toBe(403);
  });
});
