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
            "- `byRisk`: one row for each of `low`, `medium`, `high`: `ventures` on the public list in any state, `funded` (still being repaid) and `repaid` (disjoint), `defaulted` (ventures whose loan had a default event: more than 90 days past due or declared, kept when paid up later); the observed 1-year default rate of Commission Delegated Regulation (EU) 2022/2115, Art. 2, over the 12 months before the business date: `loansAtStart` (loans disbursed before the window's start, not repaid or written off before it, not in default at it, with an instalment due in the window), `defaultEvents` (those of them with a default event in the window) and `defaultRate = defaultEvents / loansAtStart` as a fraction, 0 when `loansAtStart` is 0;",
            '- `computedAt`: when the figures were computed. They are kept for 60 s; a movement of money or a venture change through the same server computes them afresh.',
          ].join('\n'),
          response: responses({ 200: statisticsResponseSchema }),
        },
      },
      async () => ({ data: await statistics(ctx) }),
    );
  };
}
