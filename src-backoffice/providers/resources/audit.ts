/**
 * audit (admin): the audit log, read-only (issue 26; docs/audit.md).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/audit?actor&actorId&action&targetType&targetId&from&to&order&page&limit; reads `data`, pagination.total |
 *
 * The API sorts by time only: react-admin's sort on `at` becomes `order` (asc or desc, newest first
 * by default). `from` and `to` are days (YYYY-MM-DD, as react-admin's DateInput gives them), both
 * inclusive (UTC). A person's or a venture's history is getManyReference with target `targetId` and
 * the filter `targetType`. There is no call for one row: the list's rows carry everything.
 */
import { call } from '../../../src-shared/api/http';
import type { Query } from '../../../src-shared/api/types';
import {
  filterQuery,
  pageQuery,
  listResult,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type AuditQuery = Query<'/api/admin/audit'>;

const FILTERS: ReadonlyArray<keyof AuditQuery & string> = [
  'actor',
  'actorId',
  'action',
  'targetType',
  'targetId',
  'from',
  'to',
];

export function audit({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query: AuditQuery = {
        ...filterQuery<AuditQuery>(params, FILTERS),
        ...pageQuery(params),
        order: params.sort?.order === 'ASC' ? 'asc' : 'desc',
      };
      const answer = await call(client.GET('/api/admin/audit', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
  };
}
