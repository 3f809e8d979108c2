CREATE TYPE "public"."installment_status" AS ENUM('scheduled', 'late', 'paid', 'written_off');--> statement-breakpoint
CREATE TYPE "public"."loan_event_kind" AS ENUM('disbursed', 'payment', 'status', 'default', 'recovery', 'write_off');--> statement-breakpoint
CREATE TYPE "public"."loan_status" AS ENUM('current', 'late_1_15', 'late_16_30', 'late_31_60', 'late_61_90', 'default', 'recovery', 'repaid', 'written_off');--> statement-breakpoint
CREATE TYPE "public"."repayment_frequency" AS ENUM('monthly', 'quarterly');--> statement-breakpoint
CREATE TYPE "public"."repayment_type" AS ENUM('bullet', 'annuity', 'equal_principal');--> statement-breakpoint
ALTER TYPE "public"."investment_status" ADD VALUE 'written_off';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'instalment';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'recovery';--> statement-breakpoint
CREATE TABLE "business_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_clock_one_row" CHECK ("business_clock"."id" = 1),
	CONSTRAINT "business_clock_forward" CHECK ("business_clock"."offset_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cob_runs" (
	"business_date" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venture_id" uuid NOT NULL,
	"kind" "loan_event_kind" NOT NULL,
	"business_date" date NOT NULL,
	"status" "loan_status",
	"amount_cents" bigint,
	"details" jsonb,
	"note" text,
	"ledger_transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"venture_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"late_interest_cents" bigint DEFAULT 0 NOT NULL,
	"paid_principal_cents" bigint DEFAULT 0 NOT NULL,
	"paid_interest_cents" bigint DEFAULT 0 NOT NULL,
	"paid_late_interest_cents" bigint DEFAULT 0 NOT NULL,
	"status" "installment_status" DEFAULT 'scheduled' NOT NULL,
	"paid_on" date,
	CONSTRAINT "loan_installments_venture_id_number_pk" PRIMARY KEY("venture_id","number"),
	CONSTRAINT "loan_installments_number_positive" CHECK ("loan_installments"."number" >= 1),
	CONSTRAINT "loan_installments_paid_within_owed" CHECK ("loan_installments"."principal_cents" >= 0 AND "loan_installments"."interest_cents" >= 0 AND "loan_installments"."late_interest_cents" >= 0
        AND "loan_installments"."paid_principal_cents" BETWEEN 0 AND "loan_installments"."principal_cents"
        AND "loan_installments"."paid_interest_cents" BETWEEN 0 AND "loan_installments"."interest_cents"
        AND "loan_installments"."paid_late_interest_cents" BETWEEN 0 AND "loan_installments"."late_interest_cents")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"venture_id" uuid PRIMARY KEY NOT NULL,
	"status" "loan_status" DEFAULT 'current' NOT NULL,
	"disbursed_on" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"outstanding_principal_cents" bigint NOT NULL,
	"written_off_cents" bigint DEFAULT 0 NOT NULL,
	"days_late" integer DEFAULT 0 NOT NULL,
	"late_interest_rate" numeric(5, 2) NOT NULL,
	"defaulted_on" date,
	"default_declared" boolean DEFAULT false NOT NULL,
	"written_off_on" date,
	"repaid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_principal_positive" CHECK ("loans"."principal_cents" > 0),
	CONSTRAINT "loans_outstanding_within_principal" CHECK ("loans"."outstanding_principal_cents" >= 0 AND "loans"."written_off_cents" >= 0 AND "loans"."outstanding_principal_cents" + "loans"."written_off_cents" <= "loans"."principal_cents")
);
--> statement-breakpoint
ALTER TABLE "ventures" ADD COLUMN "repayment_type" "repayment_type" DEFAULT 'bullet' NOT NULL;--> statement-breakpoint
ALTER TABLE "ventures" ADD COLUMN "repayment_frequency" "repayment_frequency" DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "ventures" ADD COLUMN "grace_periods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "received_principal_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "received_interest_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "received_late_interest_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "service_fees_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "written_off_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_venture_id_loans_venture_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."loans"("venture_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_venture_id_loans_venture_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."loans"("venture_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_venture_idx" ON "loan_events" USING btree ("venture_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_events_kind_date_idx" ON "loan_events" USING btree ("kind","business_date");--> statement-breakpoint
CREATE INDEX "loan_installments_unpaid_due_idx" ON "loan_installments" USING btree ("due_date","venture_id") WHERE "loan_installments"."status" IN ('scheduled', 'late');--> statement-breakpoint
CREATE INDEX "loans_status_days_late_idx" ON "loans" USING btree ("status","days_late" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ventures" ADD CONSTRAINT "ventures_grace_periods_range" CHECK ("ventures"."grace_periods" >= 0 AND "ventures"."grace_periods" < 360);--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_received_within_principal" CHECK ("investments"."received_principal_cents" >= 0 AND "investments"."written_off_cents" >= 0 AND "investments"."received_principal_cents" + "investments"."written_off_cents" <= "investments"."amount_cents");--> statement-breakpoint
-- The platform's service-fee account (API contract, "Loan servicing": SERVICE_FEE_RATE of the interest).
INSERT INTO accounts (kind, code) VALUES ('platform', 'fees');--> statement-breakpoint
-- The business date's one row: today, not moved.
INSERT INTO business_clock (id, offset_days) VALUES (1, 0);
