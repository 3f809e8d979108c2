import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSource } from '../audit/service';
import {
  adminTicketListQuerySchema,
  myTicketListQuerySchema,
  ticketAnswerSchema,
  ticketCreateBodySchema,
  ticketListSchema,
  ticketReplyBodySchema,
  ticketStatusBodySchema,
  ticketWrittenSchema,
} from '../../../src-shared/contracts/tickets';
import { COMPLAINT_WORKING_DAYS } from '../../../src-shared/rules/workingDays';
import { adminListRoute } from '../../lib/admin-list-route';
import type { AppContext } from '../../context';
import { listResponse } from '../../lib/list';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole, requireSignedIn } from '../../plugins/session';
import {
  createTicket,
  getTicket,
  listAdminTickets,
  listMyTickets,
  replyToTicket,
  setTicketStatus,
} from './service';

const TICKET_SHAPE =
  'A ticket is `{ _id, number, subject, category, status, createdAt, updatedAt, respondBy, author: { id, firstName, lastName, email, role } }`; with its thread it also carries `messages: [{ _id, body, createdAt, author: { id, firstName, lastName, role } }]`, oldest first.';

export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const caller = (request: Parameters<typeof requireAuth>[0]) => {
      const { user } = requireAuth(request);
      return { id: user.id, role: user.role };
    };

    app.post(
      '/tickets',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['tickets'],
          summary: 'Open a support ticket (investors and companies) with its first message',
          description: [
            `The ticket starts \`open\`; \`number\` counts up from 1 across the platform. A \`complaint\` must be answered within ${COMPLAINT_WORKING_DAYS} working days (Monday to Friday, UTC; public holidays are not left out): its \`respondBy\` is that time after creation, \`null\` for the other categories.`,
            'The author gets an acknowledgement e-mail with the number (and for a complaint the respond-by date).',
            TICKET_SHAPE,
          ].join('\n\n'),
          body: ticketCreateBodySchema,
          response: responses({ 201: ticketWrittenSchema }, ...WRITE, ...ROLE),
        },
      },
      async (request, reply) => {
        const data = await createTicket(ctx, caller(request), request.body, request.ip);
        return reply.status(201).send({ message: 'Ticket created.', data });
      },
    );

    app.get(
      '/tickets/mine',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['tickets'],
          summary: "The caller's own tickets, newest first (`status` filters)",
          querystring: myTicketListQuerySchema,
          response: responses({ 200: ticketListSchema }, 400, ...ROLE),
        },
      },
      async (request) => {
        const { rows, total } = await listMyTickets(ctx.db, requireAuth(request).user.id, request.query);
        return listResponse(rows, request.query, total);
      },
    );

    app.get(
      '/tickets/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['tickets'],
          summary: 'One ticket with its thread: its author or an admin; anyone else 404',
          params: idParam('id', 'ticket.not_found'),
          response: responses({ 200: ticketAnswerSchema }, 401, 404),
        },
      },
      async (request) => ({ data: await getTicket(ctx.db, request.params.id, caller(request)) }),
    );

    app.post(
      '/tickets/:id/messages',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['tickets'],
          summary: 'Reply in a ticket (its author or an admin; anyone else 404)',
          description: [
            "An admin's reply e-mails the author and moves an `open` ticket to `in_progress`; the author's reply to a `resolved` ticket opens it again (`open`). A `closed` ticket takes no reply: 409 'This ticket is closed.'",
            'Answers the ticket with its thread.',
          ].join('\n\n'),
          params: idParam('id', 'ticket.not_found'),
          body: ticketReplyBodySchema,
          response: responses({ 201: ticketWrittenSchema }, ...WRITE, 401, 404, 409),
        },
      },
      async (request, reply) => {
        const data = await replyToTicket(
          ctx,
          request.params.id,
          caller(request),
          request.body.message,
          request.ip,
        );
        return reply.status(201).send({ message: 'Reply sent.', data });
      },
    );

    adminListRoute(app, '/admin/tickets', {
      tags: ['tickets'],
      summary: 'Every ticket with its author (admins)',
      description: [
        'Filters: `status`, `category`, `userId` (one author), `search` (subject or author e-mail contains it, or the ticket number: `12` or `#12`).',
        "Order (`sortBy`, `order`): by default `respondBy` ascending, i.e. tickets still waiting for an answer (`open`, `in_progress`) that have a deadline (complaints) first, the oldest deadline first (overdue ones on top), then every other ticket newest first: a resolved or closed complaint's old deadline no longer puts it on top. `createdAt`, `updatedAt`, `number` and `status` sort by themselves (`order` desc by default), then newest first.",
      ].join('\n\n'),
      querystring: adminTicketListQuerySchema,
      response: ticketListSchema,
      list: (query) => listAdminTickets(ctx.db, query),
    });

    app.patch(
      '/admin/tickets/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['tickets'],
          summary: "Change a ticket's status (admins): open, in_progress, resolved or closed",
          description: 'Answers the ticket with its thread. Nobody is e-mailed.',
          params: idParam('id', 'ticket.not_found'),
          body: ticketStatusBodySchema,
          response: responses({ 200: ticketWrittenSchema }, ...WRITE, ...ROLE, 404),
        },
      },
      async (request) => ({
        message: 'Updated successfully',
        data: await setTicketStatus(
          ctx,
          request.params.id,
          request.body.status,
          caller(request),
          auditSource(requireAuth(request)),
        ),
      }),
    );
  };
}
