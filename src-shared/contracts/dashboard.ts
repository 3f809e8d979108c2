import { z } from 'zod';
import { investmentSchema } from './money';
import { monthAmountSchema } from './overview';

/**
 * One investment into a company's venture as the company sees it: amount, status and date, never
 * the investor (no name, e-mail or id). GET /api/ventures/my-ventures/{id}/investments.
 */
export const companyInvestmentSchema = investmentSchema.pick({
  _id: true,
  amount: true,
  status: true,
  investmentDate: true,
});
export type CompanyInvestment = z.infer<typeof companyInvestmentSchema>;

/** GET /api/ventures/my-ventures/{id}/investments: every investment not refunded, newest first. */
export const companyInvestmentListSchema = z.object({
  data: z.array(companyInvestmentSchema),
  /** How many investments `data` holds. */
  count: z.number().int(),
  /** Their amounts added up, in euros. */
  total: z.number(),
});
export type CompanyInvestmentList = z.infer<typeof companyInvestmentListSchema>;

/** One of the newest investments into the company's ventures (the dashboard's list), naming the venture. */
export const recentCompanyInvestmentSchema = companyInvestmentSchema.extend({
  ventureId: z.string(),
  ventureTitle: z.string(),
});
export type RecentCompanyInvestment = z.infer<typeof recentCompanyInvestmentSchema>;

/**
 * The company's ventures by state. Each venture that is not deleted counts in exactly one of
 * these, the first that applies: `cancelled`; `rejected`; `funded`; `repaid`; `live` (approved,
 * `new` or `coming-soon`); `draft` (visibility draft); `pendingReview` (submitted: pending or
 * under-review and not a draft).
 */
export const corporateVentureCountsSchema = z.object({
  draft: z.number().int(),
  pendingReview: z.number().int(),
  live: z.number().int(),
  funded: z.number().int(),
  repaid: z.number().int(),
  rejected: z.number().int(),
  /** Cancelled by an admin or at the closing date (their investors refunded). */
  cancelled: z.number().int(),
});
export type CorporateVentureCounts = z.infer<typeof corporateVentureCountsSchema>;

/** GET /api/dashboard/corporate (contract, "Dashboards"): the signed-in company's figures, euros. */
export const corporateDashboardSchema = z.object({
  firstName: z.string(),
  /** When this account last signed in (ISO), null if never. */
  lastLoginAt: z.string().nullable(),
  /** The company's own ledger balance. */
  balance: z.number(),
  ventures: corporateVentureCountsSchema,
  /** `amountFunded` of the company's ventures added up. */
  raised: z.number(),
  /** `targetAmount` of its submitted ventures that are not rejected or cancelled. */
  target: z.number(),
  /** Distinct investors with an investment (not refunded) in its ventures. */
  investors: z.number().int(),
  /** The last 12 calendar months (UTC), oldest first; months without investments 0; refunds left out. */
  raisedByMonth: z.array(monthAmountSchema),
  /** The 10 newest investments (not refunded) into its ventures; no investor's identity. */
  recentInvestments: z.array(recentCompanyInvestmentSchema),
  /** Always empty: support tickets do not exist yet (issue 15). */
  tickets: z.array(z.never()),
});
export type CorporateDashboard = z.infer<typeof corporateDashboardSchema>;

export const corporateDashboardResponseSchema = z.object({ data: corporateDashboardSchema });
