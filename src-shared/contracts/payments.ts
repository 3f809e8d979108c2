/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"): the deposit
 * instructions, the bank account, withdrawals and their admin list, the SEPA payment files and the
 * bank-statement import. Validation messages are error codes (src-shared/errors.ts).
 */
import { z } from 'zod';
import { STATEMENT_ENTRY_STATUSES, UNMATCHED_REASONS, WITHDRAWAL_STATUSES } from '../constants/enums';
import { ibanProblem } from '../rules/payments';
import { choiceFilter, listOf, paginationQuery, searchFilter } from './common';
import { safeText } from './input';
import { eurosAmount } from './money';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SEPA allows 70 characters for a name (EPC rulebook; pain.001's Nm holds 140). */
export const HOLDER_NAME_MAX = 70;

/** GET /api/payments/deposit-instructions. */
export const depositInstructionsSchema = z.object({
  data: z.object({
    iban: z.string(),
    bic: z.string(),
    beneficiary: z.string(),
    /** The caller's ISO 11649 RF creditor reference, compact (`RF18AV00100001`). */
    reference: z.string(),
  }),
});

/** PUT /api/payments/bank-account. */
export const bankAccountBodySchema = z.object({
  iban: safeText(
    z.string({ error: 'payments.invalid_iban' }).trim().max(64, 'payments.invalid_iban'),
  ).superRefine((value, ctx) => {
    const problem = ibanProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  holderName: safeText(
    z
      .string({ error: 'payments.holder_name_required' })
      .trim()
      .min(1, 'payments.holder_name_required')
      .max(HOLDER_NAME_MAX, 'payments.holder_name_too_long'),
  ),
});
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;

/** The caller's bank account: the IBAN masked but its last 4 characters. `verified` is true once
 * withdrawals to it are possible (no hold after a change); `heldUntil` ends the hold. */
export const bankAccountSchema = z.object({
  iban: z.string(),
  holderName: z.string(),
  verified: z.boolean(),
  heldUntil: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** POST /api/payments/withdrawals: more than 0, at most two decimals, at most EUR 100,000,000. */
export const withdrawalBodySchema = z.object({
  amount: eurosAmount().refine((v) => v > 0, 'money.amount_positive'),
});
export type WithdrawalBody = z.input<typeof withdrawalBodySchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The IBAN it goes to (masked) as it was at the request. */
  iban: z.string(),
  /** The reason of a rejection, null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  holderName: z.string(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  exportId: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** GET /api/payments/withdrawals/mine: `status` filters. */
export const myWithdrawalsQuerySchema = z.object({
  status: choiceFilter('payments.status_invalid', WITHDRAWAL_STATUSES),
  ...paginationQuery(10),
});
export type MyWithdrawalsQuery = z.output<typeof myWithdrawalsQuerySchema>;

/** GET /api/admin/withdrawals: `status`, `search` (name or e-mail), `userId`, page, limit. */
export const adminWithdrawalsQuerySchema = z.object({
  status: choiceFilter('payments.status_invalid', WITHDRAWAL_STATUSES),
  search: searchFilter(),
  userId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || UUID.test(v), 'common.filter_id_invalid'),
  ...paginationQuery(25),
});
export type AdminWithdrawalsQuery = z.output<typeof adminWithdrawalsQuerySchema>;

/** PATCH /api/admin/withdrawals/{id}. */
export const withdrawalDecisionBodySchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'payments.decision_invalid' }),
  reason: safeText(
    z.string({ error: 'payments.reason_required' }).trim().max(500, 'common.reason_too_long'),
    {
      multiline: true,
    },
  ).optional(),
});
export type WithdrawalDecisionBody = z.input<typeof withdrawalDecisionBodySchema>;

export const withdrawalListSchema = listOf(withdrawalSchema);
export const adminWithdrawalListSchema = listOf(adminWithdrawalSchema);

/** A generated SEPA payment file (pain.001.001.09), kept to be downloaded again. */
export const withdrawalExportSchema = z.object({
  _id: z.string(),
  messageId: z.string(),
  count: z.number().int(),
  total: z.number(),
  createdAt: z.string(),
});
export const withdrawalExportListSchema = listOf(withdrawalExportSchema);
/** GET /api/admin/withdrawals/exports: `search` finds a message id (as the bank reports it). */
export const exportsQuerySchema = z.object({ search: searchFilter(), ...paginationQuery(25) });
export type ExportsQuery = z.output<typeof exportsQuerySchema>;

/** An unmatched (or assigned) bank-statement entry. */
export const statementEntrySchema = z.object({
  _id: z.string(),
  amount: z.number(),
  currency: z.string(),
  credit: z.boolean(),
  /** The deposit reference found in the remittance information, or null. */
  reference: z.string().nullable(),
  /** The sender's name as the bank reports it. */
  name: z.string().nullable(),
  remittance: z.string().nullable(),
  bookingDate: z.string().nullable(),
  status: z.enum(STATEMENT_ENTRY_STATUSES),
  /** Why it was not credited by itself; null once credited. */
  reason: z.enum(UNMATCHED_REASONS).nullable(),
  /** Whom an admin assigned it to. */
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** POST /api/admin/bank-statements. */
export const statementImportSchema = z.object({
  data: z.object({
    credited: z.number().int(),
    duplicates: z.number().int(),
    unmatched: z.array(
      statementEntrySchema.pick({
        _id: true,
        amount: true,
        currency: true,
        reference: true,
        name: true,
        bookingDate: true,
        reason: true,
      }),
    ),
  }),
});

/** GET /api/admin/bank-statements/entries. */
export const statementEntriesQuerySchema = z.object({
  status: choiceFilter('payments.entry_status_invalid', STATEMENT_ENTRY_STATUSES),
  search: searchFilter(),
  ...paginationQuery(25),
});
export type StatementEntriesQuery = z.output<typeof statementEntriesQuerySchema>;
export const statementEntryListSchema = listOf(statementEntrySchema);

/** POST /api/admin/bank-statements/entries/{id}/assign. */
export const assignEntryBodySchema = z.object({
  userId: z.string({ error: 'user.not_found' }).regex(UUID, 'user.not_found'),
  note: safeText(z.string().trim().max(500, 'balance.note_too_long'), { multiline: true }).optional(),
});
export type AssignEntryBody = z.input<typeof assignEntryBodySchema>;
