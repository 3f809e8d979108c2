/**
 * investments (admin): every investment.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/investments/admin?search&status&page&limit; `_id` -> id |
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

type InvestmentQuery = Query<'/api/investments/admin'>;

export function investments({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query: InvestmentQuery = {
        ...filterQuery<InvestmentQuery>(params, ['search', 'status']),
        ...pageQuery(params),
      };
      const answer = await call(client.GET('/api/investments/admin', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}
