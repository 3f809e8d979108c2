import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';

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
        try {
          const client = await ctx.pool.connect();
          try {
            await client.query({ text: 'SELECT 1', query_timeout: 2_000 } as never);
            client.release();
          } catch (error) {
            client.release(true); // a broken connection leaves the pool instead of going back to it
            throw error;
          }
          return { status: 'ok' as const };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable' as const, message: 'The database does not answer.' });
        }
      },
    );
  };
}
