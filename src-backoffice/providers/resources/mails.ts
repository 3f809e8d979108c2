/**
 * mails (admin): the contact form's messages. NOT SERVED YET: waiting for issue 13 (see notYetServed.ts).
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/mails?status&search&page&limit; reads `mails`, pagination.total |
 * | getOne | GET /api/admin/mails/{id} |
 * | update | PATCH /api/admin/mails/{id} { status } |
 */
import type { RaRecord } from 'react-admin';
import { call } from '../../../src-shared/api/http';
import {
  filterQuery,
  idParam,
  listResult,
  pageQuery,
  updatedRecord,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import { notYetServed } from './notYetServed';

export function mails({ client }: ResourceContext): ResourceHandlers {
  const untyped = notYetServed(client);
  return {
    getList: async (params) => {
      const query = {
        ...filterQuery<{ status?: string; search?: string }>(params, ['status', 'search']),
        ...pageQuery(params),
      };
      const answer = (await call(untyped.GET('/api/admin/mails', { params: { query } }))) as {
        mails?: RaRecord[];
        pagination?: { total?: number };
      };
      return listResult(answer?.mails, answer?.pagination, withId);
    },
    getOne: async ({ id }) => {
      const answer = (await call(
        untyped.GET('/api/admin/mails/{id}', { params: { path: { id: idParam(id) } } }),
      )) as {
        data: RaRecord;
      };
      return { data: withId(answer.data) };
    },
    update: async (params) => {
      const answer = await call(
        untyped.PATCH('/api/admin/mails/{id}', {
          params: { path: { id: idParam(params.id) } },
          body: { status: (params.data as { status?: string }).status },
        }),
      );
      return { data: updatedRecord(answer as { data?: RaRecord }, params) };
    },
  };
}
