import { z } from 'zod';
import { INVESTMENT_STATUSES, LEDGER_KINDS } from '../constants/enums';
import { eurosToCents } from '../money';
import { paginationQuery, paginationSchema } from './common';

/** A euro amount in a JSON body: a number with at most two decimals (never a string, NaN or Infinity). */
export const eurosAmount = (label: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .refine((v) => eurosToCents(v) !== null, `${label} must be an amount with at most two decimals`);

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

export const listOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), pagination: paginationSchema });

// ------------------------------------------------------------------------------------------------
// Investments

export const investBodySchema = z.object({
  ventureId: z.string({ error: 'ventureId is required' }).min(1, 'ventureId is required'),
  amount: eurosAmount('Amount'),
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
  status: z
    .enum(INVESTMENT_STATUSES, { error: `status must be one of ${INVESTMENT_STATUSES.join(', ')}` })
    .optional(),
  ...paginationQuery(10),
});

// ------------------------------------------------------------------------------------------------
// A venture's money (admin)

export const cancelBodySchema = z.object({
  reason: z
    .string({ error: 'A reason is required to cancel a venture.' })
    .trim()
    .min(1, 'A reason is required to cancel a venture.')
    .max(1000, 'Reason must be at most 1000 characters.'),
});

export const repaymentBodySchema = z.object({
  amount: eurosAmount('Amount').refine((v) => v > 0, 'Amount must be more than 0'),
  final: z.boolean({ error: 'final must be true or false' }).default(false),
});

export const repaymentResultSchema = z.object({ credited: z.number(), investors: z.number() });
