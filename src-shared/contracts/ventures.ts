import { z } from 'zod';
import {
  ADMIN_STATUSES,
  LIFECYCLE_STATUSES,
  RISK_LEVELS,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../constants/enums';
import { paginationQuery, paginationSchema } from './common';

/** A venture as the API returns it (spec 3): money in euros, `_id` as its id. */
export const ventureSchema = z.object({
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
  expectedReturn: z.number(),
  investmentPeriod: z.number().int(),
  closingDate: z.string(),
  collateralValue: z.number(),
  loanToValue: z.number(),
  isConvertible: z.boolean(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  lifecycleStatus: z.enum(LIFECYCLE_STATUSES),
  visibility: z.enum(VISIBILITIES),
  adminStatus: z.enum(ADMIN_STATUSES),
  adminNotes: z.string().nullable(),
  adminReviewedAt: z.string().nullable(),
  dateIssued: z.string().nullable(),
  goesLiveAt: z.string().nullable(),
  createdBy: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Venture = z.infer<typeof ventureSchema>;

export const VENTURE_SORT_FIELDS = [
  'createdAt',
  'closingDate',
  'expectedReturn',
  'targetAmount',
  'amountFunded',
] as const;
export const VENTURES_PAGE_SIZE = 9;

export const ventureListQuerySchema = z.object({
  ...paginationQuery(VENTURES_PAGE_SIZE),
  sortBy: z.enum(VENTURE_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});

export const ventureListResponseSchema = z.object({
  data: z.array(ventureSchema),
  pagination: paginationSchema,
});
export const ventureResponseSchema = z.object({ data: ventureSchema });

// ------------------------------------------------------------------------------------------------
// Create and edit (spec 5; contract "Ventures")

/** 'targetAmount' -> 'Target Amount': the spec's required-field message is this plus ' is required'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

const text = (field: string, max: number) =>
  z
    .string({
      error: (iss) =>
        isMissing(iss.input) ? `${fieldLabel(field)} is required` : `${fieldLabel(field)} must be text`,
    })
    .trim()
    .min(1, `${fieldLabel(field)} is required`)
    .max(max, `${fieldLabel(field)} must be at most ${max} characters`);

const number = (field: string) =>
  z.number({
    error: (iss) =>
      isMissing(iss.input) ? `${fieldLabel(field)} is required` : `${fieldLabel(field)} must be a number`,
  });

/** Euros with at most two decimals (a number, never a string). */
const euros = (field: string) =>
  number(field).refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: `${fieldLabel(field)} must have at most two decimals`,
  });

const percent = (field: string) =>
  number(field).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: `${fieldLabel(field)} must have at most two decimals`,
  });

const isoDate = (field: string) =>
  z
    .string({
      error: (iss) =>
        isMissing(iss.input) ? `${fieldLabel(field)} is required` : `${fieldLabel(field)} must be a date`,
    })
    .min(1, `${fieldLabel(field)} is required`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${fieldLabel(field)} must be a date`);

export const ventureFieldSchemas = {
  title: text('title', 200),
  shortDescription: text('shortDescription', 500),
  longDescription: text('longDescription', 20_000),
  collateralDescription: text('collateralDescription', 5_000),
  country: z
    .string({
      error: (iss) => (isMissing(iss.input) ? 'Country is required' : 'Country must be a country code'),
    })
    .trim()
    .toUpperCase()
    .min(1, 'Country is required'),
  ventureType: z.enum(VENTURE_TYPES, {
    error: (iss) =>
      isMissing(iss.input)
        ? 'Venture Type is required'
        : `Venture Type must be one of ${VENTURE_TYPES.join(', ')}`,
  }),
  riskLevel: z.enum(RISK_LEVELS, { error: `Risk Level must be one of ${RISK_LEVELS.join(', ')}` }),
  targetAmount: euros('targetAmount'),
  minInvestmentAmount: euros('minInvestmentAmount'),
  maxInvestmentAmount: euros('maxInvestmentAmount'),
  collateralValue: euros('collateralValue'),
  expectedReturn: percent('expectedReturn'),
  loanToValue: percent('loanToValue'),
  investmentPeriod: number('investmentPeriod').int('Investment Period must be a whole number of months'),
  closingDate: isoDate('closingDate'),
  isConvertible: z.boolean({ error: 'Is Convertible must be true or false' }),
  tags: z
    .array(z.string({ error: 'Tags must be text' }).trim().max(32, 'A tag has at most 32 characters'), {
      error: 'Tags must be a list',
    })
    .transform((tags) => [...new Set(tags.filter(Boolean))])
    .refine((tags) => tags.length <= 20, 'At most 20 tags'),
  visibility: z.enum(VISIBILITIES, { error: `Visibility must be one of ${VISIBILITIES.join(', ')}` }),
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
  loanToValue: f.loanToValue,
  isConvertible: f.isConvertible.optional().default(false),
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
  tags: f.tags.optional(),
  visibility: f.visibility.optional(),
});
export type VentureUpdateBody = z.input<typeof ventureUpdateSchema>;

export const adminStatusUpdateSchema = z.object({
  adminStatus: z.enum(ADMIN_STATUSES, { error: `Admin Status must be one of ${ADMIN_STATUSES.join(', ')}` }),
  adminNotes: z.string().trim().max(5_000).optional().nullable(),
});

export const deleteImageSchema = z.object({
  imageUrl: z.string({ error: 'Image Url is required' }).min(1, 'Image Url is required').max(500),
});

// ------------------------------------------------------------------------------------------------
// List filters (spec 9)

const ALL = ['all', ''] as const;
const enumFilter = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .enum([...values, ...ALL] as [string, ...string[]], {
      error: `${name} must be one of all, ${values.join(', ')}`,
    })
    .optional()
    .transform((v) => (v === undefined || v === 'all' || v === '' ? undefined : (v as T[number])));

export const CLOSING_IN_OPTIONS = ['1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d'] as const;

const positiveNumberFilter = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'all') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive number` });
        return z.NEVER;
      }
      return n;
    });

export const ventureFilterSchema = {
  lifecycleStatus: enumFilter('lifecycleStatus', LIFECYCLE_STATUSES),
  ventureType: enumFilter('ventureType', VENTURE_TYPES),
  riskLevel: enumFilter('riskLevel', RISK_LEVELS),
  isConvertible: enumFilter('isConvertible', ['true', 'false'] as const),
  country: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'all') return undefined;
      if (!/^[A-Za-z]{2}$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'country must be all or a two-letter country code' });
        return z.NEVER;
      }
      return v.toUpperCase();
    }),
  closingIn: enumFilter('closingIn', CLOSING_IN_OPTIONS),
  minInvestment: positiveNumberFilter('minInvestment'),
  expectedReturn: positiveNumberFilter('expectedReturn'),
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
  adminStatus: enumFilter('adminStatus', ADMIN_STATUSES),
  visibility: enumFilter('visibility', VISIBILITIES),
  sortBy: z.enum(VENTURE_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
});
export type AdminVentureListQuery = z.output<typeof adminVentureListQuerySchema>;
