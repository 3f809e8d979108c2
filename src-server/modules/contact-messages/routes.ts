import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSource } from '../audit/service';
import { messageSchema } from '../../../src-shared/contracts/common';
import {
  contactBodySchema,
  mailAnswerSchema,
  mailListQuerySchema,
  mailListSchema,
  mailUpdateBodySchema,
  mailUpdatedSchema,
} from '../../../src-shared/contracts/mails';
import type { AppContext } from '../../context';
import { listResponse } from '../../lib/list';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { listMails, openMail, setMailStatus, storeContactMessage } from './service';

export function mailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['mails'],
          summary:
            'The public contact form (anyone): stored for the admins, nobody is e-mailed. At most 5 messages in 10 minutes per client address',
          body: contactBodySchema,
          response: responses({ 201: messageSchema }, ...WRITE, 429),
        },
      },
      async (request, reply) => {
        await storeContactMessage(ctx, request.ip, request.body);
        return reply.status(201).send({ message: 'Thank you! We will get back to you soon.' });
      },
    );

    app.get(
      '/admin/mails',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['mails'],
          summary:
            'The contact form messages without their body (an excerpt): status, search (name, e-mail, subject, message), sortBy createdAt|status|email|subject, order',
          querystring: mailListQuerySchema,
          response: responses({ 200: mailListSchema }, 400, ...ROLE),
        },
      },
      async (request) => {
        const { rows, total } = await listMails(ctx.db, request.query);
        const { data, pagination } = listResponse(rows, request.query, total);
        return { mails: data, pagination };
      },
    );

    app.get(
      '/admin/mails/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['mails'],
          summary: 'One message with its body; an unread one becomes read',
          params: idParam('id', 'mail.not_found'),
          response: responses({ 200: mailAnswerSchema }, ...ROLE, 404),
        },
      },
      async (request) => ({ data: await openMail(ctx, request.params.id) }),
    );

    app.patch(
      '/admin/mails/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['mails'],
          summary: 'Mark a message read or unread',
          params: idParam('id', 'mail.not_found'),
          body: mailUpdateBodySchema,
          response: responses({ 200: mailUpdatedSchema }, ...WRITE, ...ROLE, 404),
        },
      },
      async (request) => ({
        message: 'Updated successfully',
        data: await setMailStatus(
          ctx,
          request.params.id,
          request.body.status,
          auditSource(requireAuth(request)),
        ),
      }),
    );
  };
}
