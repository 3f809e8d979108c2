import { z } from 'zod';
import { INVESTMENT_STATUSES, LEDGER_KINDS } from '../constants/enums';
import { eurosToCents } from '../money';
import { choiceFilter, paginationQuery } from './common';
import { maxEuros, safeText } from './input';

/** A euro amount in a JSON body: a number with at most two decimals (never a string, NaN or Infinity),
 * at most MAX_EUROS either way (checked first). Validation messages are error codes (src-shared/errors.ts). */
export const eurosAmount = () =>
  maxEuros(
    z.number({
      error: (iss) => (iss.input === undefined ? 'money.amount_required' : 'money.amount_not_number'),
    }),
  ).refine((v) => eurosToCents(v) !== null, 'money.amount_two_decimals');

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

// ------------------------------------------------------------------------------------------------
// List filters (validation messages are error codes, src-shared/errors.ts)

/** Ids are UUIDs (as src-server/lib/query.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional record id to filter by ('' means none); anything but a UUID is a 400. */
export const idFilter = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || UUID.test(v), 'common.filter_id_invalid');

/** A calendar day `YYYY-MM-DD` (a real one) as the start of that day in UTC; '' means none. */
export const day = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null;
      if (!date || date.toISOString().slice(0, 10) !== v) {
        ctx.addIssue({ code: 'custom', message: 'common.filter_date_invalid' });
        return z.NEVER;
      }
      return date;
    })
    .meta({ type: 'string', format: 'date', description: 'A day, YYYY-MM-DD (UTC)' });

const search = () =>
  z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined);

const order = () => z.enum(['asc', 'desc'], { error: 'common.sort_order_invalid' }).default('desc');

// ------------------------------------------------------------------------------------------------
// Balance lists

export const historyQuerySchema = z.object({ ...paginationQuery(10) });

export const HISTORY_SORT_FIELDS = ['at', 'amount'] as const;
export const allHistoriesQuerySchema = z
  .object({
    search: search(),
    /** One person's movements. */
    userId: idFilter(),
    /** From this day (inclusive, UTC). */
    from: day(),
    /** Up to this day (inclusive, UTC). */
    to: day(),
    kind: choiceFilter('balance.filter_kind', LEDGER_KINDS),
    sortBy: z.enum(HISTORY_SORT_FIELDS, { error: 'balance.history_sort_invalid' }).default('at'),
    order: order(),
    ...paginationQuery(10),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), {
    message: 'common.filter_date_range',
    path: ['to'],
  });
export type AllHistoriesQuery = z.output<typeof allHistoriesQuerySchema>;

export const BALANCE_SORT_FIELDS = ['updatedAt', 'balance'] as const;
export const balancesQuerySchema = z.object({
  search: search(),
  /** One person's balance (the add-balance form reads it). */
  userId: idFilter(),
  sortBy: z.enum(BALANCE_SORT_FIELDS, { error: 'balance.sort_invalid' }).default('updatedAt'),
  sortOrder: order(),
  ...paginationQuery(10),
});
export type BalancesQuery = z.output<typeof balancesQuerySchema>;

// ------------------------------------------------------------------------------------------------
// Investments

export const investBodySchema = z.object({
  ventureId: z.string({ error: 'investment.venture_id_required' }).min(1, 'investment.venture_id_required'),
  amount: eurosAmount(),
  /** Art. 21(7): the investor confirms the risk warning for an amount above their threshold. */
  acknowledgeRisk: z.boolean({ error: 'investment.acknowledge_risk_not_boolean' }).optional(),
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
  /** The end of the reflection period (Art. 22), null for a sophisticated investor's investment. */
  revocableUntil: z.string().nullable(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const adminInvestmentSchema = investmentSchema.extend({
  investedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminInvestment = z.infer<typeof adminInvestmentSchema>;

export const INVESTMENT_SORT_FIELDS = ['investmentDate', 'amount', 'status'] as const;
export const adminInvestmentQuerySchema = z.object({
  /** Investor's name or e-mail, or the venture's title. */
  search: search(),
  status: choiceFilter('investment.status_invalid', INVESTMENT_STATUSES),
  ventureId: idFilter(),
  userId: idFilter(),
  sortBy: z.enum(INVESTMENT_SORT_FIELDS, { error: 'investment.sort_invalid' }).default('investmentDate'),
  order: order(),
  ...paginationQuery(10),
});
export type AdminInvestmentQuery = z.output<typeof adminInvestmentQuerySchema>;

// ------------------------------------------------------------------------------------------------
// A venture's money (admin)

export const cancelBodySchema = z.object({
  reason: safeText(
    z
      .string({ error: 'investment.cancel_reason_required' })
      .trim()
      .min(1, 'investment.cancel_reason_required')
      .max(1000, 'common.reason_too_long'),
    { multiline: true },
  ),
});

export const repaymentBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
  final: z.boolean({ error: 'investment.final_not_boolean' }).default(false),
});

export const repaymentResultSchema = z.object({ credited: z.number(), investors: z.number() });
