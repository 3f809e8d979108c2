/**
 * balance-histories (admin): every ledger movement of every user.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/balances/all-histories?search&page&limit |
 */
import { call } from '../../../src-shared/api/http';
import type { Query } from '../../../src-shared/api/types';
import {
  filterQuery,
  listResult,
  pageQuery,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type HistoryQuery = Query<'/api/balances/all-histories'>;

export function balanceHistories({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query: HistoryQuery = { ...filterQuery<HistoryQuery>(params, ['search']), ...pageQuery(params) };
      const answer = await call(client.GET('/api/balances/all-histories', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}
