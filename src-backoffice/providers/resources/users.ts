/**
 * users (admin). NOT SERVED YET: waiting for issue 13 (see notYetServed.ts).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/users?role&isActive&search&page&limit; reads `users`, pagination.total |
 * | update | PATCH /api/users/{id} { isActive?, role? } (changed ones only) |
 */
import type { RaRecord } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import {
  changedFields,
  filterQuery,
  idParam,
  listResult,
  pageQuery,
  updatedRecord,
  USER_WRITABLE_FIELDS,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import { notYetServed } from './notYetServed';

export function users({ client }: ResourceContext): ResourceHandlers {
  const untyped = notYetServed(client);
  return {
    getList: async (params) => {
      const query = {
        ...filterQuery<{ role?: string; isActive?: string; search?: string }>(params, [
          'role',
          'isActive',
          'search',
        ]),
        ...pageQuery(params),
      };
      const answer = (await call(untyped.GET('/api/users', { params: { query } }))) as {
        users?: RaRecord[];
        pagination?: { total?: number };
      };
      return listResult(answer?.users, answer?.pagination, withId);
    },
    update: async (params) => {
      const body = changedFields(params.data, params.previousData, USER_WRITABLE_FIELDS);
      const answer = await call(
        untyped.PATCH('/api/users/{id}', { params: { path: { id: idParam(params.id) } }, body }),
      );
      return { data: updatedRecord(answer as { data?: RaRecord }, params) };
    },
  };
}
