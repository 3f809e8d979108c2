import { z } from 'zod';
import { RISK_LEVELS } from '../constants/enums';

/**
 * One risk level's row of GET /api/statistics. `funded` and `repaid` are disjoint (a venture's
 * lifecycle); `defaulted` counts ventures whose loan had a default event, whether still `funded` or
 * since `repaid`. The default rate is the observed 1-year default rate of Commission Delegated
 * Regulation (EU) 2022/2115, Art. 2: `defaultEvents / loansAtStart` over the 12 months before the
 * business date.
 */
export const riskStatisticsSchema = z.object({
  riskLevel: z.enum(RISK_LEVELS),
  /** Ventures of this level on the public list (public, approved, not deleted), in any lifecycle state. */
  ventures: z.number().int(),
  /** Funded and still being repaid (lifecycle `funded`). */
  funded: z.number().int(),
  /** Repaid in full (lifecycle `repaid`). */
  repaid: z.number().int(),
  /**
   * Ventures whose loan had a default event at any time: more than 90 days past due, or declared in
   * default by the platform (unlikely to be paid). The event stays counted when the loan is later
   * paid up, recovered or written off.
   */
  defaulted: z.number().int(),
  /**
   * The rate's numerator: loans of `loansAtStart` with at least one default event in the 12-month
   * window ending on the business date.
   */
  defaultEvents: z.number().int(),
  /**
   * The rate's denominator: loans running and not in default at the window's start (the business
   * date minus 12 months): disbursed before it, not repaid or written off before it, with no default
   * event on or before it, and with at least one instalment due in the window (Art. 2(3)).
   */
  loansAtStart: z.number().int(),
  /** `defaultEvents / loansAtStart` as a fraction (0.05 is 5%); 0 when `loansAtStart` is 0. */
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
