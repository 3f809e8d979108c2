CREATE TYPE "public"."auto_invest_outcome" AS ENUM('invested', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."auto_invest_reason" AS ENUM('no_balance', 'below_minimum', 'company_cap', 'protection_missing', 'venture_full');--> statement-breakpoint
CREATE TABLE "auto_invest_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"mandate_id" uuid NOT NULL,
	"venture_id" uuid NOT NULL,
	"outcome" "auto_invest_outcome" NOT NULL,
	"reason" "auto_invest_reason",
	"amount_cents" bigint NOT NULL,
	"investment_id" uuid,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_invest_allocations_outcome_shape" CHECK (("auto_invest_allocations"."outcome" = 'invested' AND "auto_invest_allocations"."reason" IS NULL AND "auto_invest_allocations"."investment_id" IS NOT NULL AND "auto_invest_allocations"."amount_cents" > 0)
        OR ("auto_invest_allocations"."outcome" = 'skipped' AND "auto_invest_allocations"."reason" IS NOT NULL AND "auto_invest_allocations"."investment_id" IS NULL AND "auto_invest_allocations"."amount_cents" = 0))
);
--> statement-breakpoint
CREATE TABLE "auto_invest_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"budget_cents" bigint NOT NULL,
	"max_per_venture_cents" bigint NOT NULL,
	"min_return" numeric(5, 2),
	"max_return" numeric(5, 2),
	"min_period" integer,
	"max_period" integer,
	"risk_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"venture_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"warning_accepted_at" timestamp with time zone,
	"warning_threshold_cents" bigint,
	"waiting_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_invest_mandates_budget_positive" CHECK ("auto_invest_mandates"."budget_cents" > 0),
	CONSTRAINT "auto_invest_mandates_max_within_budget" CHECK ("auto_invest_mandates"."max_per_venture_cents" > 0 AND "auto_invest_mandates"."max_per_venture_cents" <= "auto_invest_mandates"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "auto_invest_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venture_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"invested" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_invest_allocations" ADD CONSTRAINT "auto_invest_allocations_run_id_auto_invest_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."auto_invest_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_allocations" ADD CONSTRAINT "auto_invest_allocations_mandate_id_auto_invest_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."auto_invest_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_allocations" ADD CONSTRAINT "auto_invest_allocations_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_allocations" ADD CONSTRAINT "auto_invest_allocations_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_mandates" ADD CONSTRAINT "auto_invest_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_runs" ADD CONSTRAINT "auto_invest_runs_venture_id_ventures_id_fk" FOREIGN KEY ("venture_id") REFERENCES "public"."ventures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_allocations_mandate_venture_idx" ON "auto_invest_allocations" USING btree ("mandate_id","venture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_allocations_run_sequence_idx" ON "auto_invest_allocations" USING btree ("run_id","sequence");--> statement-breakpoint
CREATE INDEX "auto_invest_allocations_venture_idx" ON "auto_invest_allocations" USING btree ("venture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_mandates_user_idx" ON "auto_invest_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auto_invest_mandates_fair_order_idx" ON "auto_invest_mandates" USING btree ("waiting_since","id") WHERE "auto_invest_mandates"."active";--> statement-breakpoint
CREATE INDEX "auto_invest_runs_venture_idx" ON "auto_invest_runs" USING btree ("venture_id");