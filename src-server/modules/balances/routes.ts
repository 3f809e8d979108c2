import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../src-shared/contracts/common';
import { centsToEuros } from '../../../src-shared/money';
import type { AppContext } from '../../app';
import { accounts } from '../../db/schema';
import { requireAuth, requireRole } from '../../plugins/session';

export function balanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/balances/my-balance',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['balances'],
          summary: "The signed-in investor's or corporate's balance in euros",
          response: { 200: z.object({ balance: z.number() }), 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const [row] = await ctx.db
          .select({ balanceCents: accounts.balanceCents })
          .from(accounts)
          .where(eq(accounts.userId, user.id));
        return { balance: centsToEuros(row?.balanceCents ?? 0n) };
      },
    );
  };
}
