import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KYC_MAX_FILE_BYTES } from '../../../src-shared/contracts/kyc';
import {
  adminProtectionQuerySchema,
  adminSophisticatedRequestListSchema,
  adminSophisticatedRequestSchema,
  knowledgeQuestionSchema,
  knowledgeTestBodySchema,
  knowledgeTestQuerySchema,
  knowledgeTestResultSchema,
  lossSimulationBodySchema,
  lossSimulationResultSchema,
  protectionDecisionBodySchema,
  protectionHistorySchema,
  protectionProfileSchema,
  riskAcknowledgementBodySchema,
  sophisticatedRequestSchema,
} from '../../../src-shared/contracts/protection';
import { SOPHISTICATED_CRITERIA, SOPHISTICATED_REQUEST_STATUSES } from '../../../src-shared/constants/enums';
import type { AppContext } from '../../context';
import { adminListRoute } from '../../lib/admin-list-route';
import { fileField, readMultipartForm } from '../../lib/multipart';
import { idParam } from '../../lib/params';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { requireAuth, requireRole } from '../../plugins/session';
import {
  acknowledgeRisk,
  decideRequest,
  languageOf,
  listRequests,
  protectionHistory,
  protectionProfile,
  questionsIn,
  readEvidence,
  requestSophisticated,
  simulateLoss,
  takeKnowledgeTest,
} from './service';

const userParams = idParam('userId', 'protection.request_not_found');
const historyParams = idParam('userId', 'user.not_found');
const requestParams = idParam('requestId', 'protection.request_not_found');

const LANG = 'in `lang` (en, de, es, fr), else in the investor’s language, else in English';

/** Investor protection (EU 2020/1503 Art. 21; API contract, "Investor protection"). */
export function protectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const investor = requireRole('user');
    const admin = requireRole('admin');

    app.get(
      '/protection/me',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary:
            'The investor’s protection profile: category, knowledge test, loss simulation, what investing still needs',
          description: [
            'Investing needs a passed knowledge test, or a failed one plus the risk acknowledgement, and a loss simulation (`missing` lists what is left; empty for a sophisticated investor).',
            '`knowledgeTest.status`: `not_taken`, `passed`, `failed` (the latest attempt failed) or `review_due` (the latest attempt is older than 2 years of business time: `validUntil` passed). `warningThreshold` (euros): the higher of EUR 1,000 and 5 % of the latest simulation’s net worth.',
          ].join('\n\n'),
          response: responses({ 200: z.object({ data: protectionProfileSchema }) }, ...ROLE),
        },
      },
      async (request) => ({ data: await protectionProfile(ctx, requireAuth(request).user.id) }),
    );

    app.get(
      '/protection/knowledge-test',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary: `The knowledge test’s questions without their answers, ${LANG}`,
          querystring: knowledgeTestQuerySchema,
          response: responses(
            { 200: z.object({ data: z.object({ questions: z.array(knowledgeQuestionSchema) }) }) },
            400,
            ...ROLE,
          ),
        },
      },
      async (request) => {
        const lang = languageOf(request.query.lang, requireAuth(request).user.language);
        return { data: { questions: questionsIn(lang) } };
      },
    );

    app.post(
      '/protection/knowledge-test',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary: 'Take the knowledge test: every question answered with one of its options',
          description: [
            'Pass: at least 80 % right and no topic without a right answer. Every attempt is kept (a retake is always allowed); the latest counts, for 2 years.',
            `The answer says per question whether it was right, the right option and why, ${LANG}. 400 \`protection.answers_invalid\` (nothing stored) unless every question, and only those, is answered with one of its options.`,
          ].join('\n\n'),
          querystring: knowledgeTestQuerySchema,
          body: knowledgeTestBodySchema,
          response: responses({ 200: z.object({ data: knowledgeTestResultSchema }) }, ...WRITE, ...ROLE),
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const lang = languageOf(request.query.lang, user.language);
        return { data: await takeKnowledgeTest(ctx, user.id, lang, request.body.answers) };
      },
    );

    app.post(
      '/protection/risk-acknowledgement',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary: 'After a failed test: confirm the risk warning (409 unless the latest attempt failed)',
          description:
            'The warning: ‘An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.’ It is stored as shown, in `lang` (default: the language the test was taken in). Confirming the same attempt again answers the first confirmation.',
          querystring: knowledgeTestQuerySchema,
          body: riskAcknowledgementBodySchema,
          response: responses(
            {
              200: z.object({
                message: z.string(),
                data: z.object({ acknowledgedAt: z.string(), text: z.string() }),
              }),
            },
            ...WRITE,
            ...ROLE,
            409,
          ),
        },
      },
      async (request) => {
        const data = await acknowledgeRisk(ctx, requireAuth(request).user.id, request.query.lang);
        return { message: 'Risk warning confirmed.', data };
      },
    );

    app.post(
      '/protection/loss-simulation',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary: 'Simulate the ability to bear loss (euros, 0 or more)',
          description:
            'netWorth = annualIncome + liquidAssets - annualCommitments; capacity = 10 % of it, rounded down to the cent (0 when negative); warningThreshold = the higher of EUR 1,000 and 5 % of netWorth. Each simulation is kept; the latest counts.',
          body: lossSimulationBodySchema,
          response: responses({ 200: z.object({ data: lossSimulationResultSchema }) }, ...WRITE, ...ROLE),
        },
      },
      async (request) => ({ data: await simulateLoss(ctx, requireAuth(request).user.id, request.body) }),
    );

    app.post(
      '/protection/sophisticated-request',
      {
        onRequest: investor,
        schema: {
          tags: ['protection'],
          summary: 'Ask to be treated as a sophisticated investor (Annex II): criteria claimed and evidence',
          description: [
            `Multipart: \`criteria\` (the field repeated, or once as a JSON array; at least two of ${SOPHISTICATED_CRITERIA.join(', ')}) and \`evidence\` (one JPEG, PNG, WebP or PDF file, at most 10 MB, checked by its bytes; stored encrypted).`,
            '409 `protection.request_pending` while a request waits for a decision, `protection.already_sophisticated` once accepted.',
          ].join('\n\n'),
          consumes: ['multipart/form-data'],
          multipart: z.object({
            criteria: z.array(z.enum(SOPHISTICATED_CRITERIA)).describe('At least two; repeat the field'),
            evidence: fileField('JPEG, PNG, WebP or PDF, at most 10 MB'),
          }),
          response: responses(
            { 201: z.object({ message: z.string(), data: sophisticatedRequestSchema }) },
            ...WRITE,
            ...ROLE,
            409,
          ),
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const form = await readMultipartForm(request, {
          limits: { fileSize: KYC_MAX_FILE_BYTES, files: 1, fields: 20 },
          fileFields: ['evidence'],
          notMultipart: 'common.not_multipart',
          fileTooLarge: 'kyc.file_too_large',
        });
        const file = form.files[0];
        const data = await requestSophisticated(
          ctx,
          user.id,
          form.lists.criteria,
          file && { filename: file.filename, bytes: file.bytes },
        );
        return reply.status(201).send({ message: 'Your request was received and will be reviewed.', data });
      },
    );

    adminListRoute(app, '/admin/protection', {
      tags: ['protection'],
      summary: `Requests to be treated as a sophisticated investor, newest first; status one of ${SOPHISTICATED_REQUEST_STATUSES.join(', ')}; search by the investor’s name or e-mail address`,
      querystring: adminProtectionQuerySchema,
      response: adminSophisticatedRequestListSchema,
      list: (query) => listRequests(ctx.db, query),
    });

    app.get(
      '/admin/protection/requests/:requestId/evidence',
      {
        onRequest: admin,
        schema: {
          tags: ['protection'],
          summary: 'A request’s evidence (decrypted), for admins',
          params: requestParams,
          response: responses(
            { 200: z.unknown().describe('The file: image/jpeg, image/png, image/webp or application/pdf') },
            ...ROLE,
            404,
          ),
        },
      },
      async (request, reply) => {
        const evidence = await readEvidence(ctx, request.params.requestId);
        request.log.info(
          { requestId: request.params.requestId, adminId: requireAuth(request).user.id },
          'sophisticated-investor evidence opened',
        );
        return reply
          .header('content-type', evidence.mimeType)
          .header('cache-control', 'no-store')
          .header('content-disposition', contentDisposition(evidence.name, evidence.mimeType))
          .send(evidence.bytes);
      },
    );

    app.patch(
      '/admin/protection/:userId',
      {
        onRequest: admin,
        schema: {
          tags: ['protection'],
          summary:
            'Decide the investor’s pending request: accepted (the investor becomes sophisticated) or rejected, with a reason; the investor is e-mailed',
          description:
            '404 `protection.request_not_found` when no request of that investor waits for a decision.',
          params: userParams,
          body: protectionDecisionBodySchema,
          response: responses(
            { 200: z.object({ message: z.string(), data: adminSophisticatedRequestSchema }) },
            ...WRITE,
            ...ROLE,
            404,
          ),
        },
      },
      async (request) => {
        const data = await decideRequest(ctx, requireAuth(request), request.params.userId, request.body);
        request.log.info(
          { userId: request.params.userId, status: request.body.status },
          'sophisticated-investor decision',
        );
        return { message: 'Updated successfully', data };
      },
    );

    app.get(
      '/admin/protection/:userId/history',
      {
        onRequest: admin,
        schema: {
          tags: ['protection'],
          summary:
            'An investor’s protection history: every test, risk acknowledgement, loss simulation and request, newest first',
          params: historyParams,
          response: responses({ 200: z.object({ data: protectionHistorySchema }) }, ...ROLE, 404),
        },
      },
      async (request) => ({ data: await protectionHistory(ctx.db, request.params.userId) }),
    );
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** `inline` with the investor's file name: an ASCII fallback and the UTF-8 name (RFC 6266, 5987). */
function contentDisposition(name: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType] ?? '';
  const stem = name.replace(/\.[^.]*$/, '');
  const ascii = `${stem.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'evidence'}${extension}`;
  const utf8 = encodeURIComponent(`${stem || 'evidence'}${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
