-- place_investment: one investment in one statement (issue 16, point 2). POST /api/investments calls
-- it once (through place_investment_for_session), as a prepared statement outside any explicit
-- transaction, so the rules, the locks, the ledger writes and the idempotency record are one round
-- trip and one transaction. It does what src-server/modules/investments/service.ts did in about
-- twenty statements, in the same order:
--   1. the Idempotency-Key (scope 'invest', 24 hours): an expired row is deleted, the key row is
--      inserted first (a concurrent request with the same key waits on it); an existing key answers
--      its stored answer, 'idempotency.key_reused' for another request hash or
--      'idempotency.in_progress' when it has no answer yet;
--   2. the investor: active ('auth.deactivated'), a `user` with KYC complete ('investment.not_verified');
--      then investor protection (EU 2020/1503 Art. 21; API contract, "Investor protection"), for a
--      non-sophisticated investor only: the latest knowledge test passed, or failed with that
--      attempt's risk acknowledgement (Art. 21(5)), and not past its validUntil
--      ('protection.test_required'); a loss simulation (Art. 21(4), 'protection.simulation_required').
--      This is protectionGate (src-server/modules/protection/service.ts) said in SQL, read in this
--      transaction (decision 0098);
--   3. the locks in the global order: the venture row (missing, deleted, or one the investor may not
--      see, i.e. not approved or a draft: 'venture.not_found', 404 as when it is read; it answered
--      409 'investment.not_open' before migration 20261125194503), then the investor's account row;
--   4. the rules of src-shared/rules/invest.ts in their order: open, left to fund > 0
--      ('investment.not_open'), minimum (except exactly what is left), maximum, left to fund, balance;
--      then, last, the warning threshold of Art. 21(7) for a non-sophisticated investor: an amount
--      above max(EUR 1,000, 5 % of the latest simulation's net worth) needs p_acknowledge
--      ('protection.acknowledgement_required', error_cents = the threshold);
--   5. the ledger transaction (investor -> escrow), the investment row, the venture's amountFunded;
--      reaching the target closes the funding like closeFundingIn (investments completed, venture
--      funded; the loan's start then pays the escrow out to the company and fixes the schedule, once
--      no investment in the venture can still be revoked). A non-sophisticated investor's investment
--      records risk_acknowledged and revocable_until = business time + 96 hours (Art. 22(2));
--   6. the answer stored under the key.
-- The ledger transaction's note names the venture: 'Investment in <title>', or 'Auto-invest:
-- investment in <title>' when the auto-invest job places it (p_auto_invest; decision 0200).
-- A refusal returns `error_code` (and `error_cents`, the amount its text names) after deleting the key
-- row it inserted, so nothing of the request stays, as the rolled-back transaction did before. The
-- caller maps the code to the contract's status and message. `p_now` is the app's real clock (tests move
-- it): the Idempotency-Key's 24 hours. The rules and the records read the business time (API contract,
-- "Business date"): `p_now` moved by the days in `business_clock` (0 unless BUSINESS_DATE_CONTROL moved it).
CREATE OR REPLACE FUNCTION place_investment(
  p_user uuid,
  p_venture uuid,
  p_amount bigint,
  p_now timestamptz,
  p_key text,
  p_request_hash text,
  p_acknowledge boolean,
  p_auto_invest boolean DEFAULT false,
  OUT status_code integer,
  OUT body jsonb,
  OUT replayed boolean,
  OUT funded boolean,
  OUT error_code text,
  OUT error_cents bigint
) LANGUAGE plpgsql AS $$
DECLARE
  business_now constant timestamptz :=
    p_now + coalesce((SELECT c.offset_days FROM business_clock c WHERE c.id = 1), 0) * interval '1 day';
  iso_now constant text := to_char(business_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  investor record;
  stored record;
  venture ventures%ROWTYPE;
  account_id uuid;
  balance bigint;
  escrow_id uuid;
  left_cents bigint;
  transaction_id uuid;
  investment_id uuid;
  expected bigint;
  funded_cents bigint;
  new_status investment_status := 'invested';
  sophisticated boolean;
  latest_test record;
  net_worth bigint;
  threshold bigint;
  revocable timestamptz;
BEGIN
  replayed := false;
  funded := false;

  -- 1. The idempotency record, first: a second request with the same key waits here.
  IF p_key IS NOT NULL THEN
    DELETE FROM idempotency_keys k
     WHERE k.user_id = p_user AND k.scope = 'invest' AND k.key = p_key
       AND k.created_at < p_now - interval '24 hours';
    INSERT INTO idempotency_keys (user_id, scope, key, request_hash, created_at)
    VALUES (p_user, 'invest', p_key, p_request_hash, p_now)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT k.status_code, k.request_hash, k.response_body INTO stored
        FROM idempotency_keys k
       WHERE k.user_id = p_user AND k.scope = 'invest' AND k.key = p_key;
      IF NOT FOUND OR stored.status_code IS NULL THEN
        error_code := 'idempotency.in_progress';
      ELSIF stored.request_hash <> p_request_hash THEN
        error_code := 'idempotency.key_reused';
      ELSE
        status_code := stored.status_code;
        body := stored.response_body;
        replayed := true;
      END IF;
      RETURN;
    END IF;
  END IF;

  -- 2. The investor.
  SELECT u.role, u.is_active, u.kyc_status, u.investor_category INTO investor FROM users u WHERE u.id = p_user;
  IF NOT FOUND OR NOT investor.is_active THEN
    error_code := 'auth.deactivated';
  ELSIF investor.role <> 'user' OR investor.kyc_status <> 'complete' THEN
    error_code := 'investment.not_verified';
  END IF;

  -- 2b. Investor protection (Art. 21), for a non-sophisticated investor (protectionGate's rule).
  IF error_code IS NULL THEN
    sophisticated := investor.investor_category = 'sophisticated';
    IF NOT sophisticated THEN
      SELECT a.id, a.passed, a.valid_until INTO latest_test
        FROM knowledge_test_attempts a WHERE a.user_id = p_user
       ORDER BY a.taken_at DESC, a.id DESC LIMIT 1;
      IF NOT FOUND OR business_now > latest_test.valid_until
         OR (NOT latest_test.passed
             AND NOT EXISTS (SELECT 1 FROM risk_acknowledgements r WHERE r.attempt_id = latest_test.id)) THEN
        error_code := 'protection.test_required';
      ELSE
        SELECT s.net_worth_cents INTO net_worth
          FROM loss_simulations s WHERE s.user_id = p_user
         ORDER BY s.created_at DESC, s.id DESC LIMIT 1;
        IF NOT FOUND THEN
          error_code := 'protection.simulation_required';
        END IF;
        -- Art. 21(7): the higher of EUR 1,000 and 5 % of the net worth, rounded down (warningThresholdCents).
        threshold := CASE WHEN net_worth IS NULL OR net_worth <= 0 THEN 100000
                          ELSE greatest(100000, net_worth * 5 / 100) END;
      END IF;
    END IF;
  END IF;

  -- 3. The locks: the venture, then the investor's account (no account: a balance of 0).
  IF error_code IS NULL THEN
    SELECT * INTO venture FROM ventures v WHERE v.id = p_venture FOR UPDATE;
    -- A venture the investor may not see (not approved, or a draft) is not found, as when read.
    IF NOT FOUND OR venture.is_deleted OR venture.admin_status <> 'approved' OR venture.visibility = 'draft' THEN
      error_code := 'venture.not_found';
    END IF;
  END IF;
  IF error_code IS NULL THEN
    SELECT a.id, a.balance_cents INTO account_id, balance FROM accounts a WHERE a.user_id = p_user FOR UPDATE;
    balance := coalesce(balance, 0);

    -- 4. The rules, in src-shared/rules/invest.ts's order (dates compared to the millisecond, as there).
    left_cents := greatest(venture.target_amount_cents - venture.amount_funded_cents, 0);
    IF venture.lifecycle_status <> 'new' OR venture.cancelled_at IS NOT NULL
       OR date_trunc('milliseconds', venture.goes_live_at) > business_now
       OR NOT (date_trunc('milliseconds', venture.closing_date) > business_now)
       OR left_cents <= 0 THEN
      error_code := 'investment.not_open';
    ELSIF p_amount <= 0 OR (p_amount < venture.min_investment_cents AND p_amount <> left_cents) THEN
      error_code := 'investment.below_minimum';
      error_cents := venture.min_investment_cents;
    ELSIF p_amount > venture.max_investment_cents THEN
      error_code := 'investment.above_maximum';
      error_cents := venture.max_investment_cents;
    ELSIF p_amount > left_cents THEN
      error_code := 'investment.left_to_fund';
      error_cents := left_cents;
    ELSIF p_amount > balance THEN
      error_code := 'investment.insufficient_balance';
    ELSIF NOT sophisticated AND p_amount > threshold AND p_acknowledge IS NOT TRUE THEN
      -- Art. 21(7): above the warning threshold, the investor's explicit acknowledgement.
      error_code := 'protection.acknowledgement_required';
      error_cents := threshold;
    END IF;
  END IF;

  IF error_code IS NOT NULL THEN
    -- Refused: the key stays free for a retry (the old code rolled its insert back).
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_keys k WHERE k.user_id = p_user AND k.scope = 'invest' AND k.key = p_key;
    END IF;
    RETURN;
  END IF;

  -- 5. The money: investor -> escrow (the ledger_entries_apply trigger moves both balances).
  SELECT a.id INTO escrow_id FROM accounts a WHERE a.venture_id = venture.id;
  IF NOT FOUND THEN
    INSERT INTO accounts (kind, venture_id) VALUES ('escrow', venture.id) ON CONFLICT DO NOTHING;
    SELECT a.id INTO escrow_id FROM accounts a WHERE a.venture_id = venture.id;
  END IF;
  -- The note names the venture (decision 0200): every ledger row says what it was.
  INSERT INTO ledger_transactions (kind, created_by, venture_id, note, idempotency_key, created_at)
  VALUES ('investment', p_user, venture.id,
          CASE WHEN p_auto_invest THEN 'Auto-invest: investment in ' ELSE 'Investment in ' END || venture.title,
          CASE WHEN p_key IS NULL THEN NULL ELSE 'invest:' || p_user || ':' || p_key || ':' || iso_now END,
          business_now)
  RETURNING id INTO transaction_id;
  INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, created_at)
  VALUES (transaction_id, account_id, -p_amount, business_now), (transaction_id, escrow_id, p_amount, business_now);

  -- totalExpectedReturn = amount x expectedReturn% x months / 12, rounded half up to the cent.
  expected := div(2 * p_amount::numeric * (venture.expected_return * 100) * venture.investment_period + 120000,
                  240000)::bigint;
  -- Art. 22(2): a non-sophisticated investor may revoke for 96 hours of business time.
  revocable := CASE WHEN sophisticated THEN NULL ELSE business_now + interval '96 hours' END;
  INSERT INTO investments (venture_id, user_id, amount_cents, total_expected_return_cents,
                           ledger_transaction_id, investment_date, updated_at,
                           revocable_until, risk_acknowledged)
  VALUES (venture.id, p_user, p_amount, expected, transaction_id, business_now, business_now,
          revocable, NOT sophisticated AND p_acknowledge IS TRUE)
  RETURNING id INTO investment_id;
  UPDATE ventures v SET amount_funded_cents = v.amount_funded_cents + p_amount, updated_at = business_now
   WHERE v.id = venture.id
  RETURNING v.amount_funded_cents INTO funded_cents;

  -- The target is reached: the funding closes (investments completed, venture funded). The escrow
  -- stays: the loan's start pays it out to the company's balance and fixes the schedule
  -- (src-server/modules/servicing/loans.ts, right after this statement, or the next close of business).
  IF funded_cents = venture.target_amount_cents THEN
    UPDATE investments i SET status = 'completed', updated_at = business_now
     WHERE i.venture_id = venture.id AND i.status = 'invested';
    UPDATE ventures v SET lifecycle_status = 'funded', updated_at = business_now WHERE v.id = venture.id;
    funded := true;
    new_status := 'completed';
  END IF;

  -- 6. The answer (the contract's shape, euros as numbers), stored under the key.
  status_code := 201;
  body := jsonb_build_object(
    'message', 'Investment successful!',
    'data', jsonb_build_object(
      '_id', investment_id,
      'venture', jsonb_build_object('_id', venture.id, 'title', venture.title),
      'amount', round(p_amount / 100.0, 2),
      'profitPaid', 0,
      'status', new_status,
      'totalExpectedReturn', round(expected / 100.0, 2),
      'investmentDate', iso_now,
      'revocableUntil', CASE WHEN revocable IS NULL THEN NULL
                             ELSE to_char(revocable AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END));
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201, response_body = body
     WHERE k.user_id = p_user AND k.scope = 'invest' AND k.key = p_key;
  END IF;
END;
$$;
