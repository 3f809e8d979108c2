/**
 * Statements (API contract, "Statements"; issue 28; decisions 0163-0167): the investor's annual
 * statement (PDF, CSV), the transactions of a range (CSV, investors and companies), the investments
 * list (CSV) and the years with activity. Each reads only the caller's own account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annualStatementQuerySchema,
  investmentsExportQuerySchema,
  statementYearsSchema,
  transactionsQuerySchema,
} from '../../../src-shared/contracts/statements';
import type { AppContext } from '../../context';
import { responses, ROLE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { listMine } from '../investments/service';
import { annualCsv, investmentsCsv, transactionsCsv } from './csv';
import { languageOf, PLATFORM_NAME, renderStatementPdf } from './pdf';
import { activityYears, annualStatement, transactionsOf } from './service';

const CSV = 'text/csv; charset=utf-8';
const slug = PLATFORM_NAME.toLowerCase();

export function statementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/statements/years',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['statements'],
          summary:
            'The years with activity on the caller’s account (newest first), its first day and the business date',
          response: responses({ 200: statementYearsSchema }, ...ROLE),
        },
      },
      async (request) => ({ data: await activityYears(ctx, requireAuth(request).user.id) }),
    );

    app.get(
      '/statements/annual',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['statements'],
          summary: 'The investor’s annual statement for a year, as PDF or CSV (attachment)',
          description: [
            'Opening and closing balance, deposits, withdrawals, invested, refunds and revocations, principal, interest and late interest received, service fees, recovered, other movements, and written off (no cash), with an annex per venture. Every figure is the sum of that year’s entries of the investor’s ledger account (1 January to 31 December, UTC, business time); opening + every movement = closing (decisions 0163, 0164).',
            '400 `statements.year_invalid` for a year before 2000 or after the business year, `statements.format_invalid`, `statements.language_invalid`; 404 `statements.no_activity` for a year without any entry or write-off. The PDF is in `lang`, by default the investor’s language.',
          ].join('\n\n'),
          querystring: annualStatementQuerySchema,
          response: responses(
            { 200: z.unknown().describe('application/pdf or text/csv') },
            400,
            ...ROLE,
            404,
          ),
        },
      },
      async (request, reply) => {
        const { year, format, lang } = request.query;
        const statement = await annualStatement(ctx, requireAuth(request).user.id, year);
        const name = `${slug}-annual-statement-${year}.${format}`;
        reply
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store');
        if (format === 'csv') return reply.header('content-type', CSV).send(annualCsv(statement));
        const bytes = await renderStatementPdf(statement, lang ?? languageOf(statement.investor.language));
        return reply.header('content-type', 'application/pdf').send(bytes);
      },
    );

    app.get(
      '/statements/transactions',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['statements'],
          summary: 'Every ledger entry of the caller’s account from `from` to `to` (days, UTC) as CSV',
          description:
            'Oldest first: date, time (UTC), transaction, kind, description, venture, signed amount and balance after. 400 `statements.date_invalid`, `statements.range_invalid` (from after to), `statements.range_too_long` (5 years or more), `statements.format_invalid` (decision 0165).',
          querystring: transactionsQuerySchema,
          response: responses({ 200: z.unknown().describe('text/csv') }, 400, ...ROLE),
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const rows = await transactionsOf(ctx, requireAuth(request).user.id, from, to);
        return reply
          .header('content-type', CSV)
          .header('content-disposition', `attachment; filename="${slug}-transactions-${from}-${to}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(transactionsCsv(rows));
      },
    );

    app.get(
      '/statements/investments',
      {
        onRequest: requireRole('user'),
        schema: {
          tags: ['statements'],
          summary: 'The investor’s investments as CSV (the investments list with its servicing figures)',
          querystring: investmentsExportQuerySchema,
          response: responses({ 200: z.unknown().describe('text/csv') }, 400, ...ROLE),
        },
      },
      async (request, reply) => {
        const rows = await listMine(ctx.db, requireAuth(request).user.id);
        return reply
          .header('content-type', CSV)
          .header(
            'content-disposition',
            `attachment; filename="${slug}-investments-${ctx.clock.today()}.csv"`,
          )
          .header('cache-control', 'private, no-store')
          .send(investmentsCsv(rows));
      },
    );
  };
}
