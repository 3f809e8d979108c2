CREATE TYPE "public"."account_kind" AS ENUM('user', 'escrow', 'platform');--> statement-breakpoint
CREATE TYPE "public"."admin_status" AS ENUM('pending', 'under-review', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."email_code_purpose" AS ENUM('verify-email', 'reset-password', 'change-email');--> statement-breakpoint
CREATE TYPE "public"."investment_status" AS ENUM('invested', 'completed', 'repaid', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."kyc_status" AS ENUM('not_started', 'pending', 'complete', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('deposit', 'withdrawal', 'adjustment', 'investment', 'refund', 'disbursement', 'repayment');--> statement-breakpoint
CREATE TYPE "public"."lifecycle_status" AS ENUM('coming-soon', 'new', 'funded', 'repaid');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('unread', 'read');--> statement-breakpoint
CREATE TYPE "public"."newsletter_frequency" AS ENUM('daily', 'weekly', 'monthly', 'yearly', 'never');--> statement-breakpoint
CREATE TYPE "public"."risk_level" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('user', 'corporate', 'admin', 'superadmin');--> statement-breakpoint
CREATE TYPE "public"."venture_type" AS ENUM('business', 'sme', 'leasing', 'realestate');--> statement-breakpoint
CREATE TYPE "public"."visibility" AS ENUM('public', 'private', 'draft');--> statement-breakpoint
CREATE TABLE "email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_code_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"new_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country_name" text DEFAULT '' NOT NULL,
	"city" text,
	"address" text DEFAULT '' NOT NULL,
	"newsletter_frequency" "newsletter_frequency" DEFAULT 'monthly' NOT NULL,
	"transaction_notification" boolean DEFAULT false NOT NULL,
	"latest_news_notification" boolean DEFAULT false NOT NULL,
	"role" "role" DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"email_verified_at" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"company_name" text,
	"legal_form" text,
	"registration_number" text,
	"registered_address" text,
	"company_email" text,
	"company_phone" text,
	"kyc_status" "kyc_status" DEFAULT 'not_started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_normalized" CHECK ("users"."email" = lower(btrim("users"."email")))
);
--> statement-breakpoint
CREATE TABLE "ventures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"short_description" text NOT NULL,
	"long_description" text NOT NULL,
	"collateral_description" text NOT NULL,
	"country" text NOT NULL,
	"venture_type" "venture_type" NOT NULL,
	"risk_level" "risk_level" DEFAULT 'medium' NOT NULL,
	"min_investment_cents" bigint NOT NULL,
	"max_investment_cents" bigint NOT NULL,
	"target_amount_cents" bigint NOT NULL,
	"amount_funded_cents" bigint DEFAULT 0 NOT NULL,
	"expected_return" numeric(5, 2) NOT NULL,
	"investment_period" integer NOT NULL,
	"closing_date" timestamp with time zone NOT NULL,
	"collateral_value_cents" bigint NOT NULL,
	"loan_to_value" numeric(5, 2) NOT NULL,
	"is_convertible" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"lifecycle_status" "lifecycle_status" DEFAULT 'coming-soon' NOT NULL,
	"visibility" "visibility" DEFAULT 'draft' NOT NULL,
	"admin_status" "admin_status" DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"admin_reviewed_at" timestamp with time zone,
	"admin_reviewed_by" uuid,
	"date_issued" timestamp with time zone,
	"goes_live_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ventures_funded_within_target" CHECK ("ventures"."amount_funded_cents" >= 0 AND "ventures"."amount_funded_cents" <= "ventures"."target_amount_cents"),
	CONSTRAINT "ventures_target_positive" CHECK ("ventures"."target_amount_cents" > 0),
	CONSTRAINT "ventures_min_investment_platform_minimum" CHECK ("ventures"."min_investment_cents" >= 3000),
	CONSTRAINT "ventures_investment_bounds" CHECK ("ventures"."min_investment_cents" <= "ventures"."max_investment_cents" AND "ventures"."max_investment_cents" <= "ventures"."target_amount_cents"),
	CONSTRAINT "ventures_expected_return_range" CHECK ("ventures"."expected_return" > 0 AND "ventures"."expected_return" <= 100),
	CONSTRAINT "ventures_investment_period_range" CHECK ("ventures"."investment_period" BETWEEN 1 AND 360),
	CONSTRAINT "ventures_loan_to_value_range" CHECK ("ventures"."loan_to_value" >= 0 AND "ventures"."loan_to_value" <= 100),
	CONSTRAINT "ventures_collateral_value_nonnegative" CHECK ("ventures"."collateral_value_cents" >= 0),
	CONSTRAINT "ventures_at_most_four_images" CHECK (cardinality("ventures"."images") <= 4),
	CONSTRAINT "ventures_at_most_twenty_tags" CHECK (cardinality("ventures"."tags") <= 20)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "account_kind" NOT NULL,
	"user_id" uuid,
	"venture_id" uuid,
	"code" text,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_owner_matches_kind" CHECK (("accounts"."kind" = 'user' AND "accounts"."user_id" IS NOT NULL AND "accounts"."venture_id" IS NULL AND "accounts"."code" IS NULL)
       OR ("accounts"."kind" = 'escrow' AND "accounts"."venture_id" IS NOT NULL AND "accounts"."user_id" IS NULL AND "accounts"."code" IS NULL)
       OR ("accounts"."kind" = 'platform' AND "accounts"."code" IS NOT NULL AND "accounts"."user_id" IS NULL AND "accounts"."venture_id" IS NULL)),
	CONSTRAINT "balance_nonnegative" CHECK ("accounts"."kind" = 'platform' OR "accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_before_cents" bigint DEFAULT 0 NOT NULL,
	"balance_after_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_balance_arithmetic" CHECK ("ledger_entries"."balance_after_cents" = "ledger_entries"."balance_before_cents" + "ledger_entries"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"created_by" uuid,
	"venture_id" uuid,
	"note" text,
	"proof_path" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venture_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"profit_paid_cents" bigint DEFAULT 0 NOT NULL,
	"repaid_cents" bigint DEFAULT 0 NOT NULL,
	"total_expected_return_cents" bigint NOT NULL,
	"status" "investment_status" DEFAULT 'invested' NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"investment_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount_cents" > 0),
	CONSTRAINT "investments_profit_nonnegative" CHECK ("investments"."profit_paid_cents" >= 0 AND "investments"."repaid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" "mail_status" DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"status" "kyc_status" DEFAULT 'not_started' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"external_session_id" text,
	"date_of_birth" date,
	"nationality" text,
	"address" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventures" ADD CONSTRAINT "ventures_admin_reviewed_by_users_id_fk" FOREIGN KEY ("admin_reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventures" ADD CONSTRAINT "ventures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_verification_id_kyc_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."kyc_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_user_purpose_idx" ON "email_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ventures_created_by_idx" ON "ventures" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "ventures_public_created_at_idx" ON "ventures" USING btree ("created_at" DESC NULLS LAST) WHERE "ventures"."admin_status" = 'approved' AND "ventures"."visibility" = 'public' AND NOT "ventures"."is_deleted";--> statement-breakpoint
CREATE INDEX "ventures_admin_created_at_idx" ON "ventures" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_id_key" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_venture_id_key" ON "accounts" USING btree ("venture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_key" ON "accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "accounts_updated_at_idx" ON "accounts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_idx" ON "ledger_entries" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_venture_id_idx" ON "ledger_transactions" USING btree ("venture_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_at_idx" ON "ledger_transactions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investments_venture_id_idx" ON "investments" USING btree ("venture_id");--> statement-breakpoint
CREATE INDEX "investments_user_id_idx" ON "investments" USING btree ("user_id","investment_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investments_date_idx" ON "investments" USING btree ("investment_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_mails_status_created_idx" ON "contact_mails" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_verifications_user_idx" ON "kyc_verifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_verifications_status_idx" ON "kyc_verifications" USING btree ("status");