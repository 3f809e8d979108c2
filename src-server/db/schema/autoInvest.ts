import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AUTO_INVEST_SKIP_REASONS } from '../../../src-shared/contracts/autoInvest';
import { investments } from './investments';
import { users } from './users';
import { ventures } from './ventures';

/**
 * Auto-invest (issue 28; EU 2020/1503 Art. 6; API contract, "Auto-invest (Art. 6)"; decisions
 * 0155-0160). One mandate per investor; every decision of the engine in `auto_invest_allocations`,
 * with the inputs it was taken on, so a run can be replayed (plan.ts `replay`).
 */
export const autoInvestOutcomeEnum = pgEnum('auto_invest_outcome', ['invested', 'skipped']);
export const autoInvestReasonEnum = pgEnum('auto_invest_reason', AUTO_INVEST_SKIP_REASONS);

export const autoInvestMandates = pgTable(
  'auto_invest_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    budgetCents: bigint('budget_cents', { mode: 'bigint' }).notNull(),
    maxPerVentureCents: bigint('max_per_venture_cents', { mode: 'bigint' }).notNull(),
    /** Percent a year, two decimals; null: no bound. */
    minReturn: numeric('min_return', { precision: 5, scale: 2 }),
    maxReturn: numeric('max_return', { precision: 5, scale: 2 }),
    /** Months; null: no bound. */
    minPeriod: integer('min_period'),
    maxPeriod: integer('max_period'),
    /** Empty: any. */
    riskLevels: text('risk_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ventureTypes: text('venture_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Art. 21(7): the risk warning accepted once on the mandate, and the threshold shown then. */
    warningAcceptedAt: timestamp('warning_accepted_at', { withTimezone: true }),
    warningThresholdCents: bigint('warning_threshold_cents', { mode: 'bigint' }),
    /** The fair order: when the mandate last got an allocation or was activated (business time). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_invest_mandates_user_idx').on(t.userId),
    index('auto_invest_mandates_fair_order_idx')
      .on(t.waitingSince, t.id)
      .where(sql`${t.active}`),
    check('auto_invest_mandates_budget_positive', sql`${t.budgetCents} > 0`),
    check(
      'auto_invest_mandates_max_within_budget',
      sql`${t.maxPerVentureCents} > 0 AND ${t.maxPerVentureCents} <= ${t.budgetCents}`,
    ),
  ],
);

/** One engine run for one venture (a job run twice makes a second run that finds nothing to do). */
export const autoInvestRuns = pgTable(
  'auto_invest_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id),
    /** Business time of the run. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    invested: integer('invested').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
  },
  (t) => [index('auto_invest_runs_venture_idx').on(t.ventureId)],
);

/** Every decision: the order (`sequence` within the run), the inputs, the outcome. */
export const autoInvestAllocations = pgTable(
  'auto_invest_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => autoInvestRuns.id),
    sequence: integer('sequence').notNull(),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => autoInvestMandates.id, { onDelete: 'cascade' }),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id),
    outcome: autoInvestOutcomeEnum('outcome').notNull(),
    reason: autoInvestReasonEnum('reason'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    investmentId: uuid('investment_id').references(() => investments.id),
    /** The decision's inputs (plan.ts `inputsToJson`): replaying them gives the same outcome. */
    inputs: jsonb('inputs').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Idempotent: one decision per mandate and venture, whatever runs twice.
    uniqueIndex('auto_invest_allocations_mandate_venture_idx').on(t.mandateId, t.ventureId),
    uniqueIndex('auto_invest_allocations_run_sequence_idx').on(t.runId, t.sequence),
    index('auto_invest_allocations_venture_idx').on(t.ventureId),
    check(
      'auto_invest_allocations_outcome_shape',
      sql`(${t.outcome} = 'invested' AND ${t.reason} IS NULL AND ${t.investmentId} IS NOT NULL AND ${t.amountCents} > 0)
        OR (${t.outcome} = 'skipped' AND ${t.reason} IS NOT NULL AND ${t.investmentId} IS NULL AND ${t.amountCents} = 0)`,
    ),
  ],
);
