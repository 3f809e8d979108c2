import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autoInvestBodySchema,
  autoInvestDisclosureSchema,
  autoInvestMatchQuerySchema,
  autoInvestViewSchema,
  mandateSchema,
} from '../../../src-shared/contracts/autoInvest';
import type { AppContext } from '../../context';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { countMatches, disclosure, readAutoInvest, saveMandate } from './service';

/** Auto-invest (EU 2020/1503 Art. 6; API contract, "Auto-invest (Art. 6)"): investors only, like investing. */
export function autoInvestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const investor = requireRole('user');

    app.get(
      '/auto-invest',
      {
        onRequest: investor,
        schema: {
          tags: ['auto-invest'],
          summary:
            'The investor’s auto-invest mandate (null before the first save) and its newest 200 allocations',
          description:
            'Each allocation is `invested` (with the investment and its `revocableUntil`) or `skipped` with its `reason`: `no_balance`, `below_minimum`, `company_cap`, `protection_missing`, `venture_full`.',
          response: responses({ 200: autoInvestViewSchema }, ...ROLE),
        },
      },
      async (request) => readAutoInvest(ctx.db, requireAuth(request).user.id),
    );

    app.put(
      '/auto-invest',
      {
        onRequest: investor,
        schema: {
          tags: ['auto-invest'],
          summary: 'Create or replace the mandate (at least two criteria)',
          description: [
            'Euros; returns in percent a year; periods in months; empty lists and null bounds set no criterion. At least two of: a return range, a period range, risk levels, venture types, countries (400 `auto_invest.criteria_too_few`).',
            'Art. 21(7): a non-sophisticated investor whose `maxPerVenture` is above their warning threshold accepts the risk warning once on the mandate (`acceptWarning: true`), else 409 `auto_invest.warning_required` naming the threshold.',
          ].join('\n\n'),
          body: autoInvestBodySchema,
          response: responses({ 200: z.object({ data: mandateSchema }) }, ...WRITE, ...ROLE, 409),
        },
      },
      async (request) => ({ data: await saveMandate(ctx, requireAuth(request).user.id, request.body) }),
    );

    app.get(
      '/auto-invest/matches',
      {
        onRequest: investor,
        schema: {
          tags: ['auto-invest'],
          summary: 'How many ventures open for investment now match these criteria',
          description: 'The criteria as in the PUT body; lists comma separated (`riskLevels=low,medium`).',
          querystring: autoInvestMatchQuerySchema,
          response: responses(
            { 200: z.object({ data: z.object({ count: z.number().int() }) }) },
            400,
            ...ROLE,
          ),
        },
      },
      async (request) => ({ data: { count: await countMatches(ctx, request.query) } }),
    );

    app.get(
      '/auto-invest/disclosure',
      {
        onRequest: investor,
        schema: {
          tags: ['auto-invest'],
          summary:
            'The portfolio disclosures (Delegated Regulation 2022/2118): weighted average rate, split by risk level, concentration per company',
          description: 'Over the investor’s live investments (invested or completed), manual and automatic.',
          response: responses({ 200: z.object({ data: autoInvestDisclosureSchema }) }, ...ROLE),
        },
      },
      async (request) => ({ data: await disclosure(ctx.db, requireAuth(request).user.id) }),
    );
  };
}
