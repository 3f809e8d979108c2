import { z } from 'zod';
import { LEDGER_KINDS } from '../constants/enums';
import { NET_RETURN_MIN_AGE_DAYS } from '../rules/funding';
import { investmentSchema } from './money';
import { monthAmountSchema } from './overview';
import { ticketSummarySchema } from './tickets';
import { myInvestmentSchema } from './servicing';

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

/** The next payment due across the company's running loans (loan servicing): its earliest unpaid instalment. */
export const corporateNextPaymentSchema = z.object({
  ventureId: z.string(),
  title: z.string(),
  /** The instalment's due date, a business date 'YYYY-MM-DD'. */
  dueDate: z.string(),
  /** What the instalment still owes: principal, interest and late interest not yet paid. */
  amount: z.number(),
});
export type CorporateNextPayment = z.infer<typeof corporateNextPaymentSchema>;

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
  /** The company's 5 newest support tickets, newest first. */
  tickets: z.array(ticketSummarySchema),
  /** The earliest unpaid instalment of the company's running loans; null when none is running. */
  nextPayment: corporateNextPaymentSchema.nullable(),
});
export type CorporateDashboard = z.infer<typeof corporateDashboardSchema>;

export const corporateDashboardResponseSchema = z.object({ data: corporateDashboardSchema });

// ------------------------------------------------------------------------------------------------
// The investor's dashboard

/** How many of the newest investments, ledger rows and tickets the investor dashboard lists. */
export const INVESTOR_DASHBOARD_LIMITS = { investments: 5, transactions: 10, tickets: 5 } as const;
export { NET_RETURN_MIN_AGE_DAYS };

/**
 * One row of the investor's own ledger (the contract's `{ note, at, amount, balanceBefore }`), plus
 * what the screen needs to describe a row without a note: the ledger `kind` and the venture.
 */
export const investorTransactionSchema = z.object({
  /** The ledger transaction's note (an admin's text for a deposit or adjustment), null without one. */
  note: z.string().nullable(),
  /** When it happened (ISO). */
  at: z.string(),
  /** Signed euros: positive credits the balance, negative debits it. */
  amount: z.number(),
  /** The balance just before this row, in euros. */
  balanceBefore: z.number(),
  kind: z.enum(LEDGER_KINDS),
  /** The venture of an investment, refund or repayment; null otherwise. */
  venture: z.object({ _id: z.string(), title: z.string() }).nullable(),
});
export type InvestorTransaction = z.infer<typeof investorTransactionSchema>;

/** The balance doughnut (spec 2.5): where the investor's money is, in euros. */
export const investorPortfolioSchema = z.object({
  /** The balance, free to invest or withdraw. */
  available: z.number(),
  /** Principal neither paid back nor written off in running loans (investments `completed`) that are
   * not in `default` or `recovery`. */
  invested: z.number(),
  /** Money in ventures still raising (investments `invested`). */
  pending: z.number(),
  /** Principal neither paid back nor written off in loans in `default` or `recovery`. */
  inRecovery: z.number(),
});
export type InvestorPortfolio = z.infer<typeof investorPortfolioSchema>;

/** The net annual return card's bars, in euros. */
export const investorReturnsSchema = z.object({
  /** Equals `profitEarned`: interest and late interest received less the service fees. */
  profit: z.number(),
  /** Late interest received. */
  lateFees: z.number(),
  /** Principal written off, negative (0 or less). */
  badDebt: z.number(),
  /** Service fees the platform kept of the interest, negative (0 or less). */
  serviceFees: z.number(),
});
export type InvestorReturns = z.infer<typeof investorReturnsSchema>;

/** One part of the portfolio breakdown: a country code, risk level or venture type, the principal
 * outstanding in it and its share of the whole in percent (two decimals). */
export const breakdownPartSchema = z.object({ key: z.string(), amount: z.number(), share: z.number() });

/** What the investor holds (principal outstanding of the investments `invested` or `completed`:
 * `portfolio.pending + invested + inRecovery`), by country, risk level and venture type, largest
 * first (issue 30, item 14). */
export const investorBreakdownSchema = z.object({
  byCountry: z.array(breakdownPartSchema),
  byRiskLevel: z.array(breakdownPartSchema),
  byVentureType: z.array(breakdownPartSchema),
});
export type InvestorBreakdown = z.infer<typeof investorBreakdownSchema>;

/** GET /api/dashboard/investor (contract, "Dashboards"): the signed-in investor's figures, euros. */
export const investorDashboardSchema = z.object({
  firstName: z.string(),
  /** When this account last signed in (ISO), null if never. */
  lastLoginAt: z.string().nullable(),
  /** The investor's ledger balance. */
  balance: z.number(),
  /** Investments `invested` or `completed`. */
  activeInvestments: z.number().int(),
  /** `totalExpectedReturn` of the active investments added up. */
  expectedReturns: z.number(),
  /** What was credited beyond principal, over every investment: interest and late interest less fees. */
  profitEarned: z.number(),
  /** Distinct ventures among the investor's investments with status `repaid`. */
  repaidVentures: z.number().int(),
  /** The investor's tickets that are not closed. */
  openTickets: z.number().int(),
  portfolio: investorPortfolioSchema,
  /** XIRR of the investor's cash flows as a fraction (0.1 is 10 % a year): investments out, refunds
   * and loan payments in, outstanding principal valued at the business date, written-off principal
   * at 0 (a loss); null with no investment older than 30 days, or when no rate solves the flows. */
  netAnnualReturn: z.number().nullable(),
  returns: investorReturnsSchema,
  /** The 5 newest investments (every status), with the venture's title and the loan's servicing figures. */
  investments: z.array(myInvestmentSchema),
  /** The 10 newest rows of the investor's ledger account. */
  transactions: z.array(investorTransactionSchema),
  /** The 5 newest of the investor's tickets. */
  tickets: z.array(ticketSummarySchema),
  breakdown: investorBreakdownSchema,
});
export type InvestorDashboard = z.infer<typeof investorDashboardSchema>;

export const investorDashboardResponseSchema = z.object({ data: investorDashboardSchema });
