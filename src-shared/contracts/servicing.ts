/**
 * Loan servicing and the business date (API contract, "Business date" and "Loan servicing"). Money in
 * euros, dates as 'YYYY-MM-DD' business dates.
 */
import { z } from 'zod';
import {
  INSTALLMENT_STATUSES,
  LOAN_EVENT_KINDS,
  LOAN_STATUSES,
  REPAYMENT_FREQUENCIES,
  REPAYMENT_TYPES,
} from '../constants/enums';
import { eurosAmount, investmentSchema as investmentSchemaBase } from './money';
import { listOf, paginationQuery } from './common';
import { safeText } from './input';

const isoDay = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const repaymentTypeSchema = z.enum(REPAYMENT_TYPES, { error: 'venture.repayment_type_invalid' });
export const repaymentFrequencySchema = z.enum(REPAYMENT_FREQUENCIES, {
  error: 'venture.repayment_frequency_invalid',
});

// ------------------------------------------------------------------------------------------------
// Business date

export const cobRunSchema = z.object({
  businessDate: isoDay(),
  finishedAt: z.string().nullable(),
  /** What the run did. */
  loansStarted: z.number().int(),
  loansAged: z.number().int(),
  lateInterest: z.number(),
  defaults: z.number().int(),
  emailsQueued: z.number().int(),
});
export type CobRun = z.infer<typeof cobRunSchema>;

/** GET /api/admin/business-date (PUT answers the same): `lastCob` is the last close of business. */
export const businessDateSchema = z.object({
  date: isoDay(),
  controlled: z.boolean(),
  lastCob: cobRunSchema.nullable(),
});
export type BusinessDate = z.infer<typeof businessDateSchema>;
export const businessDateResponseSchema = z.object({ data: businessDateSchema });

export const businessDateBodySchema = z.object({
  date: z
    .string({ error: 'business_date.invalid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'business_date.invalid')
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'business_date.invalid',
    ),
});

// ------------------------------------------------------------------------------------------------
// Schedule

export const installmentSchema = z.object({
  number: z.number().int(),
  dueDate: isoDay(),
  principal: z.number(),
  interest: z.number(),
  lateInterest: z.number(),
  paidPrincipal: z.number(),
  paidInterest: z.number(),
  paidLateInterest: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
  /** Business date of the payment that settled it. */
  paidAt: isoDay().nullable(),
});
export type Installment = z.infer<typeof installmentSchema>;

export const nextDueSchema = z.object({ number: z.number().int(), dueDate: isoDay(), amount: z.number() });
export type NextDue = z.infer<typeof nextDueSchema>;

/** GET /api/ventures/{ventureId}/schedule */
export const scheduleSchema = z.object({
  loanStatus: z.enum(LOAN_STATUSES),
  daysLate: z.number().int(),
  disbursedAt: isoDay(),
  repaymentType: repaymentTypeSchema,
  repaymentFrequency: repaymentFrequencySchema,
  gracePeriods: z.number().int(),
  principal: z.number(),
  outstandingPrincipal: z.number(),
  /** Money past due: unpaid principal and interest of instalments due before today, plus late interest. */
  overdue: z.number(),
  /** Everything still owed: what a payment may be at most (a payment above it answers 400). */
  owed: z.number(),
  writtenOff: z.number(),
  nextDue: nextDueSchema.nullable(),
  installments: z.array(installmentSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleResponseSchema = z.object({ data: scheduleSchema });

// ------------------------------------------------------------------------------------------------
// Payments and admin actions

export const repayBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
});
export type RepayBody = z.infer<typeof repayBodySchema>;

const note = () =>
  safeText(z.string({ error: 'common.invalid_value' }).trim().max(1000, 'common.reason_too_long'), {
    multiline: true,
  })
    .optional()
    .default('');

export const adminRepaymentBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
  note: note(),
});
export type AdminRepaymentBody = z.input<typeof adminRepaymentBodySchema>;

const reason = () =>
  safeText(
    z
      .string({ error: 'servicing.reason_required' })
      .trim()
      .min(1, 'servicing.reason_required')
      .max(1000, 'common.reason_too_long'),
    { multiline: true },
  );

export const defaultBodySchema = z.object({ reason: reason() });
export const writeOffBodySchema = z.object({ reason: reason() });
export const recoveryBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
  costs: eurosAmount()
    .refine((v) => v >= 0, 'servicing.costs_negative')
    .optional()
    .default(0),
  note: note(),
});
export type RecoveryBody = z.input<typeof recoveryBodySchema>;

export const allocationSchema = z.object({
  lateInterest: z.number(),
  interest: z.number(),
  principal: z.number(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** The answer of a payment (company or admin) and of a recovery. */
export const paymentResultSchema = z.object({
  allocated: allocationSchema,
  /** The platform's service fee kept of the interest. */
  serviceFee: z.number(),
  /** What the investors were credited (the payment less the fee). */
  credited: z.number(),
  investors: z.number().int(),
  loanStatus: z.enum(LOAN_STATUSES),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
export const paymentResponseSchema = z.object({ message: z.string(), data: paymentResultSchema });

export const loanActionResponseSchema = z.object({
  message: z.string(),
  data: z.object({ loanStatus: z.enum(LOAN_STATUSES), writtenOff: z.number() }),
});

// ------------------------------------------------------------------------------------------------
// Admin: the servicing list and a loan's page

export const servicingListQuerySchema = z.object({
  ...paginationQuery(10),
  loanStatus: z
    .enum([...LOAN_STATUSES, 'late', 'all', ''] as [string, ...string[]], {
      error: 'servicing.status_invalid',
    })
    .optional()
    .transform((v) => (v === undefined || v === 'all' || v === '' ? undefined : v)),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
export type ServicingListQuery = z.output<typeof servicingListQuerySchema>;

export const servicingRowSchema = z.object({
  /** The row's id for react-admin: the venture's id. */
  id: z.string(),
  venture: z.object({ _id: z.string(), title: z.string() }),
  company: z.string().nullable(),
  loanStatus: z.enum(LOAN_STATUSES),
  daysLate: z.number().int(),
  principal: z.number(),
  outstandingPrincipal: z.number(),
  overdue: z.number(),
  nextDue: nextDueSchema.nullable(),
  disbursedAt: isoDay(),
});
export type ServicingRow = z.infer<typeof servicingRowSchema>;
export const servicingListResponseSchema = listOf(servicingRowSchema);

export const loanEventSchema = z.object({
  id: z.string(),
  kind: z.enum(LOAN_EVENT_KINDS),
  businessDate: isoDay(),
  status: z.enum(LOAN_STATUSES).nullable(),
  amount: z.number().nullable(),
  /** A payment's or recovery's allocation and fee, euros. */
  allocation: z
    .object({
      principal: z.number(),
      interest: z.number(),
      lateInterest: z.number(),
      fee: z.number(),
      costs: z.number(),
    })
    .nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type LoanEvent = z.infer<typeof loanEventSchema>;

/** GET /api/admin/servicing/{ventureId}: the loan's page. */
export const loanDetailSchema = servicingRowSchema.extend({
  schedule: scheduleSchema,
  events: z.array(loanEventSchema),
  investors: z.number().int(),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;
export const loanDetailResponseSchema = z.object({ data: loanDetailSchema });

// ------------------------------------------------------------------------------------------------
// The investor's side

/** What servicing adds to each of the investor's investments (contract: "Investors see, per investment"). */
export const investmentServicingSchema = z.object({
  loanStatus: z.enum(LOAN_STATUSES).nullable(),
  daysLate: z.number().int(),
  outstandingPrincipal: z.number(),
  nextPaymentDate: isoDay().nullable(),
  receivedPrincipal: z.number(),
  receivedInterest: z.number(),
  receivedLateInterest: z.number(),
  serviceFees: z.number(),
  writtenOff: z.number(),
});
export type InvestmentServicing = z.infer<typeof investmentServicingSchema>;

/** GET /api/investments/{investmentId}: one of the investor's investments with its share of the loan. */
export const investmentDetailSchema = investmentServicingSchema.extend({
  _id: z.string(),
  venture: z.object({
    _id: z.string(),
    title: z.string(),
    expectedReturn: z.number(),
    investmentPeriod: z.number().int(),
    repaymentType: repaymentTypeSchema,
    repaymentFrequency: repaymentFrequencySchema,
  }),
  amount: z.number(),
  status: z.string(),
  totalExpectedReturn: z.number(),
  investmentDate: z.string(),
  /** The investor's share of each instalment (pro rata to principal), null before the loan starts. */
  installments: z.array(installmentSchema).nullable(),
  nextPayment: nextDueSchema.nullable(),
  /** The loan's status history and the payments credited to this investment, oldest first. */
  history: z.array(
    z.object({
      businessDate: isoDay(),
      kind: z.enum(LOAN_EVENT_KINDS),
      status: z.enum(LOAN_STATUSES).nullable(),
      /** What this investment was credited (payments and recoveries). */
      credited: z.number().nullable(),
    }),
  ),
});
export type InvestmentDetail = z.infer<typeof investmentDetailSchema>;
export const investmentDetailResponseSchema = z.object({ data: investmentDetailSchema });

/** GET /api/investments/my-investments rows: the investment and its loan's servicing figures. */
export const myInvestmentSchema = investmentSchemaBase.extend(investmentServicingSchema.shape);
export type MyInvestment = z.infer<typeof myInvestmentSchema>;
