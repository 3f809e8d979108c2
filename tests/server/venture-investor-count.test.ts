/**
 * Issue 30, item 13: the public venture list and page carry the number of investors beside the
 * amount raised: distinct people, refunded and revoked investments left out; every other venture
 * answer (the admin's and the owner's) carries it too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

const DAY = 86_400_000;
let t: TestContext;
let visitor: SignedIn;
let admin: SignedIn;
let solar: string;
let water: string;

async function invest(who: SignedIn, ventureId: string, amount: number): Promise<string> {
  const res = await who.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { _id: string })._id;
}

beforeAll(async () => {
  t = await testContext();
  visitor = await t.injectAs('visitor');
  admin = await t.injectAs('admin');
  const live = { goesLiveAt: new Date(Date.now() - 10 * DAY) };
  solar = (await openVenture(t, { title: 'Counted solar kiosks', ...live })).id;
  water = (await openVenture(t, { title: 'Counted water pumps', ...live })).id;
  const [ann, bob, cem, dan] = await Promise.all([
    verifiedInvestor(t, 1_000_000n),
    verifiedInvestor(t, 1_000_000n),
    verifiedInvestor(t, 1_000_000n),
    verifiedInvestor(t, 1_000_000n),
  ]);
  // Ann twice and Bob once in the solar kiosks: two investors (Dan revokes his within the reflection
  // period, EU 2020/1503 Art. 22); Cem in the water pumps, then cancelled.
  await invest(ann, solar, 300);
  await invest(ann, solar, 200);
  await invest(bob, solar, 100);
  const dans = await invest(dan, solar, 150);
  const revoked = await dan.inject({ method: 'POST', url: `/api/investments/${dans}/revoke` });
  expect(revoked.statusCode, revoked.body).toBe(200);
  await invest(cem, water, 400);
  const cancelled = await admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${water}/cancel`,
    payload: { reason: 'The company withdrew.' },
  });
  expect(cancelled.statusCode).toBe(200);
});

describe('the number of investors (issue 30, item 13)', () => {
  it('the public list counts distinct investors, refunded and revoked ones left out', async () => {
    const res = await visitor.inject({ method: 'GET', url: '/api/ventures?search=Counted&limit=9' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { _id: string; investorCount: number; amountFunded: number }[];
    const solarRow = rows.find((row) => row._id === solar);
    expect(solarRow).toMatchObject({ investorCount: 2, amountFunded: 600 });
  });

  it('the public page too; a venture whose money was refunded has none', async () => {
    const page = await visitor.inject({ method: 'GET', url: `/api/ventures/id/${solar}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ investorCount: 2 });
    const refunded = await admin.inject({ method: 'GET', url: `/api/ventures/id/${water}` });
    expect(refunded.json().data).toMatchObject({ investorCount: 0 });
  });

  it('the admin list carries it', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/ventures/admin-get-all?search=Counted' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { _id: string; investorCount: number }[];
    expect(rows.find((row) => row._id === solar)?.investorCount).toBe(2);
    expect(rows.find((row) => row._id === water)?.investorCount).toBe(0);
  });
});
