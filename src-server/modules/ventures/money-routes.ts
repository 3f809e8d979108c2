import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelBodySchema } from '../../../src-shared/contracts/money';
import { ventureSchema } from '../../../src-shared/contracts/ventures';
import type { AppContext } from '../../context';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { auditSource } from '../audit/service';
import { cancelVenture, closeFunding } from './money';

const ventureParams = idParam('ventureId', 'venture.not_found');
const ventureAnswer = z.object({ message: z.string(), data: ventureSchema });

/** A venture's money, for admins: close its funding, cancel it (refunds), record a repayment. Tagged
 * `investments` in the OpenAPI document, as they were when modules/investments served them. */
export function ventureMoneyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/ventures/admin/:ventureId/close-funding',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['investments'],
          summary:
            'Close the funding early: new -> funded, investments completed, escrow paid out (repeat: no change); 409 venture.reflection_open (params.until) while an investment can still be revoked',
          params: ventureParams,
          response: responses({ 200: ventureAnswer }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => {
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
          response: responses({ 200: ventureAnswer }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        return cancelVenture(
          ctx,
          auth.user.id,
          request.params.ventureId,
          request.body.reason,
          auditSource(auth),
        );
      },
    );
  };
}
