-- Every ledger row says what it was (issue 30, item 4; decision 0200). Older rows without a note
-- (investments placed by place_investment, an admin's deposit or deduction without a note of
-- their own) get one from their kind and their venture, as the code now writes them; then the
-- column is required. The ledger is append-only (src-server/db/functions/ledger_append_only.sql):
-- its trigger is set aside for this one UPDATE of null notes, in the migration's transaction, and
-- restored; no amount, entry or other column changes. On a new database the trigger does not
-- exist yet (the functions are applied after the migrations) and there are no rows.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_transactions_append_only'
              AND tgrelid = 'ledger_transactions'::regclass) THEN
    ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_append_only;
  END IF;
END $$;--> statement-breakpoint
-- The kind is compared as text: on PostgreSQL 15 an enum value added earlier in the same migration
-- run, such as 'revocation', cannot be used as an enum literal before it is committed: 55P04.
UPDATE ledger_transactions t
   SET note = CASE t.kind::text
       WHEN 'investment' THEN
         CASE WHEN EXISTS (SELECT 1 FROM investments i JOIN auto_invest_allocations a ON a.investment_id = i.id
                            WHERE i.ledger_transaction_id = t.id)
              THEN 'Auto-invest: investment in ' ELSE 'Investment in ' END
         || coalesce(v.title, 'a venture')
       WHEN 'refund' THEN 'Refund of the investments in ' || coalesce(v.title, 'a venture')
       WHEN 'revocation' THEN 'Revocation of the investment in ' || coalesce(v.title, 'a venture')
       WHEN 'disbursement' THEN 'Loan of ' || coalesce(v.title, 'a venture') || ' disbursed'
       WHEN 'instalment' THEN 'Instalment paid by the company: ' || coalesce(v.title, 'a venture')
       WHEN 'repayment' THEN 'Repayment: ' || coalesce(v.title, 'a venture')
       WHEN 'recovery' THEN 'Recovery: ' || coalesce(v.title, 'a venture')
       WHEN 'deposit' THEN 'Deposit recorded by an admin'
       WHEN 'withdrawal' THEN 'Deduction recorded by an admin'
       ELSE 'Adjustment recorded by an admin'
     END
  FROM ledger_transactions s LEFT JOIN ventures v ON v.id = s.venture_id
 WHERE s.id = t.id AND (t.note IS NULL OR btrim(t.note) = '');--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_transactions_append_only'
              AND tgrelid = 'ledger_transactions'::regclass) THEN
    ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_append_only;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "note" SET NOT NULL;
