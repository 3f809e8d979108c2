import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { investmentStatusEnum } from './enums';
import { ledgerTransactions } from './ledger';
import { users } from './users';
import { ventures } from './ventures';

export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    profitPaidCents: bigint('profit_paid_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Principal and interest credited back so far (profitPaid is the part above the principal). */
    repaidCents: bigint('repaid_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What loan servicing credited, by part (API contract, "Loan servicing"); `serviceFees` is what
     * the platform kept of the interest, `writtenOff` the principal lost at a write-off. */
    receivedPrincipalCents: bigint('received_principal_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    receivedInterestCents: bigint('received_interest_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    receivedLateInterestCents: bigint('received_late_interest_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    serviceFeesCents: bigint('service_fees_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    writtenOffCents: bigint('written_off_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    totalExpectedReturnCents: bigint('total_expected_return_cents', { mode: 'bigint' }).notNull(),
    status: investmentStatusEnum('status').notNull().default('invested'),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    investmentDate: timestamp('investment_date', { withTimezone: true }).notNull().defaultNow(),
    /** The end of the reflection period (EU 2020/1503 Art. 22: 4 days, 96 hours of business time);
     * null for a sophisticated investor's investment and for those made before the period existed. */
    revocableUntil: timestamp('revocable_until', { withTimezone: true }),
    /** When its investor revoked it (business time); the refund's ledger transaction is `revocationTransactionId`. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationTransactionId: uuid('revocation_transaction_id').references(() => ledgerTransactions.id),
    /** The investor confirmed the warning above the threshold (Art. 21(7)), with the investment. */
    riskAcknowledged: boolean('risk_acknowledged').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('investments_amount_positive', sql`${t.amountCents} > 0`),
    check('investments_profit_nonnegative', sql`${t.profitPaidCents} >= 0 AND ${t.repaidCents} >= 0`),
    check(
      'investments_received_within_principal',
      sql`${t.receivedPrincipalCents} >= 0 AND ${t.writtenOffCents} >= 0 AND ${t.receivedPrincipalCents} + ${t.writtenOffCents} <= ${t.amountCents}`,
    ),
    index('investments_venture_id_idx').on(t.ventureId),
    index('investments_user_id_idx').on(t.userId, t.investmentDate.desc()),
    index('investments_date_idx').on(t.investmentDate.desc()),
    index('investments_revocable_idx')
      .on(t.ventureId, t.revocableUntil)
      .where(sql`${t.revocableUntil} IS NOT NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/** Answers remembered for an `Idempotency-Key` (same user, 24 hours). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
