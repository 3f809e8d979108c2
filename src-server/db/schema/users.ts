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
} from 'drizzle-orm/pg-core';
import { emailCodePurposeEnum, kycStatusEnum, newsletterFrequencyEnum, roleEnum } from './enums';

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
