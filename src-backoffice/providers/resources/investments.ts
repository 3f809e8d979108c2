/**
 * investments (admin): every investment with its venture and its investor.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/investments/admin?search&status&ventureId&userId&sortBy(investmentDate, amount, status)&order&page&limit; `_id` -> id |
 */
import { call } from '../../../src-shared/api/http';
import type { Query } from '../../../src-shared/api/types';
import { listQuery, listResult, withId, type ResourceContext, type ResourceHandlers } from '../mapping';

type InvestmentQuery = Query<'/api/investments/admin'>;

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<InvestmentQuery['sortBy']>[] = ['investmentDate', 'amount', 'status'];

export function investments({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<InvestmentQuery>(
        params,
        ['search', 'status', 'ventureId', 'userId'],
        SORT_FIELDS,
      );
      const answer = await call(client.GET('/api/investments/admin', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}
