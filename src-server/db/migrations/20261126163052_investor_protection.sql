CREATE TYPE "public"."investor_category" AS ENUM('non_sophisticated', 'sophisticated');--> statement-breakpoint
CREATE TYPE "public"."sophisticated_request_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."investment_status" ADD VALUE 'revoked';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'revocation';--> statement-breakpoint
CREATE TABLE "knowledge_test_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"answers" jsonb NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"topics_missed" text[] NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	CONSTRAINT "knowledge_test_attempts_score" CHECK ("knowledge_test_attempts"."score" BETWEEN 0 AND 100 AND "knowledge_test_attempts"."correct" <= "knowledge_test_attempts"."total")
);
--> statement-breakpoint
CREATE TABLE "loss_simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"annual_income_cents" bigint NOT NULL,
	"liquid_assets_cents" bigint NOT NULL,
	"annual_commitments_cents" bigint NOT NULL,
	"net_worth_cents" bigint NOT NULL,
	"capacity_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loss_simulations_inputs_nonnegative" CHECK ("loss_simulations"."annual_income_cents" >= 0 AND "loss_simulations"."liquid_assets_cents" >= 0 AND "loss_simulations"."annual_commitments_cents" >= 0 AND "loss_simulations"."capacity_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "risk_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"warning_text" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sophisticated_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"criteria" text[] NOT NULL,
	"evidence_path" text NOT NULL,
	"evidence_mime_type" text NOT NULL,
	"evidence_name" text NOT NULL,
	"evidence_size_bytes" integer NOT NULL,
	"status" "sophisticated_request_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venture_kiis" (
	"venture_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"published_fields" jsonb,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "investor_category" "investor_category" DEFAULT 'non_sophisticated' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "revocable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "revocation_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "risk_acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_test_attempts" ADD CONSTRAINT "knowledge_test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loss_simulations" ADD CONSTRAINT "loss_simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acknowledgements" ADD CONSTRAINT "risk_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acknowledgements" ADD CONSTRAINT "risk_acknowledgements_attempt_id_knowledge_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."knowledge_test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sophisticated_requests" ADD CONSTRAINT "sophisticated_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sophisticated_requests" ADD CONSTRAINT "sophisticated_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venture_kiis" ADD CONSTRAINT "venture_kiis_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venture_kiis" ADD CONSTRAINT "venture_kiis_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_test_attempts_user_idx" ON "knowledge_test_attempts" USING btree ("user_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loss_simulations_user_idx" ON "loss_simulations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "risk_acknowledgements_user_idx" ON "risk_acknowledgements" USING btree ("user_id","acknowledged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sophisticated_requests_user_idx" ON "sophisticated_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sophisticated_requests_status_idx" ON "sophisticated_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_revocation_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("revocation_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_revocable_idx" ON "investments" USING btree ("venture_id","revocable_until") WHERE "investments"."revocable_until" IS NOT NULL AND "investments"."revoked_at" IS NULL;