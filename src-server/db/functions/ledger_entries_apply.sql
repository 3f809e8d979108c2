-- The ledger's first rule, enforced by the database itself (ARCHITECTURE.md, "The money model"):
-- applying an entry moves its account's balance in the same statement, and records the balance
-- before and after. The UPDATE takes the account's row lock and its CHECK refuses a negative user
-- or escrow balance, so an entry can never disagree with its account.
-- An entry's id is taken after its account's row lock (not by the column default, which runs before
-- the trigger): ids then follow the order in which entries were applied to each account, so reading
-- an account's entries by id chains each balance before to the previous balance after even when
-- two transactions wait for the same account.
CREATE OR REPLACE FUNCTION ledger_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_balance bigint;
BEGIN
  UPDATE accounts
     SET balance_cents = balance_cents + NEW.amount_cents, updated_at = now()
   WHERE id = NEW.account_id
  RETURNING balance_cents INTO new_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entry for unknown account %', NEW.account_id;
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('ledger_entries', 'id'));
  NEW.balance_after_cents := new_balance;
  NEW.balance_before_cents := new_balance - NEW.amount_cents;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply();
