import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  STATEMENT_ENTRY_STATUSES,
  UNMATCHED_REASONS,
  WITHDRAWAL_STATUSES,
} from '../../../src-shared/constants/enums';
import { ledgerTransactions } from './ledger';
import { users } from './users';

/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"; decisions 0132-0137).
 * Money itself moves only in the ledger: these tables say which person a bank transfer was for, where
 * a withdrawal goes and how far it got, and keep the payment files and the statement entries.
 */
export const withdrawalStatusEnum = pgEnum('withdrawal_status', WITHDRAWAL_STATUSES);
export const statementEntryStatusEnum = pgEnum('statement_entry_status', STATEMENT_ENTRY_STATUSES);
export const unmatchedReasonEnum = pgEnum('unmatched_reason', UNMATCHED_REASONS);

/** The personal deposit reference of a person's account (decision 0132): `number` from a sequence,
 * the ISO 11649 RF reference derived from it, both unique and never changed. Made on first use. */
export const depositReferences = pgTable(
  'deposit_references',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull().generatedByDefaultAsIdentity({ startWith: 100001 }),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_references_number_key').on(t.number),
    uniqueIndex('deposit_references_reference_key').on(t.reference),
  ],
);

/** The one bank account a person withdraws to (decision 0133). A change holds withdrawals until
 * `heldUntil` (24 hours of business time). */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Electronic form: upper case, no spaces, checked (ISO 13616). */
  iban: text('iban').notNull(),
  holderName: text('holder_name').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A SEPA credit transfer file (pain.001.001.09) as it was generated, kept to be downloaded again. */
export const withdrawalExports = pgTable(
  'withdrawal_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    count: integer('count').notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    xml: text('xml').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawal_exports_message_id_key').on(t.messageId),
    index('withdrawal_exports_created_at_idx').on(t.createdAt.desc()),
  ],
);

/** A withdrawal: requested (money in pending withdrawals) -> approved -> sent (to external), or
 * rejected / cancelled (refunded). The IBAN and holder are those at the request. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    status: withdrawalStatusEnum('status').notNull().default('requested'),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    reason: text('reason'),
    requestTransactionId: uuid('request_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The refund of a rejection or cancellation: at most one, so a refund happens once. */
    refundTransactionId: uuid('refund_transaction_id').references(() => ledgerTransactions.id),
    sentTransactionId: uuid('sent_transaction_id').references(() => ledgerTransactions.id),
    exportId: uuid('export_id').references(() => withdrawalExports.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('withdrawals_refund_transaction_key').on(t.refundTransactionId),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'withdrawals_refund_matches_status',
      sql`(${t.status} IN ('rejected', 'cancelled')) = (${t.refundTransactionId} IS NOT NULL)`,
    ),
    check(
      'withdrawals_sent_matches_status',
      sql`(${t.status} = 'sent') = (${t.sentTransactionId} IS NOT NULL AND ${t.exportId} IS NOT NULL)`,
    ),
  ],
);

/** One imported bank statement file (camt.053). */
export const bankStatementImports = pgTable('bank_statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  statementId: text('statement_id'),
  fileName: text('file_name'),
  importedBy: uuid('imported_by').references(() => users.id),
  entries: integer('entries').notNull(),
  credited: integer('credited').notNull(),
  duplicates: integer('duplicates').notNull(),
  unmatched: integer('unmatched').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every entry of an imported statement, once per bank reference (decision 0135): credited by its
 * deposit reference, or unmatched (with why) until an admin assigns it to an account. */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The idempotency key: `acct:` + AcctSvcrRef, `ntry:` + NtryRef, or `hash:` (decision 0135). */
    bankRef: text('bank_ref').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankStatementImports.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    credit: boolean('credit').notNull(),
    reversal: boolean('reversal').notNull().default(false),
    bookingDate: date('booking_date'),
    /** The first deposit reference found in the remittance information. */
    reference: text('reference'),
    /** The debtor's (sender's) name, and the remittance information as sent. */
    name: text('name'),
    remittance: text('remittance'),
    transactions: integer('transactions').notNull().default(1),
    status: statementEntryStatusEnum('status').notNull(),
    unmatchedReason: unmatchedReasonEnum('unmatched_reason'),
    userId: uuid('user_id').references(() => users.id),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    assignedBy: uuid('assigned_by').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_entries_bank_ref_key').on(t.bankRef),
    index('bank_statement_entries_status_idx').on(t.status, t.createdAt.desc()),
    check(
      'bank_statement_entries_credit_has_transaction',
      sql`(${t.status} = 'unmatched') = (${t.ledgerTransactionId} IS NULL)`,
    ),
  ],
);
