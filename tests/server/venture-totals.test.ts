import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ventures } from '../../src-server/db/schema';
import { CountCache, PUBLIC_TOTALS_TTL_MS } from '../../src-server/modules/ventures/count-cache';
import { testContext, type SignedIn, type TestContext } from './context';
import { giveKiis } from './kiis-helpers';
import { openVenture } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

/** With a complete key investment information sheet: an admin may approve it. */
const addVenture = async (title: string, adminStatus: 'approved' | 'pending') => {
  const { id } = await openVenture(t, { title, adminStatus });
  await giveKiis(t, id);
  return id;
};

async function list(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/ventures${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { title: string }[]; pagination: { total: number; totalPages: number } };
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  for (let i = 0; i < 10; i++) await addVenture(`Public ${i}`, 'approved');
});

describe('totals of the public venture list', () => {
  it('counts once per filter set: every page and order of it reads the same total', async () => {
    expect((await list()).pagination).toMatchObject({ total: 10, totalPages: 2 });
    expect((await list('?page=2&sortBy=expectedReturn&order=asc')).pagination.total).toBe(10);
    expect((await list('?riskLevel=high')).pagination.total).toBe(0);
  });

  it('reflects a review made through this server at once', async () => {
    const id = await addVenture('Waiting for review', 'pending');
    expect((await list()).pagination.total).toBe(10);
    const review = await admin.inject({
      method: 'PATCH',
      url: `/api/ventures/admin/${id}/admin-status-update`,
      payload: { adminStatus: 'approved' },
    });
    expect(review.statusCode).toBe(200);
    const after = await list();
    expect(after.pagination).toMatchObject({ total: 11, totalPages: 2 });
    expect(after.data[0]!.title).toBe('Waiting for review');
  });

  it('shows a change made elsewhere (another instance) in the rows at once and in the total within 30 s', async () => {
    const id = await addVenture('Approved elsewhere', 'pending');
    expect((await list()).pagination.total).toBe(11);
    await t.database.db.update(ventures).set({ adminStatus: 'approved' }).where(eq(ventures.id, id));
    const soon = await list();
    expect(soon.data[0]!.title).toBe('Approved elsewhere');
    expect(soon.pagination.total).toBe(11);
    t.clock.offsetMs += PUBLIC_TOTALS_TTL_MS + 1;
    expect((await list()).pagination.total).toBe(12);
  });
});

describe('CountCache', () => {
  it('runs one count for concurrent callers of a key and keeps it until it expires', async () => {
    const cache = new CountCache(1000);
    let calls = 0;
    const count = () => Promise.resolve(++calls * 10);
    expect(await Promise.all([cache.get('a', 0, count), cache.get('a', 0, count)])).toEqual([10, 10]);
    expect(await cache.get('a', 999, count)).toBe(10);
    expect(await cache.get('a', 1000, count)).toBe(20);
    expect(calls).toBe(2);
  });

  it('does not remember a failed count', async () => {
    const cache = new CountCache(1000);
    await expect(cache.get('a', 0, () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('a', 1, () => Promise.resolve(7))).toBe(7);
  });

  it('drops the least recently used key beyond its size, and clear() empties it', async () => {
    const cache = new CountCache(1000, 2);
    await cache.get('a', 0, () => Promise.resolve(1));
    await cache.get('b', 0, () => Promise.resolve(2));
    await cache.get('a', 0, () => Promise.resolve(99)); // a is now the most recent
    await cache.get('c', 0, () => Promise.resolve(3)); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 0, () => Promise.resolve(99))).toBe(1);
    expect(await cache.get('b', 0, () => Promise.resolve(22))).toBe(22);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
