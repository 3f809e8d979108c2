import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { corporateDashboardResponseSchema } from '../../../src-shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { responses, ROLE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { corporateDashboard, RECENT_INVESTMENTS } from './service';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/corporate',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['dashboard'],
          summary: "The signed-in company's overview figures in one call (money in euros)",
          description: [
            "Only the caller's own ventures (not deleted) and the investments into them; never an investor's name, e-mail or id.",
            '- `firstName`, `lastLoginAt`: the signed-in person (`lastLoginAt` is this sign-in once signed in);',
            "- `balance`: the company's own ledger balance (`GET /api/balances/my-balance`);",
            "- `ventures`: each venture counts in exactly one state, the first that applies: `cancelled` (an extra field: cancelled by an admin or at the closing date), `rejected`, `funded`, `repaid` (lifecycle), `live` (approved, `new` or `coming-soon`), `draft` (visibility `draft`: the company's work in progress), `pendingReview` (submitted, i.e. visibility `public` or `private`, and `pending` or `under-review`);",
            "- `raised`: `amountFunded` of its ventures added up (a cancelled venture's is 0);",
            '- `target`: `targetAmount` of its ventures counted as `pendingReview`, `live`, `funded` or `repaid` (submitted, not rejected, not cancelled; drafts are not yet a target);',
            '- `investors`: distinct investors with an investment not refunded in its ventures;',
            "- `raisedByMonth`: the last 12 calendar months (UTC) as `YYYY-MM`, oldest first and this month last, months without investments as 0; refunded investments do not count (the admin overview's `investedByMonth` for this company's ventures);",
            `- \`recentInvestments\`: the ${RECENT_INVESTMENTS} newest investments not refunded into its ventures, \`{ _id, ventureId, ventureTitle, amount, status, investmentDate }\`;`,
            '- `tickets`: always `[]` for now: support tickets do not exist yet (issue 15).',
          ].join('\n'),
          response: responses({ 200: corporateDashboardResponseSchema }, ...ROLE),
        },
      },
      async (request) => ({
        data: await corporateDashboard(ctx.db, requireAuth(request).user.id, ctx.now()),
      }),
    );
  };
}
