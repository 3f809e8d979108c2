import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KYC_FILE_FIELDS,
  KYC_MAX_FILE_BYTES,
  kycAdminDetailSchema,
  kycAdminListQuerySchema,
  kycAdminListSchema,
  kycDecisionBodySchema,
  kycSessionSchema,
  kycSubmissionFieldsSchema,
  myVerificationSchema,
  startVerificationSchema,
  type KycFileField,
} from '../../../src-shared/contracts/kyc';
import { KYC_STATUSES } from '../../../src-shared/constants/enums';
import { adminListRoute } from '../../lib/admin-list-route';
import type { AppContext } from '../../context';
import { responses, ROLE, WRITE } from '../../lib/responses';
import { HttpError } from '../../lib/http-error';
import { isAdminRole, requireAuth, requireRole, requireSignedIn } from '../../plugins/session';
import { verifyWebhookSignature } from './providers';
import {
  applyWebhookEvent,
  decideAsAdmin,
  detailForAdmin,
  getSession,
  listForAdmin,
  myVerification,
  readDocument,
  RECEIVED,
  startVerification,
  submitDocuments,
  type KycUpload,
  type WebhookEvent,
} from './service';
import { fileField, readMultipartForm } from '../../lib/multipart';
import { idParam } from '../../lib/params';
import { safeText } from '../../../src-shared/contracts/input';

const tokenParams = z.object({ token: z.string() });
const userParams = idParam('userId', 'user.not_found');
const FIELD_NAMES = new Set(Object.keys(kycSubmissionFieldsSchema.shape));

const webhookEventSchema = z.object({
  id: safeText(z.string().min(1).max(200)),
  type: z.enum(['verification.submitted', 'verification.approved', 'verification.declined']),
  sessionId: safeText(z.string().min(1).max(200)),
  reason: safeText(z.string().max(1000), { multiline: true }).nullish(),
});

export function kycRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/kyc/my-verification',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['kyc'],
          summary: 'The caller’s identity-verification status (and the reason of a rejection)',
          response: responses({ 200: myVerificationSchema }, ...ROLE),
        },
      },
      async (request) => myVerification(ctx.db, requireAuth(request).user.id),
    );

    app.post(
      '/kyc/start-verification',
      {
        onRequest: requireRole('user', 'corporate'),
        schema: {
          tags: ['kyc'],
          summary:
            'A verification link: the built-in page /kyc/{token} (single use, 2 hours) or the hosted provider’s page',
          response: responses({ 200: startVerificationSchema }, ...WRITE, ...ROLE, 409, 502),
        },
      },
      async (request) => ({
        message: 'Verification link generated!',
        verificationUrl: await startVerification(ctx, requireAuth(request)),
      }),
    );

    app.get(
      '/kyc/session/:token',
      {
        schema: {
          tags: ['kyc'],
          summary: 'Built-in verification page: whose link it is (the token is the credential)',
          params: tokenParams,
          response: responses({ 200: kycSessionSchema }, 404),
        },
      },
      async (request) => getSession(ctx, request.params.token),
    );

    app.post(
      '/kyc/session/:token',
      {
        schema: {
          tags: ['kyc'],
          summary:
            'Built-in verification: multipart fields documentType, dateOfBirth (18+), nationality, address; files documentFront, documentBack (not for a passport), selfie (JPEG, PNG or PDF, 10 MB each). Sets the status to pending.',
          params: tokenParams,
          consumes: ['multipart/form-data'],
          multipart: kycSubmissionFieldsSchema.extend({
            documentFront: fileField('JPEG, PNG or PDF, at most 10 MB'),
            documentBack: fileField('Not for a passport; JPEG, PNG or PDF, at most 10 MB').optional(),
            selfie: fileField('JPEG, PNG or PDF, at most 10 MB'),
          }),
          response: responses(
            { 200: z.object({ message: z.string(), statusInOurSystem: z.literal('pending') }) },
            ...WRITE,
            404,
          ),
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, {
          limits: { fileSize: KYC_MAX_FILE_BYTES, files: KYC_FILE_FIELDS.length, fields: 10 },
          fileFields: KYC_FILE_FIELDS,
          notMultipart: 'kyc.not_multipart',
          fileTooLarge: 'kyc.file_too_large',
        });
        const raw: Record<string, string> = {};
        for (const [name, value] of Object.entries(form.fields)) if (FIELD_NAMES.has(name)) raw[name] = value;
        const uploads: KycUpload[] = form.files.map((f) => ({
          field: f.field as KycFileField,
          bytes: f.bytes,
        }));
        await submitDocuments(ctx, request.params.token, raw, uploads);
        return { message: RECEIVED, statusInOurSystem: 'pending' as const };
      },
    );

    adminListRoute(app, '/kyc/admin', {
      tags: ['kyc'],
      summary: `Verifications to review, one per person (their latest; default: every one that was submitted or decided); status one of ${KYC_STATUSES.join(', ')}; sortBy submittedAt (default) or decidedAt, order asc (default: oldest waiting first) or desc, empty dates last`,
      querystring: kycAdminListQuerySchema,
      response: kycAdminListSchema,
      list: (query) => listForAdmin(ctx.db, query),
    });

    app.get(
      '/kyc/admin/:userId',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['kyc'],
          summary:
            'A person’s latest verification with its details and documents, and every decision on the person (earlier verifications too), oldest first',
          params: userParams,
          response: responses({ 200: z.object({ data: kycAdminDetailSchema }) }, ...ROLE, 404),
        },
      },
      async (request) => {
        return { data: await detailForAdmin(ctx.db, request.params.userId) };
      },
    );

    app.patch(
      '/kyc/admin/:userId',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['kyc'],
          summary:
            'Approve (complete) or reject (reason required) a person’s verification; the person is e-mailed',
          params: userParams,
          body: kycDecisionBodySchema,
          response: responses(
            { 200: z.object({ message: z.string(), data: kycAdminDetailSchema }) },
            ...WRITE,
            ...ROLE,
            404,
            409,
          ),
        },
      },
      async (request) => {
        const data = await decideAsAdmin(ctx, requireAuth(request), request.params.userId, request.body);
        request.log.info({ userId: request.params.userId, status: request.body.status }, 'kyc decision');
        return { message: 'Updated successfully', data };
      },
    );

    app.get(
      '/kyc/admin/documents/:documentId',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['kyc'],
          summary: 'An identity document (decrypted), for admins only; 404 for anyone else',
          params: idParam('documentId', 'kyc.document_not_found'),
          response: responses(
            { 200: z.unknown().describe('The document: image/jpeg, image/png or application/pdf') },
            401,
            404,
          ),
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        // Not an admin: the document does not exist as far as the caller can tell.
        if (!isAdminRole(auth.user.role)) throw new HttpError(404, 'kyc.document_not_found');
        const doc = await readDocument(ctx, request.params.documentId);
        request.log.info(
          { documentId: request.params.documentId, adminId: auth.user.id },
          'kyc document opened',
        );
        return reply
          .header('content-type', doc.mimeType)
          .header('cache-control', 'no-store')
          .header('content-disposition', `inline; filename="${doc.kind}${extensionOf(doc.mimeType)}"`)
          .send(doc.bytes);
      },
    );

    // The hosted provider's webhook reads the raw body: the signature covers its exact bytes.
    await app.register(async (hooks) => {
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 64 * 1024 },
        (_r, body, done) => done(null, body),
      );
      hooks.post(
        '/kyc/webhook',
        {
          schema: {
            tags: ['kyc'],
            summary:
              'Hosted provider’s decisions. Headers X-Kyc-Timestamp (Unix seconds, within 300 s) and X-Kyc-Signature (hex HMAC-SHA256 of "{timestamp}.{raw body}" with KYC_WEBHOOK_SECRET); body { id, type: verification.submitted|approved|declined, sessionId, reason? }; each event id is applied once',
            response: responses({ 200: z.object({ message: z.string() }) }, ...WRITE, 401, 404),
          },
        },
        async (request) => {
          const provider = ctx.config.kycProvider;
          if (provider.name !== 'hosted') throw new HttpError(404, 'kyc.webhook_not_configured');
          const raw = request.body as Buffer | undefined;
          if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'kyc.webhook_body_not_json');
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const check = verifyWebhookSignature(
            provider.webhookSecret,
            header('x-kyc-timestamp'),
            header('x-kyc-signature'),
            raw,
            ctx.now(),
          );
          if (check === 'bad-signature') throw new HttpError(401, 'kyc.webhook_bad_signature');
          if (check === 'stale') throw new HttpError(401, 'kyc.webhook_stale');
          let json: unknown;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            throw new HttpError(400, 'common.invalid_json');
          }
          const event = webhookEventSchema.safeParse(json);
          if (!event.success) throw new HttpError(400, 'kyc.webhook_not_verification_event');
          const result = await applyWebhookEvent(ctx, event.data as WebhookEvent);
          return { message: result === 'applied' ? 'Event applied.' : 'Event already applied.' };
        },
      );
    });
  };
}

function extensionOf(mimeType: string): string {
  return mimeType === 'application/pdf' ? '.pdf' : mimeType === 'image/png' ? '.png' : '.jpg';
}
