import { z } from 'zod';
import { KYC_STATUSES } from '../constants/enums';
import { NATIONALITY_CODES } from '../constants/nationalities';
import { listOf, paginationQuery } from './common';
import { safeText } from './input';
import { KYC_DOCUMENT_TYPES, KYC_FILE_FIELDS } from '../constants/kyc';

export * from '../constants/kyc';

export const myVerificationSchema = z.object({
  statusInOurSystem: z.enum(KYC_STATUSES),
  /** Why the last verification was rejected (only when rejected). */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type MyVerification = z.infer<typeof myVerificationSchema>;

export const startVerificationSchema = z.object({ message: z.string(), verificationUrl: z.string() });

/** GET /api/kyc/session/{token}: what the built-in verification page shows before the upload. */
export const kycSessionSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  expiresAt: z.string(),
  documentTypes: z.array(z.enum(KYC_DOCUMENT_TYPES)),
});
export type KycSession = z.infer<typeof kycSessionSchema>;

/** Text fields of the multipart POST /api/kyc/session/{token}. */
export const kycSubmissionFieldsSchema = z.object({
  documentType: z.enum(KYC_DOCUMENT_TYPES, { error: 'kyc.document_type_required' }),
  dateOfBirth: z
    .string({ error: 'kyc.date_of_birth_required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'kyc.date_of_birth_format')
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'kyc.date_of_birth_format',
    ),
  nationality: z.enum(NATIONALITY_CODES, { error: 'kyc.nationality_required' }),
  address: safeText(
    z
      .string({ error: 'kyc.address_required' })
      .trim()
      .min(5, 'kyc.address_required')
      .max(300, 'kyc.address_too_long'),
    { multiline: true },
  ),
});
export type KycSubmissionFields = z.infer<typeof kycSubmissionFieldsSchema>;

export const kycDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(KYC_FILE_FIELDS),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Authenticated admin-only download: GET /api/kyc/admin/documents/{id}. */
  url: z.string(),
});

export const kycDecisionSchema = z.object({
  status: z.enum(['complete', 'rejected']),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  decidedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
});

const personSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const kycAdminRowSchema = z.object({
  id: z.string(),
  user: personSchema,
  status: z.enum(KYC_STATUSES),
  provider: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type KycAdminRow = z.infer<typeof kycAdminRowSchema>;

export const kycAdminDetailSchema = kycAdminRowSchema.extend({
  user: personSchema.extend({ role: z.string(), kycStatus: z.enum(KYC_STATUSES) }),
  documentType: z.enum(KYC_DOCUMENT_TYPES).nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  address: z.string().nullable(),
  documents: z.array(kycDocumentSchema),
  decisions: z.array(kycDecisionSchema),
});
export type KycAdminDetail = z.infer<typeof kycAdminDetailSchema>;

/** The admin list's sort columns; the default is the review queue: oldest submission first. */
export const KYC_SORT_FIELDS = ['submittedAt', 'decidedAt'] as const;

export const kycAdminListQuerySchema = z.object({
  status: z.enum(KYC_STATUSES, { error: 'kyc.status_unknown' }).optional(),
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(KYC_SORT_FIELDS, { error: 'kyc.sort_by_unknown' }).default('submittedAt'),
  order: z.enum(['asc', 'desc'], { error: 'common.sort_order_invalid' }).default('asc'),
  ...paginationQuery(10),
});
export type KycAdminListQuery = z.output<typeof kycAdminListQuerySchema>;

export const kycAdminListSchema = listOf(kycAdminRowSchema);

export const kycDecisionBodySchema = z
  .object({
    status: z.enum(['complete', 'rejected'], { error: 'kyc.decision_invalid' }),
    reason: safeText(z.string().trim().max(1000, 'common.reason_too_long'), { multiline: true })
      .optional()
      .nullable(),
  })
  .refine((b) => b.status !== 'rejected' || (b.reason ?? '').length > 0, {
    message: 'kyc.reason_required',
    path: ['reason'],
  });
