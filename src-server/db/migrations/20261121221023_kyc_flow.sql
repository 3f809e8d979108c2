CREATE TABLE "kyc_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"status" "kyc_status" NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"source" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_verification_id_kyc_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."kyc_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_decisions_verification_idx" ON "kyc_decisions" USING btree ("verification_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_token_idx" ON "kyc_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_external_idx" ON "kyc_verifications" USING btree ("provider","external_session_id");