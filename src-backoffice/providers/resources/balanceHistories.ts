/**
 * balance-histories (admin): every ledger movement of every user, newest first.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/balances/all-histories?search&userId&from&to&kind&sortBy(at, amount)&order&page&limit |
 *
 * `from` and `to` are days (YYYY-MM-DD, as react-admin's DateInput gives them), both inclusive (UTC).
 */
import { call } from '../../../src-shared/api/http';
import type { Query } from '../../../src-shared/api/types';
import { listQuery, listResult, withId, type ResourceContext, type ResourceHandlers } from '../mapping';

type HistoryQuery = Query<'/api/balances/all-histories'>;

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<HistoryQuery['sortBy']>[] = ['at', 'amount'];

export function balanceHistories({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<HistoryQuery>(params, ['search', 'userId', 'from', 'to', 'kind'], SORT_FIELDS);
      const answer = await call(client.GET('/api/balances/all-histories', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}
