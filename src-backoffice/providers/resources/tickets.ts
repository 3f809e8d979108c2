/**
 * tickets: support tickets. Admins see every ticket (`adminTickets`); a company its own
 * (`corporateTickets`). Records carry `_id` (API contract) and `id` for react-admin.
 *
 * Admin app:
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/admin/tickets?status&category&search&userId&page&limit&sortBy(respondBy, createdAt, updatedAt, number, status)&order |
 * | getOne | GET /api/tickets/{id} (with the thread) |
 * | update | PATCH /api/admin/tickets/{id} { status } |
 *
 * Corporate app:
 *
 * | verb | HTTP call |
 * |---|---|
 * | getList | GET /api/tickets/mine?status&page&limit (newest first) |
 * | getOne | GET /api/tickets/{id} (own only, else 404) |
 * | create | POST /api/tickets { subject, category, message } |
 *
 * Both: replyToTicket(id, message) -> POST /api/tickets/{id}/messages { message }.
 */
import { call } from '../../../src-shared/api/http';
import type { Query, RequestBody, TicketThread } from '../../../src-shared/api/types';
import {
  listQuery,
  idParam,
  listResult,
  updatedRecord,
  withId,
  type ResourceContext,
  type ResourceHandlers,
} from '../mapping';
import type { Identifier } from 'react-admin';

type AdminTicketQuery = Query<'/api/admin/tickets'>;
type MyTicketQuery = Query<'/api/tickets/mine'>;
type StatusBody = RequestBody<'/api/admin/tickets/{id}', 'patch'>;
type CreateBody = RequestBody<'/api/tickets', 'post'>;

/** A ticket with its thread, as react-admin's record. */
export type TicketRecord = TicketThread & { id: Identifier };

/** The columns the API sorts by (typed by its query, so a column it does not know fails `tsc`). */
const SORT_FIELDS: NonNullable<AdminTicketQuery['sortBy']>[] = [
  'respondBy',
  'createdAt',
  'updatedAt',
  'number',
  'status',
];

const getOne =
  ({ client }: ResourceContext): NonNullable<ResourceHandlers['getOne']> =>
  async ({ id }) => {
    const answer = await call(client.GET('/api/tickets/{id}', { params: { path: { id: idParam(id) } } }));
    return { data: withId(answer.data) };
  };

export function adminTickets(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const query = listQuery<AdminTicketQuery>(
        params,
        ['status', 'category', 'search', 'userId'],
        SORT_FIELDS,
      );
      const answer = await call(client.GET('/api/admin/tickets', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
    getOne: getOne(ctx),
    update: async (params) => {
      const body = { status: (params.data as { status?: StatusBody['status'] }).status } as StatusBody;
      const answer = await call(
        client.PATCH('/api/admin/tickets/{id}', { params: { path: { id: idParam(params.id) } }, body }),
      );
      return { data: updatedRecord(answer, params) };
    },
  };
}

export function corporateTickets(ctx: ResourceContext): ResourceHandlers {
  const { client } = ctx;
  return {
    getList: async (params) => {
      const query = listQuery<MyTicketQuery>(params, ['status']);
      const answer = await call(client.GET('/api/tickets/mine', { params: { query } }));
      return listResult(answer.data, answer.pagination, withId);
    },
    getOne: getOne(ctx),
    create: async (params) => {
      const data = params.data as Partial<CreateBody>;
      const body = { subject: data.subject, category: data.category, message: data.message } as CreateBody;
      const answer = await call(client.POST('/api/tickets', { body }));
      return { data: withId(answer.data) };
    },
  };
}

export type TicketReplyAnswer = { message: string; data: TicketRecord };

export function ticketCalls({ client }: ResourceContext) {
  return {
    replyToTicket: async (id: Identifier, message: string): Promise<TicketReplyAnswer> => {
      const answer = await call(
        client.POST('/api/tickets/{id}/messages', {
          params: { path: { id: idParam(id) } },
          body: { message },
        }),
      );
      return { message: answer.message, data: withId(answer.data) };
    },
  };
}
