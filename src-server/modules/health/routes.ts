import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { databaseAnswers } from './service';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['operations'],
          summary: '200 while the database answers, 503 otherwise',
          response: {
            200: z.object({ status: z.literal('ok') }),
            503: z.object({ status: z.literal('unavailable'), message: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        if (await databaseAnswers(ctx.pool)) return { status: 'ok' as const };
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'The database does not answer.' });
      },
    );
  };
}
