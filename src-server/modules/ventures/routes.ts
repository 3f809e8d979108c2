import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse } from '../../lib/list';
import {
  adminStatusUpdateSchema,
  adminVentureListQuerySchema,
  deleteImageSchema,
  publicVentureListQuerySchema,
  publicVentureListResponseSchema,
  ventureCreateSchema,
  ventureListResponseSchema,
  ventureSchema,
  ventureUpdateSchema,
  ventureViewResponseSchema,
  type Venture,
} from '../../../src-shared/contracts/ventures';
import { companyInvestmentListSchema } from '../../../src-shared/contracts/dashboard';
import { adminListRoute } from '../../lib/admin-list-route';
import type { AppContext } from '../../context';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { notFound } from '../../lib/http-error';
import { requireAuth, requireRole } from '../../plugins/session';
import { addImages, deleteImage, MAX_IMAGE_BYTES, type UploadedFile } from './image-uploads';
import {
  getOwnVenture,
  getVisibleVenture,
  listAllVentures,
  listOwnVentureInvestments,
  listOwnVentures,
  listPublicVentures,
} from './queries';
import { reviewVenture } from './review';
import { createVenture, updateVenture } from './writes';
import { MAX_IMAGES } from '../../../src-shared/rules/venture';
import { publicTotals } from './count-cache';
import { clearStatistics } from '../statistics/service';
import { fileField, readMultipartForm } from '../../lib/multipart';
import { idParam } from '../../lib/params';
import { fastSuccessSerializer } from '../../lib/fast-serializer';

const idParams = idParam('ventureId', 'venture.not_found');
const imagesResponse = z.object({ message: z.string(), images: z.array(z.string()) });
const savedResponse = z.object({ message: z.string(), data: ventureSchema });

/** The answer to an edit or a review; the public list's totals and the statistics are counted again. */
function updatedAnswer(ctx: AppContext, venture: Venture) {
  publicTotals(ctx).clear();
  clearStatistics(ctx);
  return { message: 'Updated successfully', data: venture };
}

/** Submitting for review, in the PATCH route's description (README, Decisions). */
const SUBMIT_RULES = [
  'Submitting for review (README, "Decisions"):',
  '',
  '| The venture | The change | What happens |',
  '|---|---|---|',
  "| new (POST) | - | a draft: visibility `draft`, adminStatus `pending`; the company's work in progress, not waiting for review |",
  '| draft | owner sends `visibility: public` or `private` | "Submit for review": it now waits for review (admin overview, `submitted=true`) |',
  '| not approved | `visibility: draft` | back to draft (withdrawn from review) |',
  "| approved | `visibility: draft` | 409 `venture.approved_no_draft` 'An approved venture cannot go back to draft.' (anyone, admins too) |",
  '| rejected, not cancelled | the owner saves any change | adminStatus back to `pending` (submitted again when not a draft); `adminNotes` kept, so the company still reads the last reason |',
  '| rejected | an admin saves a change | adminStatus unchanged (admins decide through the review call) |',
  "| approved | its company saves texts, tags or terms | nothing goes live: the changed fields wait in `pendingChanges` (merged with a waiting revision; a field set back to its approved value drops out) until an admin decides them with the review call's `revision`; `visibility` still applies at once (decision 0127) |",
  '| approved | an admin saves a change | applied at once |',
].join('\n');

export function ventureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ventures',
      {
        schema: {
          tags: ['ventures'],
          summary: 'Public ventures (approved and public) with the spec 9 filters; newest first, 9 a page',
          description:
            'Each row has every field for its owner and admins; for anyone else only the public fields: no `adminNotes` or `adminReviewedAt`, and `createdBy` is `{ companyName }`.',
          querystring: publicVentureListQuerySchema,
          response: responses({ 200: publicVentureListResponseSchema }, 400),
        },
        // The hot public list: its page written by fast-json-stringify from the same schema.
        serializerCompiler: fastSuccessSerializer(200, publicVentureListResponseSchema),
      },
      async (request) => {
        const { rows, total } = await listPublicVentures(
          ctx.db,
          request.query,
          ctx.now(),
          publicTotals(ctx),
          request.auth,
          ctx.clock.now(),
        );
        return listResponse(rows, request.query, total);
      },
    );

    app.get(
      '/ventures/id/:ventureId',
      {
        schema: {
          tags: ['ventures'],
          summary: 'One venture: public and private approved ones for anyone, any for its owner and admins',
          description:
            'Its owner and admins get every field; anyone else only the public fields: no `adminNotes` or `adminReviewedAt`, and `createdBy` is `{ companyName }` (never a name or an e-mail).',
          params: idParams,
          response: responses({ 200: ventureViewResponseSchema }, 404),
        },
      },
      async (request) => {
        const venture = await getVisibleVenture(
          ctx.db,
          request.params.ventureId,
          request.auth,
          ctx.clock.now(),
        );
        if (!venture) throw notFound('venture.not_found');
        return { data: venture };
      },
    );

    app.post(
      '/ventures',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['ventures'],
          summary: 'Create a venture (draft, coming-soon, pending review)',
          body: ventureCreateSchema,
          response: responses({ 201: savedResponse }, ...WRITE, ...ROLE),
        },
      },
      async (request, reply) => {
        const venture = await createVenture(ctx, requireAuth(request), request.body);
        return reply.status(201).send({ message: 'Venture created!', data: venture });
      },
    );

    app.patch(
      '/ventures/id/:ventureId',
      {
        onRequest: requireRole('corporate', 'admin'),
        schema: {
          tags: ['ventures'],
          summary:
            'Edit a venture (owner or admin). Once approved with investments, only texts, tags and images change (409)',
          description: SUBMIT_RULES,
          params: idParams,
          body: ventureUpdateSchema,
          response: responses({ 200: savedResponse }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) =>
        updatedAnswer(
          ctx,
          await updateVenture(ctx, requireAuth(request), request.params.ventureId, request.body),
        ),
    );

    app.patch(
      '/ventures/id/:ventureId/upload-image',
      {
        onRequest: requireRole('corporate', 'admin'),
        schema: {
          tags: ['ventures'],
          summary: `Add images (multipart field \`images\`; JPEG, PNG or WebP, at most ${MAX_IMAGES} per venture and 10 MB each)`,
          params: idParams,
          consumes: ['multipart/form-data'],
          multipart: z.object({
            images: z.array(fileField('JPEG, PNG or WebP, at most 10 MB')).min(1).max(MAX_IMAGES),
          }),
          response: responses({ 200: imagesResponse }, ...WRITE, ...ROLE, 404),
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, {
          limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES + 1 },
          fileFields: ['images'],
          notMultipart: 'venture.not_multipart',
          fileTooLarge: 'common.file_too_large',
        });
        const files: UploadedFile[] = form.files.map(({ filename, bytes }) => ({ filename, bytes }));
        const images = await addImages(ctx, requireAuth(request), request.params.ventureId, files);
        return { message: 'Images uploaded.', images };
      },
    );

    app.patch(
      '/ventures/:ventureId/delete-image',
      {
        onRequest: requireRole('corporate', 'admin'),
        schema: {
          tags: ['ventures'],
          summary: 'Remove one image of the venture (the relative path it returned)',
          params: idParams,
          body: deleteImageSchema,
          response: responses({ 200: imagesResponse }, ...WRITE, ...ROLE, 404),
        },
      },
      async (request) => {
        const images = await deleteImage(
          ctx,
          requireAuth(request),
          request.params.ventureId,
          request.body.imageUrl,
        );
        return { message: 'Image deleted.', images };
      },
    );

    app.get(
      '/ventures/my-ventures',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['ventures'],
          summary: "The signed-in corporate's own ventures, newest first",
          response: responses({ 200: z.object({ data: z.array(ventureSchema) }) }, ...ROLE),
        },
      },
      async (request) => ({
        data: await listOwnVentures(ctx.db, requireAuth(request).user.id, ctx.clock.now()),
      }),
    );

    app.get(
      '/ventures/my-ventures/:ventureId',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['ventures'],
          summary: "One of the signed-in corporate's own ventures, with every field",
          description:
            "What the corporate app reads a venture with (its page and forms). Another company's venture answers 404 `venture.not_found`, even an approved public one, as does a deleted or unknown one. The fields are those the owner gets from `GET /api/ventures/id/{id}`.",
          params: idParams,
          response: responses({ 200: z.object({ data: ventureSchema }) }, ...ROLE, 404),
        },
      },
      async (request) => {
        const venture = await getOwnVenture(
          ctx.db,
          request.params.ventureId,
          requireAuth(request).user.id,
          ctx.clock.now(),
        );
        if (!venture) throw notFound('venture.not_found');
        return { data: venture };
      },
    );

    app.get(
      '/ventures/my-ventures/:ventureId/investments',
      {
        onRequest: requireRole('corporate'),
        schema: {
          tags: ['ventures'],
          summary: "The investments in one of the signed-in corporate's own ventures, newest first",
          description:
            "Every investment that was not refunded (`invested`, `completed`, `repaid`), newest first: `_id`, `amount` (euros), `status` and `investmentDate` only, never the investor's name, e-mail or id. `count` is how many, `total` their amounts added up (euros). Another company's venture answers 404 `venture.not_found`.",
          params: idParams,
          response: responses({ 200: companyInvestmentListSchema }, ...ROLE, 404),
        },
      },
      async (request) =>
        listOwnVentureInvestments(ctx.db, request.params.ventureId, requireAuth(request).user.id),
    );

    adminListRoute(app, '/ventures/admin-get-all', {
      tags: ['ventures'],
      summary:
        'Every venture for the back office, with filters (10 a page); sortBy createdAt (default), closingDate, expectedReturn, targetAmount, amountFunded, title, adminStatus or lifecycleStatus; order asc or desc (default)',
      description:
        '`submitted=true` keeps the ventures submitted for review (visibility `public` or `private`), `submitted=false` the drafts: `adminStatus=pending&submitted=true` plus `adminStatus=under-review&submitted=true` are the ventures the admin overview counts as awaiting review. `hasRevision=true` keeps the approved ventures whose revision waits for review (decision 0127).',
      querystring: adminVentureListQuerySchema,
      response: ventureListResponseSchema,
      list: (query) => listAllVentures(ctx.db, query, ctx.now(), ctx.clock.now()),
    });

    app.patch(
      '/ventures/admin/:ventureId/admin-status-update',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['ventures'],
          summary: 'Review a venture; approving sets goesLiveAt and opens a coming-soon venture (new)',
          description: [
            'One rule table (src-shared/rules/venture.ts `REVIEW_RULES`):',
            '- approve: `goesLiveAt` and `dateIssued` now unless set; `coming-soon` -> `new` (open for investment);',
            '- an approved venture without money sent back to `pending`/`under-review` or `rejected`: `new` -> `coming-soon`, `goesLiveAt` cleared;',
            '- once money is in it (an investment not refunded, or funded/repaid): any change away from `approved` answers 409 `venture.review_locked_with_money`;',
            '- a cancelled venture: 409 `venture.review_cancelled`;',
            '- `rejected` needs non-empty `adminNotes`: 400 `venture.reject_notes_required` on `adminNotes`;',
            '- the same status again: 200, only the notes (when sent) and `adminReviewedAt` change;',
            '- `revision: approve` (with `adminStatus: approved`) applies the waiting revision (`pendingChanges`) in one transaction: validated again, 409 `venture.frozen_terms` if it changes money terms and investments came in meanwhile, the KIIS published again; `revision: reject` discards it and needs `adminNotes` (kept for the company; `revisionStatus` becomes `rejected`). The venture stays approved and live. No revision waiting: 409 `revision.none_pending`; another `adminStatus`: 400 `revision.keeps_approved` (decision 0127);',
            '- while a revision waits, moving the venture away from `approved` answers 409 `revision.pending` (decide the revision first).',
          ].join('\n'),
          params: idParams,
          body: adminStatusUpdateSchema,
          response: responses({ 200: savedResponse }, ...WRITE, ...ROLE, 404, 409),
        },
      },
      async (request) =>
        updatedAnswer(
          ctx,
          await reviewVenture(ctx, requireAuth(request), request.params.ventureId, request.body),
        ),
    );
  };
}
