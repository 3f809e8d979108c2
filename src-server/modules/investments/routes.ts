import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOf } from '../../lib/list';
import {
  adminInvestmentQuerySchema,
  adminInvestmentSchema,
  investBodySchema,
  investmentSchema,
} from '../../../src-shared/contracts/money';
import { myInvestmentSchema } from '../../../src-shared/contracts/servicing';
import { adminListRoute } from '../../lib/admin-list-route';
import type { AppContext } from '../../context';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole, sessionChecked, sessionInStatement } from '../../plugins/session';
import { readIdempotencyKey } from '../idempotency';
import { investWithSessionToken, listForAdmin, listMine } from './service';
import { fastSuccessSerializer } from '../../lib/fast-serializer';
import { idParam } from '../../lib/params';
import { revokeInvestment } from './revoke';

const investAnswer = z.object({ message: z.string(), data: investmentSchema });

export function investmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The session is checked by the investment's own statement (one round trip per investment).
    const investorSession = sessionInStatement(ctx.db, ctx.now, 'user');
    app.post(
      '/investments',
      {
        config: investorSession.config,
        onRequest: investorSession.onRequest,
        errorHandler: investorSession.errorHandler,
        schema: {
          tags: ['investments'],
          summary:
            'Invest (verified investors): every rule checked in one transaction; optional Idempotency-Key header (same key within 24 h returns the first answer; another body 422)',
          body: investBodySchema,
          response: responses({ 201: investAnswer }, ...WRITE, ...ROLE, 404, 409, 422),
        },
        // The hot write: its answer written by fast-json-stringify from the same schema.
        serializerCompiler: fastSuccessSerializer(201, investAnswer),
      },
      async (request, reply) => {
        const key = readIdempotencyKey(request.headers);
        // Set by the session hook: a request without a `sid` cookie was answered 401 by onRequest.
        const token = request.deferredSessionToken!;
        const answer = await investWithSessionToken(ctx, token, request.body, key, () =>
          sessionChecked(request),
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(answer.statusCode as 201).send(answer.body);
      },
    );

    app.post(
      '/investments/:investmentId/revoke',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['investments'],
          summary:
            "Revoke one's investment within the reflection period (EU 2020/1503 Art. 22: 96 hours of business time): the whole amount refunded, status revoked; after it 409 investment.reflection_over",
          params: idParam('investmentId', 'investment.not_found'),
          response: responses({ 200: investAnswer }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => revokeInvestment(ctx, requireAuth(request).user.id, request.params.investmentId),
    );

    app.get(
      '/investments/my-investments',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['investments'],
          summary:
            "The investor's investments, newest first, each with its loan's servicing figures (loanStatus, daysLate, outstandingPrincipal, nextPaymentDate, received principal, interest and late interest, service fees, written off)",
          response: responses({ 200: z.object({ data: z.array(myInvestmentSchema) }) }, ...ROLE),
        },
      },
      async (request) => ({ data: await listMine(ctx.db, requireAuth(request).user.id) }),
    );

    adminListRoute(app, '/investments/admin', {
      tags: ['investments'],
      summary:
        'Every investment with its venture and investor; filters search (investor or venture), status, ventureId, userId; sortBy investmentDate|amount|status, order',
      querystring: adminInvestmentQuerySchema,
      response: listOf(adminInvestmentSchema),
      list: (query) => listForAdmin(ctx.db, query),
    });
  };
}
