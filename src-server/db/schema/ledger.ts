import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountKindEnum, ledgerKindEnum } from './enums';
import { users } from './users';
import { ventures } from './ventures';

/**
 * Double-entry ledger (ARCHITECTURE.md, "The money model"). Every movement of money is one
 * `ledger_transactions` row with entries summing to zero; entries are append-only (triggers in the
 * migrations refuse UPDATE and DELETE and check the zero sum at commit).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: accountKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    ventureId: uuid('venture_id').references(() => ventures.id),
    /** Platform accounts: `external` is money that entered or left off-platform. */
    code: text('code'),
    balanceCents: bigint('balance_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_id_key').on(t.userId),
    uniqueIndex('accounts_venture_id_key').on(t.ventureId),
    uniqueIndex('accounts_code_key').on(t.code),
    index('accounts_updated_at_idx').on(t.updatedAt),
    check(
      'accounts_owner_matches_kind',
      sql`(${t.kind} = 'user' AND ${t.userId} IS NOT NULL AND ${t.ventureId} IS NULL AND ${t.code} IS NULL)
       OR (${t.kind} = 'escrow' AND ${t.ventureId} IS NOT NULL AND ${t.userId} IS NULL AND ${t.code} IS NULL)
       OR (${t.kind} = 'platform' AND ${t.code} IS NOT NULL AND ${t.userId} IS NULL AND ${t.ventureId} IS NULL)`,
    ),
    check('balance_nonnegative', sql`${t.kind} = 'platform' OR ${t.balanceCents} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerKindEnum('kind').notNull(),
    /** Who caused it (the admin for an adjustment, the investor for an investment); null for jobs. */
    createdBy: uuid('created_by').references(() => users.id),
    ventureId: uuid('venture_id').references(() => ventures.id),
    /** What the movement was ('Investment in <venture>', 'Refund of …'), as the balance histories show
     * it; required since migration 20261127…_ledger_notes, which filled older rows (decision 0200). */
    note: text('note').notNull(),
    /** Private path (under DATA_DIR/private) of a proof document, shown only to admins. */
    proofPath: text('proof_path'),
    /** One idempotency key moves money at most once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key_key').on(t.idempotencyKey),
    index('ledger_transactions_venture_id_idx').on(t.ventureId),
    index('ledger_transactions_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** Filled by the `ledger_entries_apply` trigger, which also moves the account's balance: an
     * entry can never disagree with its account. */
    balanceBeforeCents: bigint('balance_before_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_entries_balance_arithmetic',
      sql`${t.balanceAfterCents} = ${t.balanceBeforeCents} + ${t.amountCents}`,
    ),
    index('ledger_entries_transaction_id_idx').on(t.transactionId),
    index('ledger_entries_account_id_idx').on(t.accountId, t.id.desc()),
  ],
);
