import type { GetListParams, GetListResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { getAllPages } from '../../src-backoffice/providers/dataProvider';

/** A list of `total` rows served like the API: at most 100 a page. */
function apiList(total: number) {
  const calls: Array<{ page: number; perPage: number }> = [];
  const fn = async (params: GetListParams): Promise<GetListResult> => {
    const { page, perPage } = params.pagination!;
    calls.push({ page, perPage });
    const limit = Math.min(100, perPage);
    const start = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
      id: start + i + 1,
    }));
    return { data, total };
  };
  return { fn, calls };
}

const params = (page: number, perPage: number): GetListParams => ({
  pagination: { page, perPage },
  sort: { field: 'createdAt', order: 'DESC' },
  filter: { status: 'unread' },
});

describe('getAllPages (CSV export of every row of the filter)', () => {
  it('reads 1,000 rows of a 250-row list as three API pages of 100, keeping the filter', async () => {
    const { fn, calls } = apiList(250);
    const result = await getAllPages(fn, params(1, 1000));
    expect(result.total).toBe(250);
    expect(result.data.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(calls).toEqual([
      { page: 1, perPage: 100 },
      { page: 2, perPage: 100 },
      { page: 3, perPage: 100 },
    ]);
  });

  it('stops at the asked size when the list is longer', async () => {
    const { fn, calls } = apiList(5000);
    const result = await getAllPages(fn, params(1, 1000));
    expect(result.data).toHaveLength(1000);
    expect(result.data.at(-1)?.id).toBe(1000);
    expect(calls).toHaveLength(10);
  });

  it('passes an ordinary page straight through', async () => {
    const { fn, calls } = apiList(42);
    const result = await getAllPages(fn, params(2, 25));
    expect(calls).toEqual([{ page: 2, perPage: 25 }]);
    expect(result.data[0]?.id).toBe(26);
  });

  it('an empty list is one call', async () => {
    const { fn, calls } = apiList(0);
    expect((await getAllPages(fn, params(1, 1000))).data).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});
