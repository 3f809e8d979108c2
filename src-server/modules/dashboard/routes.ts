import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  corporateDashboardResponseSchema,
  INVESTOR_DASHBOARD_LIMITS,
  investorDashboardResponseSchema,
  NET_RETURN_MIN_AGE_DAYS,
} from '../../../src-shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { responses, ROLE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { CORPORATE_TICKETS, corporateDashboard, investorDashboard, RECENT_INVESTMENTS } from './service';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/investor',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['dashboard'],
          summary: "The signed-in investor's overview and portfolio figures in one call (money in euros)",
          description: [
            "Only the caller's own investments, ledger rows and tickets.",
            '- `firstName`, `lastLoginAt`: the signed-in person;',
            "- `balance` and `portfolio.available`: the investor's ledger balance (`GET /api/balances/my-balance`);",
            '- `activeInvestments`: investments `invested` or `completed`; `expectedReturns`: their `totalExpectedReturn` added up;',
            '- `profitEarned` and `returns.profit`: what was credited beyond principal (`profitPaid` added up over every investment);',
            '- `repaidVentures`: distinct ventures among the investments `repaid`;',
            "- `openTickets`: the investor's tickets that are not `closed`;",
            '- `portfolio.pending`: the amount of investments `invested` (ventures still raising); `portfolio.invested`: principal not yet paid back of investments `completed` (what payments allocated to principal, and write-offs, deducted); `portfolio.inRecovery`, `returns.lateFees`, `returns.badDebt`, `returns.serviceFees`: 0 until the platform records defaults or charges fees;',
            `- \`netAnnualReturn\`: the XIRR (365-day years) of the investor's ledger rows of kind \`investment\` (out), \`refund\` and \`repayment\` (in), plus the principal still outstanding of investments \`invested\` or \`completed\` valued at now, as a fraction to 6 decimals (0.1 is 10 % a year); \`null\` while no investment is ${NET_RETURN_MIN_AGE_DAYS} days old, or when no rate solves the flows;`,
            `- \`investments\`: the ${INVESTOR_DASHBOARD_LIMITS.investments} newest (every status) as \`GET /api/investments/my-investments\` answers them;`,
            `- \`transactions\`: the ${INVESTOR_DASHBOARD_LIMITS.transactions} newest rows of the investor's ledger account \`{ note, at, amount, balanceBefore, kind, venture }\` (signed euros; \`venture\` \`{ _id, title }\` for an investment, refund or repayment, else null), newest first as \`GET /api/balances/{id}/history\`;`,
            `- \`tickets\`: the ${INVESTOR_DASHBOARD_LIMITS.tickets} newest of the investor's tickets \`{ _id, number, subject, category, status, createdAt }\`.`,
          ].join('\n'),
          response: responses({ 200: investorDashboardResponseSchema }, ...ROLE),
        },
      },
      async (request) => ({
        data: await investorDashboard(ctx.db, requireAuth(request).user.id, ctx.now()),
      }),
    );

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
            `- \`tickets\`: the company's ${CORPORATE_TICKETS} newest support tickets \`{ _id, number, subject, category, status, createdAt }\`, newest first.`,
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
