import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  integer,
  inet,
  jsonb,
} from 'drizzle-orm/pg-core';
import {
  emailCodePurposeEnum,
  investorCategoryEnum,
  kycStatusEnum,
  newsletterFrequencyEnum,
  roleEnum,
} from './enums';

/** A person with an account: investor (`user`), `corporate`, `admin` or `superadmin` (spec 3). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased; compared case-insensitively through that. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    countryName: text('country_name').notNull().default(''),
    city: text('city'),
    address: text('address').notNull().default(''),
    newsletterFrequency: newsletterFrequencyEnum('newsletter_frequency').notNull().default('monthly'),
    transactionNotification: boolean('transaction_notification').notNull().default(false),
    latestNewsNotification: boolean('latest_news_notification').notNull().default(false),
    role: roleEnum('role').notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    // Corporate accounts (spec 3, corporate registration payload).
    companyName: text('company_name'),
    legalForm: text('legal_form'),
    registrationNumber: text('registration_number'),
    registeredAddress: text('registered_address'),
    companyEmail: text('company_email'),
    companyPhone: text('company_phone'),
    /** An e-mail change waiting for the code sent to the new address. */
    pendingEmail: text('pending_email'),
    /** Current identity-verification status, kept here so the investment gate reads it in one query. */
    kycStatus: kycStatusEnum('kyc_status').notNull().default('not_started'),
    /** EU 2020/1503 Art. 2(1)(j): non-sophisticated until an admin accepts a request (Annex II). Kept
     * here so the investment statement reads it with the KYC status. */
    investorCategory: investorCategoryEnum('investor_category').notNull().default('non_sophisticated'),
    /** Consent at registration: the versions of the terms of use and the privacy policy accepted, and when.
     * Null for accounts made before consent was asked (and for admins made by the CLI). */
    termsVersion: text('terms_version'),
    privacyVersion: text('privacy_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Second factor (TOTP, RFC 6238; API contract, "Admin sign-in and audit"): the secret being set
     * up (encrypted, until `enable` proves it with a code), the enabled secret (encrypted), when it was
     * enabled, and the last 30-second step accepted (a code is never accepted twice). */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    check('users_email_normalized', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/** Server-side sessions: only the SHA-256 of the `sid` token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Six-digit codes sent by e-mail (verification, password reset, e-mail change); stored hashed. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailCodePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** For an e-mail change: the address the code was sent to. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** The ten single-use recovery codes of a second factor, stored hashed; `usedAt` burns one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * The audit trail (API contract, "Admin sign-in and audit"): one row per change an admin makes,
 * written in the change's own transaction. Append-only: a trigger (db/functions/audit_append_only.sql)
 * refuses UPDATE, DELETE and TRUNCATE. The actor's e-mail and role are kept as they were at the time.
 * `before` and `after` hold only the fields that changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
