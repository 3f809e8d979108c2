import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, pagination } from '../../../src-shared/contracts/common';
import {
  adminInvestmentQuerySchema,
  adminInvestmentSchema,
  cancelBodySchema,
  investBodySchema,
  investmentSchema,
  listOf,
  repaymentBodySchema,
  repaymentResultSchema,
} from '../../../src-shared/contracts/money';
import { ventureSchema } from '../../../src-shared/contracts/ventures';
import type { AppContext } from '../../app';
import { HttpError } from '../../lib/http-error';
import { requireAuth, requireRole } from '../../plugins/session';
import { readIdempotencyKey } from '../idempotency';
import { cancelVenture, closeFunding, invest, listForAdmin, listMine, recordRepayment } from './service';
import { isUuid } from '../../lib/query';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const ventureParams = z.object({ ventureId: z.string() });
const ventureAnswer = z.object({ message: z.string(), data: ventureSchema });
const checkVentureId = (id: string) => {
  if (!isUuid(id)) throw new HttpError(404, 'venture.not_found');
};

export function investmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/investments',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['investments'],
          summary:
            'Invest (verified investors): every rule checked in one transaction; optional Idempotency-Key header (same key within 24 h returns the first answer; another body 422)',
          body: investBodySchema,
          response: {
            201: z.object({ message: z.string(), data: investmentSchema }),
            ...errors,
            422: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const key = readIdempotencyKey(request.headers);
        // An unknown venture id is a 404 like any venture the caller cannot see.
        if (!isUuid(request.body.ventureId)) throw new HttpError(404, 'venture.not_found');
        const answer = await invest(ctx, requireAuth(request), request.body, key);
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(answer.statusCode as 201).send(answer.body);
      },
    );

    app.get(
      '/investments/my-investments',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['investments'],
          summary: "The investor's investments, newest first",
          response: { 200: z.object({ data: z.array(investmentSchema) }), ...errors },
        },
      },
      async (request) => ({ data: await listMine(ctx.db, requireAuth(request).user.id) }),
    );

    app.get(
      '/investments/admin',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['investments'],
          summary: 'Every investment with its investor; search (investor or venture) and status',
          querystring: adminInvestmentQuerySchema,
          response: { 200: listOf(adminInvestmentSchema), ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listForAdmin(ctx.db, request.query);
        return { data: rows, pagination: pagination(request.query.page, request.query.limit, total) };
      },
    );

    app.post(
      '/ventures/admin/:ventureId/close-funding',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['investments'],
          summary:
            'Close the funding early: new -> funded, investments completed, escrow paid out (repeat: no change)',
          params: ventureParams,
          response: { 200: ventureAnswer, ...errors },
        },
      },
      async (request) => {
        checkVentureId(request.params.ventureId);
        return closeFunding(ctx, requireAuth(request), request.params.ventureId);
      },
    );

    app.post(
      '/ventures/admin/:ventureId/cancel',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['investments'],
          summary: 'Cancel a venture that is not funded and refund every investor (repeat: no change)',
          params: ventureParams,
          body: cancelBodySchema,
          response: { 200: ventureAnswer, ...errors },
        },
      },
      async (request) => {
        checkVentureId(request.params.ventureId);
        return cancelVenture(
          ctx,
          requireAuth(request).user.id,
          request.params.ventureId,
          request.body.reason,
        );
      },
    );

    app.post(
      '/ventures/admin/:ventureId/repayments',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['investments'],
          summary:
            'Record a repayment (principal plus interest) credited pro rata to the cent; final: true marks the venture repaid. Optional Idempotency-Key',
          params: ventureParams,
          body: repaymentBodySchema,
          response: {
            200: z.object({ message: z.string(), data: repaymentResultSchema }),
            ...errors,
            422: errorSchema,
          },
        },
      },
      async (request, reply) => {
        checkVentureId(request.params.ventureId);
        const key = readIdempotencyKey(request.headers);
        const answer = await recordRepayment(
          ctx,
          requireAuth(request),
          request.params.ventureId,
          request.body,
          key,
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(answer.body);
      },
    );
  };
}
