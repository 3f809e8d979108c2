/**
 * Auto-invest (EU 2020/1503 Art. 6: individual portfolio management of loans; Delegated Regulation
 * 2022/2118 on the disclosures; API contract, "Auto-invest (Art. 6)"). Money in euros in the API,
 * integer cents on the server; rates in percent a year; periods in months.
 */
import { z } from 'zod';
import { RISK_LEVELS, VENTURE_TYPES } from '../constants/enums';
import { eurosToCents } from '../money';
import { maxEuros } from './input';

/** Why the engine skipped a mandate for a venture (each one shown to the investor, translated). */
export const AUTO_INVEST_SKIP_REASONS = [
  'no_balance',
  'below_minimum',
  'company_cap',
  'protection_missing',
  'venture_full',
] as const;
export type AutoInvestSkipReason = (typeof AUTO_INVEST_SKIP_REASONS)[number];

/** A company takes at most this share of a mandate's budget (Art. 6(2) diversification, the contract). */
export const COMPANY_CAP_PERCENT = 10n;
/** Art. 6: a mandate needs at least this many criteria (return, period, risk, type, country). */
export const MIN_CRITERIA = 2;

const euros = (code: 'auto_invest.budget_invalid' | 'auto_invest.max_per_venture_invalid') =>
  maxEuros(z.number({ error: code })).refine((v) => v > 0 && eurosToCents(v) !== null, code);

const percent = z
  .number({ error: 'auto_invest.return_invalid' })
  .min(0, 'auto_invest.return_invalid')
  .max(100, 'auto_invest.return_invalid')
  .nullable()
  .optional();
const months = z
  .number({ error: 'auto_invest.period_invalid' })
  .int('auto_invest.period_invalid')
  .min(1, 'auto_invest.period_invalid')
  .max(360, 'auto_invest.period_invalid')
  .nullable()
  .optional();
const countryCode = z
  .string({ error: 'auto_invest.country_invalid' })
  .regex(/^[A-Za-z]{2}$/, 'auto_invest.country_invalid')
  .transform((c) => c.toUpperCase());

/** The criteria of a mandate (shared by the PUT body and the match-count query). */
export const autoInvestCriteriaSchema = z.object({
  minReturn: percent,
  maxReturn: percent,
  minPeriod: months,
  maxPeriod: months,
  riskLevels: z
    .array(z.enum(RISK_LEVELS, { error: 'auto_invest.risk_invalid' }))
    .max(3)
    .default([]),
  ventureTypes: z
    .array(z.enum(VENTURE_TYPES, { error: 'auto_invest.type_invalid' }))
    .max(4)
    .default([]),
  countries: z.array(countryCode).max(60).default([]),
});
export type AutoInvestCriteria = z.infer<typeof autoInvestCriteriaSchema>;

/** How many criteria a mandate sets: a return bound, a period bound, risk levels, types, countries. */
export function criteriaCount(c: Partial<AutoInvestCriteria>): number {
  return [
    c.minReturn != null || c.maxReturn != null,
    c.minPeriod != null || c.maxPeriod != null,
    (c.riskLevels?.length ?? 0) > 0,
    (c.ventureTypes?.length ?? 0) > 0,
    (c.countries?.length ?? 0) > 0,
  ].filter(Boolean).length;
}

/** PUT /api/auto-invest */
export const autoInvestBodySchema = autoInvestCriteriaSchema
  .extend({
    active: z.boolean({ error: 'auto_invest.active_invalid' }),
    budget: euros('auto_invest.budget_invalid'),
    maxPerVenture: euros('auto_invest.max_per_venture_invalid'),
    /** Art. 21(7): a non-sophisticated investor accepts, once on the mandate, the risk warning for
     * tickets above their warning threshold. */
    acceptWarning: z.boolean({ error: 'auto_invest.accept_warning_invalid' }).optional(),
  })
  .superRefine((b, issue) => {
    if (criteriaCount(b) < MIN_CRITERIA)
      issue.addIssue({ code: 'custom', message: 'auto_invest.criteria_too_few', path: ['riskLevels'] });
    if (b.maxPerVenture > b.budget)
      issue.addIssue({ code: 'custom', message: 'auto_invest.max_above_budget', path: ['maxPerVenture'] });
    if (b.minReturn != null && b.maxReturn != null && b.minReturn > b.maxReturn)
      issue.addIssue({ code: 'custom', message: 'auto_invest.return_range_invalid', path: ['maxReturn'] });
    if (b.minPeriod != null && b.maxPeriod != null && b.minPeriod > b.maxPeriod)
      issue.addIssue({ code: 'custom', message: 'auto_invest.period_range_invalid', path: ['maxPeriod'] });
  });
export type AutoInvestBody = z.input<typeof autoInvestBodySchema>;

/** GET /api/auto-invest/matches: the same criteria as a query string (lists comma separated). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(item).max(60).default([]),
  );
const num = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), schema);
export const autoInvestMatchQuerySchema = z.object({
  minReturn: num(percent),
  maxReturn: num(percent),
  minPeriod: num(months),
  maxPeriod: num(months),
  riskLevels: list(z.enum(RISK_LEVELS, { error: 'auto_invest.risk_invalid' })),
  ventureTypes: list(z.enum(VENTURE_TYPES, { error: 'auto_invest.type_invalid' })),
  countries: list(countryCode),
});

export const mandateSchema = z.object({
  _id: z.string(),
  active: z.boolean(),
  budget: z.number(),
  /** What the mandate's live auto investments hold (revoked and refunded ones excluded). */
  invested: z.number(),
  maxPerVenture: z.number(),
  minReturn: z.number().nullable(),
  maxReturn: z.number().nullable(),
  minPeriod: z.number().nullable(),
  maxPeriod: z.number().nullable(),
  riskLevels: z.array(z.enum(RISK_LEVELS)),
  ventureTypes: z.array(z.enum(VENTURE_TYPES)),
  countries: z.array(z.string()),
  /** Art. 21(7): when the warning was accepted on the mandate, and the threshold then shown. */
  warningAcceptedAt: z.string().nullable(),
  warningThreshold: z.number().nullable(),
  /** The fair order's key: when the mandate last got an allocation or was activated. */
  waitingSince: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Mandate = z.infer<typeof mandateSchema>;

export const allocationSchema = z.object({
  _id: z.string(),
  venture: z.object({ _id: z.string(), title: z.string() }),
  outcome: z.enum(['invested', 'skipped']),
  reason: z.enum(AUTO_INVEST_SKIP_REASONS).nullable(),
  amount: z.number(),
  investmentId: z.string().nullable(),
  revocableUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const autoInvestViewSchema = z.object({
  data: mandateSchema.nullable(),
  allocations: z.array(allocationSchema),
});
export type AutoInvestView = z.infer<typeof autoInvestViewSchema>;

/** The disclosures of Delegated Regulation 2022/2118 the screen shows, from the investor's live investments. */
export const autoInvestDisclosureSchema = z.object({
  /** Percent a year, weighted by the amounts invested (0 without investments). */
  weightedAverageRate: z.number(),
  total: z.number(),
  byRisk: z.array(z.object({ riskLevel: z.enum(RISK_LEVELS), amount: z.number(), share: z.number() })),
  byCompany: z.array(
    z.object({ companyId: z.string(), company: z.string(), amount: z.number(), share: z.number() }),
  ),
});
export type AutoInvestDisclosure = z.infer<typeof autoInvestDisclosureSchema>;
