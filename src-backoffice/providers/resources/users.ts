/**
 * users (admin): every account, one account, activate/deactivate and the role.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/users?role&isActive&search&page&limit&sortBy(createdAt, lastLoginAt, email, lastName, role)&order; reads `users`, pagination.total |
 * | getOne | GET /api/users/{id} |
 * | update | PATCH /api/users/{id} { isActive?, role? } (changed ones only; no call when nothing changed) |
 */
import { call } from '../../../src-shared/api/http';
import type { Query, RequestBody } from '../../../src-shared/api/types';
import {
  changedFields,
  listQuery,
  idParam,
  listResult,
  updatedRecord,
  USER_WRITABLE_FIELDS,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type UserQuery = Query<'/api/users'>;
type UserUpdate = RequestBody<'/api/users/{id}', 'patch'>;

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<UserQuery['sortBy']>[] = [
  'createdAt',
  'lastLoginAt',
  'email',
  'lastName',
  'role',
];

export function users({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<UserQuery>(params, ['role', 'isActive', 'search'], SORT_FIELDS);
      const answer = await call(client.GET('/api/users', { params: { query } }));
      return listResult(answer.users, answer.pagination, (row) => row);
    },
    getOne: async ({ id }) => {
      const answer = await call(client.GET('/api/users/{id}', { params: { path: { id: idParam(id) } } }));
      return { data: answer.data };
    },
    update: async (params) => {
      const body = changedFields(params.data, params.previousData, USER_WRITABLE_FIELDS) as UserUpdate;
      // The server refuses an empty change (400): with nothing changed there is no call.
      if (Object.keys(body).length === 0) return { data: updatedRecord(null, params) };
      const answer = await call(
        client.PATCH('/api/users/{id}', { params: { path: { id: idParam(params.id) } }, body }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}
