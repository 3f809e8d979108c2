import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { databaseAnswers, migrationsApplied, storageAnswers } from './service';

const unavailable = z.object({ status: z.literal('unavailable'), message: z.string() });

/**
 * The health checks (API contract, "Operations"; docs/operations.md, "Several instances"):
 * - `/api/health`: the database answers (the original check, kept for monitors that use it);
 * - `/api/health/live`: the process serves HTTP (a load balancer or orchestrator restarts it otherwise);
 *   it reads nothing, so a database outage does not make every instance look dead;
 * - `/api/health/ready`: this instance should get traffic: every migration of its build is applied,
 *   the database and the file storage answer, and it is not draining after SIGTERM.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['operations'],
          summary: '200 while the database answers, 503 otherwise',
          response: { 200: z.object({ status: z.literal('ok') }), 503: unavailable },
        },
      },
      async (_request, reply) => {
        if (await databaseAnswers(ctx.pool)) return { status: 'ok' as const };
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'The database does not answer.' });
      },
    );

    app.get(
      '/health/live',
      {
        schema: {
          tags: ['operations'],
          summary: 'Liveness: 200 while the process serves HTTP (reads nothing)',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['operations'],
          summary:
            'Readiness: 200 when migrations are applied and the database and the file storage answer; 503 otherwise and while draining',
          response: { 200: z.object({ status: z.literal('ok') }), 503: unavailable },
        },
      },
      async (_request, reply) => {
        const notReady = (message: string) =>
          reply.status(503).send({ status: 'unavailable' as const, message });
        if (ctx.lifecycle?.draining) return notReady('The instance is shutting down.');
        const [database, storage] = await Promise.all([
          migrationsApplied(ctx.pool),
          storageAnswers(ctx.config),
        ]);
        if (database === 'database') return notReady('The database does not answer.');
        if (database === 'migrations') return notReady('The database migrations are not all applied.');
        if (!storage) return notReady('The file storage does not answer.');
        return { status: 'ok' as const };
      },
    );
  };
}
