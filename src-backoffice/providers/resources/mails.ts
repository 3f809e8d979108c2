/**
 * mails (admin): the contact form's messages.
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/mails?status&search&page&limit&sortBy(createdAt, status, email, subject)&order; reads `mails` (an excerpt, no message), pagination.total |
 * | getOne | GET /api/admin/mails/{id} (with the message; the server marks an unread mail read) |
 * | update | PATCH /api/admin/mails/{id} { status } |
 */
import { call } from '../../../src-shared/api/http';
import type { Query, RequestBody } from '../../../src-shared/api/types';
import {
  listQuery,
  idParam,
  listResult,
  updatedRecord,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';

type MailQuery = Query<'/api/admin/mails'>;
type MailUpdate = RequestBody<'/api/admin/mails/{id}', 'patch'>;

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<MailQuery['sortBy']>[] = ['createdAt', 'status', 'email', 'subject'];

export function mails({ client }: ResourceContext): ResourceHandlers {
  return {
    getList: async (params) => {
      const query = listQuery<MailQuery>(params, ['status', 'search'], SORT_FIELDS);
      const answer = await call(client.GET('/api/admin/mails', { params: { query } }));
      return listResult(answer.mails, answer.pagination, (row) => row);
    },
    getOne: async ({ id }) => {
      const answer = await call(
        client.GET('/api/admin/mails/{id}', { params: { path: { id: idParam(id) } } }),
      );
      return { data: answer.data };
    },
    update: async (params) => {
      const body = { status: (params.data as { status?: MailUpdate['status'] }).status } as MailUpdate;
      const answer = await call(
        client.PATCH('/api/admin/mails/{id}', { params: { path: { id: idParam(params.id) } }, body }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}
