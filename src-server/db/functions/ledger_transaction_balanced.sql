-- The ledger's zero sum (ARCHITECTURE.md, "The money model"): at commit, every transaction touched
-- has at least two entries that sum to zero. The trigger fires once per entry, all at commit: a
-- transaction of n entries is checked once, not n times (n x n rows read: a repayment to 1,000
-- investors spent over 100 ms here), the last transaction checked being kept for the rest of the
-- database transaction. Nothing sets these constraints IMMEDIATE, so every check runs at commit,
-- when all of a transaction's entries are written.
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id uuid;
  entry_count bigint;
  total numeric;
BEGIN
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    tx_id := NEW.id;
  ELSE
    tx_id := NEW.transaction_id;
  END IF;
  IF current_setting('ledger.balanced_checked', true) = tx_id::text THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO entry_count, total
    FROM ledger_entries WHERE transaction_id = tx_id;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (% entries, sum %)', tx_id, entry_count, total;
  END IF;
  PERFORM set_config('ledger.balanced_checked', tx_id::text, true);
  RETURN NULL;
END;
$$;

-- A constraint trigger cannot be replaced in place (CREATE OR REPLACE does not apply to it):
-- dropped and created again, in the same transaction.
DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
DROP TRIGGER IF EXISTS ledger_transactions_balanced ON ledger_transactions;
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
