import { z } from 'zod';
import { INVESTMENT_STATUSES, LEDGER_KINDS } from '../constants/enums';
import { eurosToCents } from '../money';
import { paginationQuery } from './common';

/** A euro amount in a JSON body: a number with at most two decimals (never a string, NaN or Infinity).
 * Validation messages are error codes (src-shared/errors.ts). */
export const eurosAmount = () =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? 'money.amount_required' : 'money.amount_not_number'),
    })
    .refine((v) => eurosToCents(v) !== null, 'money.amount_two_decimals');

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

// ------------------------------------------------------------------------------------------------
// Balances

export const historyRowSchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  note: z.string().nullable(),
  at: z.string(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const adminHistoryRowSchema = historyRowSchema.extend({
  user: person,
  /** Admin-only download of the proof attached to an adjustment. */
  proofUrl: z.string().nullable(),
  createdBy: z.object({ id: z.string(), email: z.string() }).nullable(),
});

export const balanceRowSchema = z.object({
  id: z.string(),
  user: person,
  balance: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const historyQuerySchema = z.object({ ...paginationQuery(10) });
export const allHistoriesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  ...paginationQuery(10),
});
export const balancesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  sortBy: z
    .enum(['updatedAt', 'balance'], { error: "sortBy must be 'updatedAt' or 'balance'" })
    .default('updatedAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: "sortOrder must be 'asc' or 'desc'" }).default('desc'),
  ...paginationQuery(10),
});

// ------------------------------------------------------------------------------------------------
// Investments

export const investBodySchema = z.object({
  ventureId: z.string({ error: 'investment.venture_id_required' }).min(1, 'investment.venture_id_required'),
  amount: eurosAmount(),
});
export type InvestBody = z.infer<typeof investBodySchema>;

export const investmentSchema = z.object({
  _id: z.string(),
  venture: z.object({ _id: z.string(), title: z.string() }),
  amount: z.number(),
  profitPaid: z.number(),
  status: z.enum(INVESTMENT_STATUSES),
  totalExpectedReturn: z.number(),
  investmentDate: z.string(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const adminInvestmentSchema = investmentSchema.extend({
  investedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminInvestment = z.infer<typeof adminInvestmentSchema>;

export const adminInvestmentQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(INVESTMENT_STATUSES, { error: 'investment.status_invalid' }).optional(),
  ...paginationQuery(10),
});

// ------------------------------------------------------------------------------------------------
// A venture's money (admin)

export const cancelBodySchema = z.object({
  reason: z
    .string({ error: 'investment.cancel_reason_required' })
    .trim()
    .min(1, 'investment.cancel_reason_required')
    .max(1000, 'common.reason_too_long'),
});

export const repaymentBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
  final: z.boolean({ error: 'investment.final_not_boolean' }).default(false),
});

export const repaymentResultSchema = z.object({ credited: z.number(), investors: z.number() });
