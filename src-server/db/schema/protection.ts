import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sophisticatedRequestStatusEnum } from './enums';
import { users } from './users';
import { ventures } from './ventures';

/**
 * Investor protection (EU 2020/1503 Art. 21; Delegated Regulation 2022/2114; API contract "Investor
 * protection"). Every table here only grows: a new test, acknowledgement or simulation is a new row,
 * so the history an admin (or a supervisor) reads is never overwritten. Times are business time.
 */

/** One sitting of the entry knowledge test (Art. 21(2)(a)). */
export const knowledgeTestAttempts = pgTable(
  'knowledge_test_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language the questions were asked in. */
    language: text('language').notNull(),
    /** `{ [questionId]: optionId }` as submitted. */
    answers: jsonb('answers').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    /** Percent right, 0..100, rounded down. */
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    /** Topics with no question answered right. */
    topicsMissed: text('topics_missed').array().notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** Two years after `takenAt` (then `review_due`). */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('knowledge_test_attempts_user_idx').on(t.userId, t.takenAt.desc()),
    check('knowledge_test_attempts_score', sql`${t.score} BETWEEN 0 AND 100 AND ${t.correct} <= ${t.total}`),
  ],
);

/** The investor confirmed the risk warning after a failed test (Art. 21(5)). */
export const riskAcknowledgements = pgTable(
  'risk_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The failed attempt it follows. */
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => knowledgeTestAttempts.id, { onDelete: 'cascade' }),
    /** The warning's text as shown, in the language shown. */
    warningText: text('warning_text').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('risk_acknowledgements_user_idx').on(t.userId, t.acknowledgedAt.desc())],
);

/** One simulation of the ability to bear loss (Art. 21(4)). Money in cents. */
export const lossSimulations = pgTable(
  'loss_simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    annualIncomeCents: bigint('annual_income_cents', { mode: 'bigint' }).notNull(),
    liquidAssetsCents: bigint('liquid_assets_cents', { mode: 'bigint' }).notNull(),
    annualCommitmentsCents: bigint('annual_commitments_cents', { mode: 'bigint' }).notNull(),
    /** income + liquid assets - commitments (may be negative). */
    netWorthCents: bigint('net_worth_cents', { mode: 'bigint' }).notNull(),
    /** 10 % of the net worth, 0 when it is negative. */
    capacityCents: bigint('capacity_cents', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loss_simulations_user_idx').on(t.userId, t.createdAt.desc()),
    check(
      'loss_simulations_inputs_nonnegative',
      sql`${t.annualIncomeCents} >= 0 AND ${t.liquidAssetsCents} >= 0 AND ${t.annualCommitmentsCents} >= 0 AND ${t.capacityCents} >= 0`,
    ),
  ],
);

/** A request to be treated as a sophisticated investor (Annex II), and the admin's decision. */
export const sophisticatedRequests = pgTable(
  'sophisticated_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Annex II criteria claimed (SOPHISTICATED_CRITERIA). */
    criteria: text('criteria').array().notNull(),
    /** The evidence, stored encrypted beside the KYC documents. */
    evidencePath: text('evidence_path').notNull(),
    evidenceMimeType: text('evidence_mime_type').notNull(),
    evidenceName: text('evidence_name').notNull(),
    evidenceSizeBytes: integer('evidence_size_bytes').notNull(),
    status: sophisticatedRequestStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sophisticated_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('sophisticated_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * A venture's key investment information sheet (Art. 23, Delegated Regulation 2022/2119). `fields` is
 * the company's draft, edited freely; `publishedFields` is what the public PDF shows, copied from the
 * draft when an admin approves the venture (or a revision of it), so an approved venture's edits do not
 * reach investors before review.
 */
export const ventureKiis = pgTable('venture_kiis', {
  ventureId: uuid('venture_id')
    .primaryKey()
    .references(() => ventures.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  publishedFields: jsonb('published_fields'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});
