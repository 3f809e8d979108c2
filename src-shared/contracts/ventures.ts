import { z } from 'zod';
import {
  ADMIN_STATUSES,
  LIFECYCLE_STATUSES,
  LOAN_STATUSES,
  REPAYMENT_FREQUENCIES,
  REPAYMENT_TYPES,
  RISK_LEVELS,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../constants/enums';
import type { ErrorCode } from '../errors';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../rules/venture';
import { listOf, paginationQuery } from './common';
import { maxEuros, safeText, textProblem } from './input';

/**
 * A venture as anyone may see it (spec 3; the contract's privacy rule under "Ventures"): money in
 * euros, `_id` as its id, no review notes, and the creator reduced to the company's name (never a
 * person's name or e-mail). Visitors, investors and other corporates get this shape; the response
 * serializer drops every field it does not list.
 */
export const publicVentureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  collateralDescription: z.string(),
  country: z.string(),
  ventureType: z.enum(VENTURE_TYPES),
  riskLevel: z.enum(RISK_LEVELS),
  minInvestmentAmount: z.number(),
  maxInvestmentAmount: z.number(),
  targetAmount: z.number(),
  amountFunded: z.number(),
  /** How many people hold an investment in it (refunded and revoked ones left out; issue 30). */
  investorCount: z.number().int(),
  expectedReturn: z.number(),
  investmentPeriod: z.number().int(),
  closingDate: z.string(),
  collateralValue: z.number(),
  loanToValue: z.number(),
  isConvertible: z.boolean(),
  /** The loan's repayment terms (API contract, "Loan servicing"). */
  repaymentType: z.enum(REPAYMENT_TYPES),
  repaymentFrequency: z.enum(REPAYMENT_FREQUENCIES),
  /** Interest-only periods at the start of the schedule. */
  gracePeriods: z.number().int(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  lifecycleStatus: z.enum(LIFECYCLE_STATUSES),
  visibility: z.enum(VISIBILITIES),
  adminStatus: z.enum(ADMIN_STATUSES),
  dateIssued: z.string().nullable(),
  goesLiveAt: z.string().nullable(),
  /** The company (users.company_name of the corporate account); null if it gave none. */
  createdBy: z.object({ companyName: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicVenture = z.infer<typeof publicVentureSchema>;

/** The fields an approved venture's revision may propose (decision 0127): texts, tags and terms;
 * not `visibility` (applied at once), not images (their own routes). */
export const REVISABLE_FIELDS = [
  'title',
  'shortDescription',
  'longDescription',
  'collateralDescription',
  'country',
  'ventureType',
  'riskLevel',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'collateralValue',
  'loanToValue',
  'isConvertible',
  'repaymentType',
  'repaymentFrequency',
  'gracePeriods',
  'tags',
] as const;
export type RevisableField = (typeof REVISABLE_FIELDS)[number];
export const REVISION_STATUSES = ['pending', 'rejected'] as const;
export const REVISION_DECISIONS = ['approve', 'reject'] as const;

/** A proposed revision: any of the revisable fields, as the API answers them. */
export const pendingChangesSchema = publicVentureSchema
  .pick(Object.fromEntries(REVISABLE_FIELDS.map((f) => [f, true])) as Record<RevisableField, true>)
  .partial();
export type PendingChanges = z.infer<typeof pendingChangesSchema>;

/** A venture with every field: what its owner and admins get (review notes, the creator's person). */
export const ventureSchema = publicVentureSchema.extend({
  adminNotes: z.string().nullable(),
  adminReviewedAt: z.string().nullable(),
  /** Set when an admin (or the closing-date job) cancelled the venture and refunded its investors. */
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The euros still revocable in their reflection period (EU 2020/1503 Art. 22): 0 when none. */
  revocableAmount: z.number(),
  /** The end of the last reflection period still open (ISO), or null: the loan waits until then. */
  revocableUntil: z.string().nullable(),
  /** The loan's status once it started (the escrow paid out, API contract "Loan servicing"), else
   * null: with the other fields, the corporate status of src-shared/rules/ventureStatus.ts. */
  loanStatus: z.enum(LOAN_STATUSES).nullable(),
  createdBy: z.object({
    companyName: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  /** An approved venture's edits by its company awaiting review (decision 0127): only the changed
   * fields with their proposed values, in the API's units; null when none waits. Never public. */
  pendingChanges: pendingChangesSchema.nullable(),
  /** When the waiting (or the last rejected) revision was last proposed (ISO), or null. */
  pendingChangesAt: z.string().nullable(),
  /** `pending`: a revision waits for review; `rejected`: the last one was rejected (its reason in
   * `adminNotes`) and nothing newer waits; null: no revision, or the last one was approved. */
  revisionStatus: z.enum(REVISION_STATUSES).nullable(),
});
export type Venture = z.infer<typeof ventureSchema>;

/**
 * What a route that may answer anyone sends: the full record to its owner and admins, the public
 * one to everyone else. The full schema comes first, so a full record keeps its fields and a public
 * one (which lacks `adminNotes`) is read by the second.
 */
export const ventureViewSchema = z.union([ventureSchema, publicVentureSchema]);
export type VentureView = z.infer<typeof ventureViewSchema>;

export const VENTURE_SORT_FIELDS = [
  'createdAt',
  'closingDate',
  'expectedReturn',
  'targetAmount',
  'amountFunded',
] as const;
/** The admin list also sorts by title and by its two statuses (its sortable columns). */
export const ADMIN_VENTURE_SORT_FIELDS = [
  ...VENTURE_SORT_FIELDS,
  'title',
  'adminStatus',
  'lifecycleStatus',
] as const;
export type AdminVentureSortField = (typeof ADMIN_VENTURE_SORT_FIELDS)[number];
export const VENTURES_PAGE_SIZE = 9;

export const ventureListQuerySchema = z.object({
  ...paginationQuery(VENTURES_PAGE_SIZE),
  sortBy: z.enum(VENTURE_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});

/** GET /api/ventures: each row full for its owner and admins, public for everyone else. */
export const publicVentureListResponseSchema = listOf(ventureViewSchema);
/** GET /api/ventures/admin-get-all (admins): full rows. */
export const ventureListResponseSchema = listOf(ventureSchema);
/** GET /api/ventures/id/{id}: full for its owner and admins, public for everyone else. */
export const ventureViewResponseSchema = z.object({ data: ventureViewSchema });

// ------------------------------------------------------------------------------------------------
// Create and edit (spec 5; contract "Ventures")

// Validation messages are error codes (src-shared/errors.ts); the server's error handler sends each
// as `codes[field]` with its English text in `errors[field]` ('{{field}} is required' names the
// field: 'Target Amount is required').
export { fieldLabel } from '../errors';

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

const required: ErrorCode = 'venture.field_required';

/** A title is one line; the descriptions keep their line breaks. */
const text = (max: 200 | 500 | 5_000 | 20_000) =>
  safeText(
    z
      .string({ error: (iss) => (isMissing(iss.input) ? required : 'venture.field_not_text') })
      .trim()
      .min(1, required)
      .max(max, `venture.field_too_long_${max}` satisfies ErrorCode),
    { multiline: max > 200 },
  );

const number = () =>
  z.number({ error: (iss) => (isMissing(iss.input) ? required : 'venture.field_not_number') });

const twoDecimals = (v: number) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Euros with at most two decimals (a number, never a string), at most MAX_EUROS (checked first). */
const euros = () => maxEuros(number()).refine(twoDecimals, { message: 'venture.field_two_decimals' });

const percent = () => number().refine(twoDecimals, { message: 'venture.field_two_decimals' });

const isoDate = () =>
  z
    .string({ error: (iss) => (isMissing(iss.input) ? required : 'venture.field_not_date') })
    .min(1, required)
    // A control or invisible character makes no date (finding 11: Date.parse reads '2027-03-01\u0000').
    .refine((v) => textProblem(v) === null, { message: 'venture.field_not_date', abort: true })
    // Years 1900..9999: a later date's ISO text is '+275760-09-13T...', which PostgreSQL cannot read.
    .refine((v) => {
      const time = Date.parse(v);
      return !Number.isNaN(time) && new Date(time).getUTCFullYear() <= 9999 && time >= Date.UTC(1900, 0, 1);
    }, 'venture.field_not_date');

export const ventureFieldSchemas = {
  title: text(200),
  shortDescription: text(500),
  longDescription: text(20_000),
  collateralDescription: text(5_000),
  country: z
    .string({ error: (iss) => (isMissing(iss.input) ? required : 'venture.country_not_code') })
    .trim()
    .toUpperCase()
    .min(1, required),
  ventureType: z.enum(VENTURE_TYPES, {
    error: (iss) => (isMissing(iss.input) ? required : 'venture.type_invalid'),
  }),
  riskLevel: z.enum(RISK_LEVELS, { error: 'venture.risk_invalid' }),
  targetAmount: euros(),
  minInvestmentAmount: euros(),
  maxInvestmentAmount: euros(),
  collateralValue: euros(),
  expectedReturn: percent(),
  loanToValue: percent(),
  investmentPeriod: number().int('venture.period_whole_months'),
  closingDate: isoDate(),
  isConvertible: z.boolean({ error: 'venture.convertible_not_boolean' }),
  repaymentType: z.enum(REPAYMENT_TYPES, { error: 'venture.repayment_type_invalid' }),
  repaymentFrequency: z.enum(REPAYMENT_FREQUENCIES, { error: 'venture.repayment_frequency_invalid' }),
  gracePeriods: number().int('venture.grace_too_long'),
  tags: z
    .array(
      safeText(
        z.string({ error: 'venture.tags_not_text' }).trim().max(MAX_TAG_LENGTH, 'venture.tag_too_long'),
      ),
      { error: 'venture.tags_not_list' },
    )
    .transform((tags) => [...new Set(tags.filter(Boolean))])
    .refine((tags) => tags.length <= MAX_TAGS, 'venture.too_many_tags'),
  visibility: z.enum(VISIBILITIES, { error: 'venture.visibility_invalid' }),
};

const f = ventureFieldSchemas;

/** POST /api/ventures: spec 5's required fields; riskLevel defaults to medium. The server sets
 * visibility draft, lifecycle coming-soon and review pending whatever the body says. */
export const ventureCreateSchema = z.object({
  title: f.title,
  shortDescription: f.shortDescription,
  longDescription: f.longDescription,
  collateralDescription: f.collateralDescription,
  country: f.country,
  ventureType: f.ventureType,
  riskLevel: f.riskLevel.optional().default('medium'),
  targetAmount: f.targetAmount,
  expectedReturn: f.expectedReturn,
  investmentPeriod: f.investmentPeriod,
  closingDate: f.closingDate,
  minInvestmentAmount: f.minInvestmentAmount,
  maxInvestmentAmount: f.maxInvestmentAmount,
  collateralValue: f.collateralValue,
  /** Computed by the server (target ÷ collateral value); a value sent must match it within 0.01
   * (400 `venture.ltv_mismatch`, decision 0202). */
  loanToValue: f.loanToValue.optional(),
  isConvertible: f.isConvertible.optional().default(false),
  repaymentType: f.repaymentType.optional().default('bullet'),
  repaymentFrequency: f.repaymentFrequency.optional().default('monthly'),
  gracePeriods: f.gracePeriods.optional().default(0),
  tags: f.tags.optional().default([]),
});
export type VentureCreateBody = z.input<typeof ventureCreateSchema>;

/** PATCH /api/ventures/id/{id}: any subset; a field that is sent must be valid (spec 5 edit rules). */
export const ventureUpdateSchema = z.object({
  title: f.title.optional(),
  shortDescription: f.shortDescription.optional(),
  longDescription: f.longDescription.optional(),
  collateralDescription: f.collateralDescription.optional(),
  country: f.country.optional(),
  ventureType: f.ventureType.optional(),
  riskLevel: f.riskLevel.optional(),
  targetAmount: f.targetAmount.optional(),
  expectedReturn: f.expectedReturn.optional(),
  investmentPeriod: f.investmentPeriod.optional(),
  closingDate: f.closingDate.optional(),
  minInvestmentAmount: f.minInvestmentAmount.optional(),
  maxInvestmentAmount: f.maxInvestmentAmount.optional(),
  collateralValue: f.collateralValue.optional(),
  loanToValue: f.loanToValue.optional(),
  isConvertible: f.isConvertible.optional(),
  repaymentType: f.repaymentType.optional(),
  repaymentFrequency: f.repaymentFrequency.optional(),
  gracePeriods: f.gracePeriods.optional(),
  tags: f.tags.optional(),
  visibility: f.visibility.optional(),
});
export type VentureUpdateBody = z.input<typeof ventureUpdateSchema>;

export const adminStatusUpdateSchema = z.object({
  adminStatus: z.enum(ADMIN_STATUSES, { error: 'venture.admin_status_invalid' }),
  adminNotes: safeText(
    z
      .string({ error: 'venture.field_not_text' })
      .trim()
      .max(5_000, 'venture.field_too_long_5000' satisfies ErrorCode),
    { multiline: true },
  )
    .optional()
    .nullable(),
  /** Decides the waiting revision of an approved venture (decision 0127): `approve` applies it,
   * `reject` discards it (notes required); `adminStatus` must then be `approved`. */
  revision: z.enum(REVISION_DECISIONS, { error: 'revision.decision_invalid' }).optional(),
});

export const deleteImageSchema = z.object({
  imageUrl: z.string({ error: required }).min(1, required).max(500),
});

// ------------------------------------------------------------------------------------------------
// List filters (spec 9)

const ALL = ['all', ''] as const;
const enumFilter = <T extends readonly [string, ...string[]]>(code: ErrorCode, values: T) =>
  z
    .enum([...values, ...ALL] as [string, ...string[]], { error: code })
    .optional()
    .transform((v) => (v === undefined || v === 'all' || v === '' ? undefined : (v as T[number])));

export const CLOSING_IN_OPTIONS = ['1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d'] as const;

const positiveNumberFilter = (code: ErrorCode) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'all') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: code });
        return z.NEVER;
      }
      return n;
    });

export const ventureFilterSchema = {
  lifecycleStatus: enumFilter('venture.filter_lifecycle_status', LIFECYCLE_STATUSES),
  ventureType: enumFilter('venture.filter_venture_type', VENTURE_TYPES),
  riskLevel: enumFilter('venture.filter_risk_level', RISK_LEVELS),
  isConvertible: enumFilter('venture.filter_is_convertible', ['true', 'false'] as const),
  country: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'all') return undefined;
      if (!/^[A-Za-z]{2}$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'venture.filter_country' });
        return z.NEVER;
      }
      return v.toUpperCase();
    }),
  closingIn: enumFilter('venture.filter_closing_in', CLOSING_IN_OPTIONS),
  minInvestment: positiveNumberFilter('venture.filter_min_investment'),
  expectedReturn: positiveNumberFilter('venture.filter_expected_return'),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
};

export const publicVentureListQuerySchema = z.object({
  ...ventureListQuerySchema.shape,
  ...ventureFilterSchema,
});
export type PublicVentureListQuery = z.output<typeof publicVentureListQuerySchema>;

export const adminVentureListQuerySchema = z.object({
  ...paginationQuery(10),
  ...ventureFilterSchema,
  adminStatus: enumFilter('venture.filter_admin_status', ADMIN_STATUSES),
  visibility: enumFilter('venture.filter_visibility', VISIBILITIES),
  /** `true`: submitted for review (visibility public or private); `false`: drafts. The admin
   * overview's waiting ventures are `submitted=true` with `adminStatus` pending or under-review. */
  submitted: enumFilter('venture.filter_submitted', ['true', 'false'] as const),
  /** `true`: an approved venture's revision waits for review (decision 0127); `false`: none waits. */
  hasRevision: enumFilter('revision.filter_has_revision', ['true', 'false'] as const),
  sortBy: z.enum(ADMIN_VENTURE_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});
export type AdminVentureListQuery = z.output<typeof adminVentureListQuerySchema>;
