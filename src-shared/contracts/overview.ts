import { z } from 'zod';
import { LOAN_STATUSES } from '../constants/enums';

/** One month of `investedByMonth`: 'YYYY-MM' (UTC) and the euros invested in it. */
export const monthAmountSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  amount: z.number(),
});
export type MonthAmount = z.infer<typeof monthAmountSchema>;

/**
 * GET /api/admin/overview (contract, "Dashboards"): the platform's figures for the admin overview,
 * money in euros.
 */
export const adminOverviewSchema = z.object({
  /** Every investment that was not refunded (principal). */
  invested: z.number(),
  /** The investors' and companies' account balances together. */
  heldInBalances: z.number(),
  /** Money held in escrow for ventures still raising. */
  inEscrow: z.number(),
  /** Ventures submitted for review (not drafts) that are pending or under review; not deleted, not cancelled. */
  venturesAwaitingReview: z.number().int(),
  /** People whose identity documents wait for a decision. */
  verificationsAwaitingReview: z.number().int(),
  /** Accounts created in the last 30 days. */
  signUps30d: z.number().int(),
  /** Support tickets that are not closed. */
  openTickets: z.number().int(),
  /** Complaints waiting for an answer (open, in progress) due within 3 working days, overdue ones included. */
  complaintsDueSoon: z.number().int(),
  /** The last 12 calendar months (UTC), oldest first, this month last; months without investments 0. */
  investedByMonth: z.array(monthAmountSchema),
  /** Money past due on running loans (issue 24); optional until the server fills it. */
  overdue: z.number().optional(),
  /** Loans per status with their outstanding principal (issue 24); optional until the server fills it. */
  loansByStatus: z
    .array(
      z.object({
        loanStatus: z.enum(LOAN_STATUSES),
        loans: z.number().int(),
        outstandingPrincipal: z.number(),
      }),
    )
    .optional(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminOverviewResponseSchema = z.object({ data: adminOverviewSchema });

/** How many months `investedByMonth` covers. */
export const OVERVIEW_MONTHS = 12;
