/**
 * The one shape of every paginated list: `{ data, pagination }`. The query's `page` and `limit` come
 * from `paginationQuery` (src-shared/contracts/common.ts), which clamps them (page from 1, limit
 * 1..100, anything unreadable becomes the default), so a list route only passes them through here.
 */
import { listOf, pagination, type PageQuery } from '../../src-shared/contracts/common';

export { listOf, type PageQuery };

/** Rows to skip before the page: what a repository passes to `.offset()` beside `.limit(query.limit)`. */
export const pageOffset = (query: PageQuery): number => (query.page - 1) * query.limit;

/** The answer of a list route: the page's rows and where they sit in the whole list. */
export function listResponse<T>(rows: T[], query: PageQuery, total: number) {
  return { data: rows, pagination: pagination(query.page, query.limit, total) };
}
