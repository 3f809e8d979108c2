/**
 * The key investment information sheet's routes (API contract, "Key investment information sheet";
 * EU 2020/1503 Art. 23). The work behind them is service.ts, the PDF pdf.ts (decision 0101).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  kiisDraftSchema,
  kiisFieldsSchema,
  kiisPdfQuerySchema,
  kiisStateSchema,
} from '../../../src-shared/contracts/kiis';
import type { AppContext } from '../../context';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import { clearStatistics } from '../statistics/service';
import { publicTotals } from '../ventures/count-cache';
import { getDraft, kiisPdf, saveDraft } from './service';

const idParams = idParam('ventureId', 'venture.not_found');

/** How long a browser or a shared cache may keep the public sheet (it changes only on approval). */
const PUBLIC_CACHE = 'public, max-age=300';

export function kiisRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ventures/my-ventures/:ventureId/kiis',
      {
        onRequest: requireRole('corporate', 'admin'),
        schema: {
          tags: ['kiis'],
          summary: "A venture's key investment information sheet as its company drafts it (owner, admins)",
          description:
            "`fields` is the company's draft (empty texts and lists before the first save), `missing` the fields approval still needs (in the sheet's order), `publishedAt` when investors' version was published (the venture's last approval), null before. Another company's venture answers 404 `venture.not_found`.",
          params: idParams,
          response: responses({ 200: z.object({ data: kiisDraftSchema }) }, ...ROLE, 404),
        },
      },
      async (request) => ({
        data: await getDraft(ctx, requireAuth(request), request.params.ventureId),
      }),
    );

    app.put(
      '/ventures/my-ventures/:ventureId/kiis',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['kiis'],
          summary: "Save the company's part of the key investment information sheet (its owner only)",
          description: [
            'The whole draft each time; any field may be empty while drafting, and `missing` names what approval still needs: every text, at least one year of key figures (at most the last 3, each year once), at least 2 risks with a description.',
            "The owner may edit it whatever the venture's state, like its texts. Investors keep reading the published version until an admin approves the venture again. A change to a rejected (not cancelled) venture submits it again: adminStatus back to `pending`.",
          ].join('\n\n'),
          params: idParams,
          body: kiisFieldsSchema,
          response: responses({ 200: z.object({ data: kiisStateSchema }) }, ...WRITE, ...ROLE, 404),
        },
      },
      async (request) => {
        const { state, resubmitted } = await saveDraft(
          ctx,
          requireAuth(request),
          request.params.ventureId,
          request.body,
        );
        if (resubmitted) {
          publicTotals(ctx).clear();
          clearStatistics(ctx);
        }
        return { data: state };
      },
    );

    app.get(
      '/ventures/:ventureId/kiis',
      {
        schema: {
          tags: ['kiis'],
          summary:
            'The key investment information sheet as PDF (at most 6 A4 pages; anyone who may see the venture)',
          description: [
            '`lang` (en, de, es, fr; English by default) is the language of the sheet, the regulation’s texts in that language version.',
            "Everyone gets the version published at the venture's last approval. Its owner and admins get the draft instead, marked as a preview, with `preview=true` or while nothing is published. 404 `venture.not_found` as `GET /api/ventures/id/{id}` decides; 404 `kiis.not_available` when there is nothing to show.",
            'Cache-Control: `public, max-age=300` for the published sheet read by anyone else; `private, no-store` for its owner and admins.',
          ].join('\n\n'),
          params: idParams,
          querystring: kiisPdfQuerySchema,
          response: responses({ 200: z.unknown().describe('application/pdf') }, 400, 404),
        },
      },
      async (request, reply) => {
        const { lang = 'en', preview } = request.query;
        const answer = await kiisPdf(ctx, request.auth, request.params.ventureId, lang, preview === 'true');
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${answer.filename}"`)
          .header('cache-control', answer.private ? 'private, no-store' : PUBLIC_CACHE)
          .header('vary', 'Cookie')
          .send(answer.bytes);
      },
    );
  };
}
