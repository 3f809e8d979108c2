import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSource } from '../audit/service';
import {
  adminRepaymentBodySchema,
  businessDateBodySchema,
  businessDateResponseSchema,
  defaultBodySchema,
  investmentDetailResponseSchema,
  loanActionResponseSchema,
  loanDetailResponseSchema,
  paymentResponseSchema,
  recoveryBodySchema,
  repayBodySchema,
  scheduleResponseSchema,
  servicingListQuerySchema,
  servicingRowSchema,
  writeOffBodySchema,
} from '../../../src-shared/contracts/servicing';
import { listOf } from '../../../src-shared/contracts/common';
import type { AppContext } from '../../context';
import { adminListRoute } from '../../lib/admin-list-route';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole, requireSignedIn } from '../../plugins/session';
import { readIdempotencyKey } from '../idempotency';
import { declareDefault, recordAdminRepayment, recordRecovery, repayByCompany, writeOff } from './actions';
import { getBusinessDate, moveBusinessDate } from './business-date';
import { getSchedule, investmentDetail, listServicing, loanDetail } from './reads';

const ventureParams = idParam('ventureId', 'venture.not_found');
const investmentParams = idParam('investmentId', 'investment.not_found');

/** Loan servicing and the business date (API contract, "Business date", "Loan servicing"). */
export function servicingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/business-date',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary: 'The business date, whether it may be moved, and the last close of business',
          response: responses({ 200: businessDateResponseSchema }, ...ROLE),
        },
      },
      async () => ({ data: await getBusinessDate(ctx) }),
    );

    app.put(
      '/admin/business-date',
      {
        onRequest: requireRole('superadmin'),
        schema: {
          tags: ['servicing'],
          summary:
            'Move the business date forward (BUSINESS_DATE_CONTROL=true only, else 404); the close of business runs for every day passed before the answer',
          body: businessDateBodySchema,
          response: responses({ 200: businessDateResponseSchema }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => ({
        data: await moveBusinessDate(ctx, request.body.date, auditSource(requireAuth(request))),
      }),
    );

    app.get(
      '/ventures/:ventureId/schedule',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['servicing'],
          summary:
            "A loan's repayment schedule: its owner, admins and the investors holding it (404 for anyone else)",
          params: ventureParams,
          response: responses({ 200: scheduleResponseSchema }, 401, 404),
        },
      },
      async (request) => ({ data: await getSchedule(ctx, requireAuth(request), request.params.ventureId) }),
    );

    app.post(
      '/ventures/my-ventures/:ventureId/repay',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['servicing'],
          summary:
            'The company pays its loan from its platform balance (oldest instalment first: late interest, interest, principal). Optional Idempotency-Key',
          params: ventureParams,
          body: repayBodySchema,
          response: responses({ 201: paymentResponseSchema }, ...WRITE, ...ROLE, 404, 409, 422),
        },
      },
      async (request, reply) => {
        const answer = await repayByCompany(
          ctx,
          requireAuth(request),
          request.params.ventureId,
          request.body,
          readIdempotencyKey(request.headers),
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(answer.body);
      },
    );

    app.post(
      '/ventures/admin/:ventureId/repayments',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary:
            'Record money the company paid outside the platform, allocated and credited like a payment. Optional Idempotency-Key',
          params: ventureParams,
          body: adminRepaymentBodySchema,
          response: responses({ 200: paymentResponseSchema }, ...WRITE, ...ROLE, 404, 409, 422),
        },
      },
      async (request, reply) => {
        const answer = await recordAdminRepayment(
          ctx,
          requireAuth(request),
          request.params.ventureId,
          request.body,
          readIdempotencyKey(request.headers),
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(answer.body);
      },
    );

    app.post(
      '/ventures/admin/:ventureId/default',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary: 'Declare the loan in default (unlikeliness to pay, before 90 days past due)',
          params: ventureParams,
          body: defaultBodySchema,
          response: responses({ 200: loanActionResponseSchema }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) =>
        declareDefault(ctx, requireAuth(request), request.params.ventureId, request.body.reason),
    );

    app.post(
      '/ventures/admin/:ventureId/recoveries',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary: 'Record money recovered on a defaulted loan: amount less costs to the investors pro rata',
          params: ventureParams,
          body: recoveryBodySchema,
          response: responses({ 200: paymentResponseSchema }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => recordRecovery(ctx, requireAuth(request), request.params.ventureId, request.body),
    );

    app.post(
      '/ventures/admin/:ventureId/write-off',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary: 'Write off the outstanding principal: loan and investments written_off (bad debt)',
          params: ventureParams,
          body: writeOffBodySchema,
          response: responses({ 200: loanActionResponseSchema }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) => writeOff(ctx, requireAuth(request), request.params.ventureId, request.body.reason),
    );

    adminListRoute(app, '/admin/servicing', {
      tags: ['servicing'],
      summary:
        'Running and closed loans, most days late first; filters loanStatus (or late), search (title, company)',
      querystring: servicingListQuerySchema,
      response: listOf(servicingRowSchema),
      list: (query) => listServicing(ctx, query),
    });

    app.get(
      '/admin/servicing/:ventureId',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['servicing'],
          summary: "A loan's page: schedule, payments with their allocation, and history",
          params: ventureParams,
          response: responses({ 200: loanDetailResponseSchema }, ...ROLE, 404),
        },
      },
      async (request) => ({ data: await loanDetail(ctx, request.params.ventureId) }),
    );

    app.get(
      '/investments/:investmentId',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['investments'],
          summary:
            "One of the investor's investments with its share of the loan's schedule, what it received, and the loan's history",
          params: investmentParams,
          response: responses({ 200: investmentDetailResponseSchema }, ...ROLE, 404),
        },
      },
      async (request) => ({
        data: await investmentDetail(ctx, requireAuth(request).user.id, request.params.investmentId),
      }),
    );
  };
}
