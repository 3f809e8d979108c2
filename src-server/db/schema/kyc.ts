import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kycStatusEnum } from './enums';
import { users } from './users';

/** One identity-verification attempt of a person (built-in provider or an external one). */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('builtin'),
    status: kycStatusEnum('status').notNull().default('not_started'),
    /** SHA-256 of the single-use token in the verification link. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    externalSessionId: text('external_session_id'),
    documentType: text('document_type'),
    dateOfBirth: date('date_of_birth'),
    nationality: text('nationality'),
    address: text('address'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_verifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('kyc_verifications_status_idx').on(t.status),
    uniqueIndex('kyc_verifications_token_idx').on(t.tokenHash),
    uniqueIndex('kyc_verifications_external_idx').on(t.provider, t.externalSessionId),
  ],
);

/** Documents of a verification, stored encrypted outside the public uploads folder. */
export const kycDocuments = pgTable('kyc_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  verificationId: uuid('verification_id')
    .notNull()
    .references(() => kycVerifications.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  storagePath: text('storage_path').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events of an external provider, recorded so each is applied once. */
export const kycWebhookEvents = pgTable('kyc_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every decision on a verification, with who made it and when (an audit trail; never updated). */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => kycVerifications.id, { onDelete: 'cascade' }),
    status: kycStatusEnum('status').notNull(),
    reason: text('reason'),
    /** The admin who decided; null when an external provider decided (its webhook). */
    decidedBy: uuid('decided_by').references(() => users.id),
    source: text('source').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_decisions_verification_idx').on(t.verificationId, t.decidedAt)],
);
