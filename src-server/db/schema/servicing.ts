import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { installmentStatusEnum, loanEventKindEnum, loanStatusEnum } from './enums';
import { ledgerTransactions } from './ledger';
import { users } from './users';
import { ventures } from './ventures';

/**
 * Loan servicing (API contract, "Loan servicing"; ARCHITECTURE.md, "The money model"): a funded
 * venture's loan, one per venture, started at disbursement. The schedule is data, fixed then; loan
 * states and write-offs are records here, cash moves only through the ledger.
 */
export const loans = pgTable(
  'loans',
  {
    ventureId: uuid('venture_id')
      .primaryKey()
      .references(() => ventures.id),
    status: loanStatusEnum('status').notNull().default('current'),
    /** The business date of the disbursement. */
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'bigint' }).notNull(),
    /** Disbursed minus principal repaid minus principal written off (invariant 7). */
    outstandingPrincipalCents: bigint('outstanding_principal_cents', { mode: 'bigint' }).notNull(),
    writtenOffCents: bigint('written_off_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Days past due of the oldest unpaid instalment, as of the last close of business. */
    daysLate: integer('days_late').notNull().default(0),
    /** Annual percent of late interest (LATE_INTEREST_RATE, else the venture's expectedReturn), fixed at disbursement. */
    lateInterestRate: numeric('late_interest_rate', { precision: 5, scale: 2 }).notNull(),
    /** The first default event's business date (kept when the loan is later paid up). */
    defaultedOn: date('defaulted_on', { mode: 'string' }),
    /** True when the loan entered default by an admin's declaration rather than by days past due. */
    defaultDeclared: boolean('default_declared').notNull().default(false),
    writtenOffOn: date('written_off_on', { mode: 'string' }),
    repaidOn: date('repaid_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('loans_principal_positive', sql`${t.principalCents} > 0`),
    check(
      'loans_outstanding_within_principal',
      sql`${t.outstandingPrincipalCents} >= 0 AND ${t.writtenOffCents} >= 0 AND ${t.outstandingPrincipalCents} + ${t.writtenOffCents} <= ${t.principalCents}`,
    ),
    index('loans_status_days_late_idx').on(t.status, t.daysLate.desc()),
  ],
);

/** One instalment of a loan's schedule: what it owes and what was paid of it. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => loans.ventureId),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'bigint' }).notNull(),
    interestCents: bigint('interest_cents', { mode: 'bigint' }).notNull(),
    /** Late interest posted by the close of business, day by day. */
    lateInterestCents: bigint('late_interest_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidPrincipalCents: bigint('paid_principal_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidInterestCents: bigint('paid_interest_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidLateInterestCents: bigint('paid_late_interest_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: installmentStatusEnum('status').notNull().default('scheduled'),
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.ventureId, t.number] }),
    check('loan_installments_number_positive', sql`${t.number} >= 1`),
    // Invariant 7: no instalment is paid beyond what it owes.
    check(
      'loan_installments_paid_within_owed',
      sql`${t.principalCents} >= 0 AND ${t.interestCents} >= 0 AND ${t.lateInterestCents} >= 0
        AND ${t.paidPrincipalCents} BETWEEN 0 AND ${t.principalCents}
        AND ${t.paidInterestCents} BETWEEN 0 AND ${t.interestCents}
        AND ${t.paidLateInterestCents} BETWEEN 0 AND ${t.lateInterestCents}`,
    ),
    index('loan_installments_unpaid_due_idx')
      .on(t.dueDate, t.ventureId)
      .where(sql`${t.status} IN ('scheduled', 'late')`),
  ],
);

/**
 * What happened to a loan, dated by the business date: disbursement, each payment with its
 * allocation, status changes (the history investors see), default events (counted by the statistics,
 * Delegated Regulation (EU) 2022/2115), recoveries and the write-off.
 */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => loans.ventureId),
    kind: loanEventKindEnum('kind').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** For `status`: the status entered. */
    status: loanStatusEnum('status'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }),
    /** A payment's or recovery's allocation: { principal, interest, lateInterest, fee, costs } in cents (strings). */
    details: jsonb('details'),
    note: text('note'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_events_venture_idx').on(t.ventureId, t.createdAt),
    index('loan_events_kind_date_idx').on(t.kind, t.businessDate),
  ],
);

/** The business date (API contract, "Business date"): one row, the days it was moved ahead of today. */
export const businessClock = pgTable(
  'business_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetDays: integer('offset_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('business_clock_one_row', sql`${t.id} = 1`),
    check('business_clock_forward', sql`${t.offsetDays} >= 0`),
  ],
);

/** One close of business per business date: the guard that makes it idempotent, and what it did. */
export const cobRuns = pgTable('cob_runs', {
  businessDate: date('business_date', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** { loansStarted, loansAged, lateInterestCents, defaults, emailsQueued } */
  result: jsonb('result'),
});

/**
 * What one loan payment (an instalment, a repayment or a recovery) gave one investment: its parts,
 * written in the same database transaction as the ledger transaction that credited the investor
 * (decision 0163). The investor's ledger entry is one net amount (principal + interest + late
 * interest - fee); the annual statement splits it with these rows, and their sum per ledger
 * transaction and investor equals that entry.
 */
export const paymentShares = pgTable(
  'payment_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    investmentId: uuid('investment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id),
    principalCents: bigint('principal_cents', { mode: 'bigint' }).notNull(),
    interestCents: bigint('interest_cents', { mode: 'bigint' }).notNull(),
    lateInterestCents: bigint('late_interest_cents', { mode: 'bigint' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_shares_user_idx').on(t.userId, t.createdAt),
    index('payment_shares_transaction_idx').on(t.ledgerTransactionId),
  ],
);
