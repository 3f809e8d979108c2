import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsResponseSchema } from '../../../src-shared/contracts/statistics';
import type { AppContext } from '../../context';
import { responses } from '../../lib/responses';
import { statistics } from './service';

export function statisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/statistics',
      {
        schema: {
          tags: ['statistics'],
          summary: "The platform's track record for everyone (money in euros)",
          description: [
            'Only ventures that are public and approved (not deleted) count; a cancelled venture does not (its investors were refunded).',
            '- `totalFunded`: `amountFunded` of the ventures that reached their funding (lifecycle `funded` or `repaid`);',
            '- `totalRepaid`: principal and interest credited to investors so far, partial repayments included;',
            '- `venturesFunded`: ventures that reached their funding (`funded` or `repaid`); `venturesRepaid`: the `repaid` ones;',
            '- `investors`: people with at least one investment that was not refunded;',
            '- `averageReturn`: the mean `expectedReturn` (percent a year) of funded and repaid ventures weighted by the amount funded, two decimals; `null` while none is funded;',
            '- `byRisk`: one row for each of `low`, `medium`, `high`: `ventures` on the public list in any state, `funded` (still being repaid), `repaid` and `defaulted` (disjoint; `defaulted` is 0 until the platform records defaults), `defaultRate = defaulted / (funded + repaid + defaulted)` as a fraction, 0 when there are none;',
            '- `computedAt`: when the figures were computed. They are kept for 60 s; a movement of money or a venture change through the same server computes them afresh.',
          ].join('\n'),
          response: responses({ 200: statisticsResponseSchema }),
        },
      },
      async () => ({ data: await statistics(ctx) }),
    );
  };
}
