import { z } from 'zod';
import { RISK_LEVELS } from '../constants/enums';

/**
 * One risk level's row of GET /api/statistics. `funded`, `repaid` and `defaulted` are disjoint (a
 * venture is in one of them at most), so together they are every venture of that level that reached
 * its funding, and `defaultRate = defaulted / (funded + repaid + defaulted)`.
 */
export const riskStatisticsSchema = z.object({
  riskLevel: z.enum(RISK_LEVELS),
  /** Ventures of this level on the public list (public, approved, not deleted), in any lifecycle state. */
  ventures: z.number().int(),
  /** Funded and still being repaid (lifecycle `funded`). */
  funded: z.number().int(),
  /** Repaid in full (lifecycle `repaid`). */
  repaid: z.number().int(),
  /** Written off as defaulted (0 until the platform records defaults). */
  defaulted: z.number().int(),
  /** `defaulted / (funded + repaid + defaulted)` as a fraction (0.05 is 5%); 0 when all three are 0. */
  defaultRate: z.number(),
});
export type RiskStatistics = z.infer<typeof riskStatisticsSchema>;

/**
 * GET /api/statistics (contract, "Statistics"): the platform's track record, money in euros. Only
 * ventures that are public and approved (and not deleted) count; a cancelled venture is neither
 * (its investors were refunded).
 */
export const statisticsSchema = z.object({
  /** Money lent: `amountFunded` of the ventures that reached their funding (funded or repaid). */
  totalFunded: z.number(),
  /** Principal and interest credited back to investors so far (partial repayments included). */
  totalRepaid: z.number(),
  /** Ventures that reached their funding: funded (still being repaid) or repaid. */
  venturesFunded: z.number().int(),
  /** Ventures repaid in full. */
  venturesRepaid: z.number().int(),
  /** People with at least one investment that was not refunded. */
  investors: z.number().int(),
  /**
   * The mean `expectedReturn` (percent a year) of funded and repaid ventures weighted by the amount
   * funded, two decimals; null while no venture has been funded.
   */
  averageReturn: z.number().nullable(),
  /** One row for each of `low`, `medium`, `high`, in that order. */
  byRisk: z.array(riskStatisticsSchema),
  /** When these figures were computed (ISO 8601); they may be up to a minute old. */
  computedAt: z.string(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const statisticsResponseSchema = z.object({ data: statisticsSchema });

/** How long the server keeps computed figures (a change of money through the same server clears them). */
export const STATISTICS_TTL_MS = 60_000;
