-- Search over title, short description and tags, case-insensitive, with a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- array_to_string is only STABLE in general; for text[] it is immutable, which a generated column needs.
CREATE FUNCTION venture_search_text(title text, short_description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(title || ' ' || short_description || ' ' || array_to_string(tags, ' ')) $$;--> statement-breakpoint
ALTER TABLE "ventures" ADD COLUMN "search_text" text GENERATED ALWAYS AS (venture_search_text(title, short_description, tags)) STORED;--> statement-breakpoint
CREATE INDEX "ventures_public_closingDate_idx" ON "ventures" USING btree ("closing_date","id") WHERE "ventures"."admin_status" = 'approved' AND "ventures"."visibility" = 'public' AND NOT "ventures"."is_deleted";--> statement-breakpoint
CREATE INDEX "ventures_public_expectedReturn_idx" ON "ventures" USING btree ("expected_return","id") WHERE "ventures"."admin_status" = 'approved' AND "ventures"."visibility" = 'public' AND NOT "ventures"."is_deleted";--> statement-breakpoint
CREATE INDEX "ventures_public_targetAmountCents_idx" ON "ventures" USING btree ("target_amount_cents","id") WHERE "ventures"."admin_status" = 'approved' AND "ventures"."visibility" = 'public' AND NOT "ventures"."is_deleted";--> statement-breakpoint
CREATE INDEX "ventures_public_amountFundedCents_idx" ON "ventures" USING btree ("amount_funded_cents","id") WHERE "ventures"."admin_status" = 'approved' AND "ventures"."visibility" = 'public' AND NOT "ventures"."is_deleted";--> statement-breakpoint
CREATE INDEX "ventures_search_text_idx" ON "ventures" USING gin ("search_text" gin_trgm_ops);