import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewResponseSchema } from '../../../src-shared/contracts/overview';
import type { AppContext } from '../../context';
import { responses, ROLE } from '../../lib/responses';
import { requireRole } from '../../plugins/session';
import { adminOverview } from './service';

export function overviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/overview',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: "The admin overview's figures in one call (money in euros)",
          description: [
            '- `invested`: every investment not refunded;',
            "- `heldInBalances`: the investors' and companies' balances together;",
            '- `inEscrow`: money held for ventures still raising;',
            "- `venturesAwaitingReview`: ventures submitted for review (visibility `public` or `private`, not `draft`) that are `pending` or `under-review`, not deleted, not cancelled; drafts are the companies' work in progress (`GET /api/ventures/admin-get-all?submitted=true` with `adminStatus=pending`, and with `adminStatus=under-review`, list the same ventures);",
            '- `verificationsAwaitingReview`: people whose identity documents wait for a decision (`GET /api/kyc/admin?status=pending`);',
            '- `signUps30d`: accounts created in the last 30 days;',
            '- `openTickets`: support tickets that are not `closed`;',
            '- `complaintsDueSoon`: complaints still waiting for an answer (`open` or `in_progress`) whose `respondBy` is within 3 working days (Monday to Friday) from now, overdue ones included;',
            '- `investedByMonth`: the last 12 calendar months (UTC) as `YYYY-MM`, oldest first and this month last, months without investments as 0; refunded investments do not count;',
            '- `overdue`: money past due across the loans still serviced (not `repaid` or `written_off`): the unpaid principal and interest of instalments due before the business date, plus the unpaid late interest;',
            '- `loansByStatus`: one row `{ loanStatus, loans, outstandingPrincipal }` for each loan status, in the order `current`, `late_1_15`, `late_16_30`, `late_31_60`, `late_61_90`, `default`, `recovery`, `repaid`, `written_off`, zeros included.',
          ].join('\n'),
          response: responses({ 200: adminOverviewResponseSchema }, ...ROLE),
        },
      },
      async () => ({ data: await adminOverview(ctx.db, ctx.now(), ctx.clock.today()) }),
    );
  };
}
