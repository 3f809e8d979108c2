import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  jsonb,
} from 'drizzle-orm/pg-core';
import {
  adminStatusEnum,
  lifecycleStatusEnum,
  repaymentFrequencyEnum,
  repaymentTypeEnum,
  riskLevelEnum,
  ventureTypeEnum,
  visibilityEnum,
} from './enums';
import { users } from './users';

/** A venture (spec 3). Money columns are integer cents. */
export const ventures = pgTable(
  'ventures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull(),
    longDescription: text('long_description').notNull(),
    collateralDescription: text('collateral_description').notNull(),
    /** ISO 3166-1 alpha-2 code of an African country. */
    country: text('country').notNull(),
    ventureType: ventureTypeEnum('venture_type').notNull(),
    riskLevel: riskLevelEnum('risk_level').notNull().default('medium'),
    minInvestmentCents: bigint('min_investment_cents', { mode: 'bigint' }).notNull(),
    maxInvestmentCents: bigint('max_investment_cents', { mode: 'bigint' }).notNull(),
    targetAmountCents: bigint('target_amount_cents', { mode: 'bigint' }).notNull(),
    amountFundedCents: bigint('amount_funded_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Percent a year, two decimals. */
    expectedReturn: numeric('expected_return', { precision: 5, scale: 2 }).notNull(),
    /** Months. */
    investmentPeriod: integer('investment_period').notNull(),
    closingDate: timestamp('closing_date', { withTimezone: true }).notNull(),
    collateralValueCents: bigint('collateral_value_cents', { mode: 'bigint' }).notNull(),
    loanToValue: numeric('loan_to_value', { precision: 5, scale: 2 }).notNull(),
    isConvertible: boolean('is_convertible').notNull().default(false),
    /** The loan's repayment terms (API contract, "Loan servicing"): money terms, frozen like the others. */
    repaymentType: repaymentTypeEnum('repayment_type').notNull().default('bullet'),
    repaymentFrequency: repaymentFrequencyEnum('repayment_frequency').notNull().default('monthly'),
    /** Interest-only periods at the start of the schedule. */
    gracePeriods: integer('grace_periods').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lifecycleStatus: lifecycleStatusEnum('lifecycle_status').notNull().default('coming-soon'),
    visibility: visibilityEnum('visibility').notNull().default('draft'),
    adminStatus: adminStatusEnum('admin_status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    adminReviewedAt: timestamp('admin_reviewed_at', { withTimezone: true }),
    adminReviewedBy: uuid('admin_reviewed_by').references(() => users.id),
    /** An approved venture's proposed revision (API contract, venture rules): the edited fields with
     * their new values, kept off the public version until an admin approves them with the review call;
     * when it was proposed. Null when nothing awaits review. */
    pendingChanges: jsonb('pending_changes'),
    pendingChangesAt: timestamp('pending_changes_at', { withTimezone: true }),
    dateIssued: timestamp('date_issued', { withTimezone: true }),
    goesLiveAt: timestamp('goes_live_at', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    /** Lower-cased title, short description and tags, for `search` (trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`venture_search_text(title, short_description, tags)`,
    ),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'ventures_funded_within_target',
      sql`${t.amountFundedCents} >= 0 AND ${t.amountFundedCents} <= ${t.targetAmountCents}`,
    ),
    check('ventures_target_positive', sql`${t.targetAmountCents} > 0`),
    check('ventures_min_investment_platform_minimum', sql`${t.minInvestmentCents} >= 3000`),
    check(
      'ventures_investment_bounds',
      sql`${t.minInvestmentCents} <= ${t.maxInvestmentCents} AND ${t.maxInvestmentCents} <= ${t.targetAmountCents}`,
    ),
    check('ventures_expected_return_range', sql`${t.expectedReturn} > 0 AND ${t.expectedReturn} <= 100`),
    check('ventures_investment_period_range', sql`${t.investmentPeriod} BETWEEN 1 AND 360`),
    check('ventures_loan_to_value_range', sql`${t.loanToValue} >= 0 AND ${t.loanToValue} <= 100`),
    check('ventures_grace_periods_range', sql`${t.gracePeriods} >= 0 AND ${t.gracePeriods} < 360`),
    check('ventures_collateral_value_nonnegative', sql`${t.collateralValueCents} >= 0`),
    check('ventures_at_most_four_images', sql`cardinality(${t.images}) <= 4`),
    check('ventures_at_most_twenty_tags', sql`cardinality(${t.tags}) <= 20`),
    index('ventures_created_by_idx').on(t.createdBy),
    // The default order is createdAt desc with the id as tie-breaker: both in the index, so a page
    // is read straight off it and the scan stops after `limit` rows. The columns of every other
    // spec 9 filter follow (they do not change the order): the total of any filter set but search is
    // then an index-only scan of this index instead of a read of the whole table (README,
    // "Performance"; tests/bench/ventures-explain.md).
    index('ventures_public_created_at_id_idx')
      .on(
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.ventureType,
        t.lifecycleStatus,
        t.riskLevel,
        t.isConvertible,
        t.country,
        t.minInvestmentCents,
        t.expectedReturn,
        t.closingDate,
      )
      .where(sql`${t.adminStatus} = 'approved' AND ${t.visibility} = 'public' AND NOT ${t.isDeleted}`),
    // The enum filters, each leading an index in the default order (page and count read the index).
    ...(['ventureType', 'lifecycleStatus', 'riskLevel', 'country'] as const).map((key) =>
      index(`ventures_public_${key}_created_idx`)
        .on(t[key], t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.adminStatus} = 'approved' AND ${t.visibility} = 'public' AND NOT ${t.isDeleted}`),
    ),
    index('ventures_admin_created_at_idx').on(t.createdAt.desc()),
    // Every public sort key, within the public rows only (contract: default sort createdAt desc).
    ...(['closingDate', 'expectedReturn', 'targetAmountCents', 'amountFundedCents'] as const).map((key) =>
      index(`ventures_public_${key}_idx`)
        .on(t[key], t.id)
        .where(sql`${t.adminStatus} = 'approved' AND ${t.visibility} = 'public' AND NOT ${t.isDeleted}`),
    ),
    index('ventures_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The closing-date job: ventures still raising money, by closing date.
    index('ventures_raising_closing_date_idx')
      .on(t.closingDate)
      .where(sql`${t.lifecycleStatus} = 'new' AND ${t.cancelledAt} IS NULL`),
  ],
);
