-- place_investment_for_session: the signed-in investor's investment in one statement (issue 16,
-- point 2). POST /api/investments sends the session token's hash instead of looking the session up
-- in a statement of its own, so a request is one round trip. It reads the session as the session
-- lookup of every other request does (src-server/modules/auth/sessions.ts findSession: this token,
-- not revoked, not expired at `p_now`, of an active user), checks the role as the route's
-- requireRole('user') does, and then calls place_investment (place_investment.sql) for that user,
-- in the same transaction: a session revoked or a user deactivated a moment before is refused at once.
--   no such live session -> error_code 'auth.login_required' (401)
--   a session of another role -> error_code 'auth.forbidden' (403)
-- Both before anything else, as the hooks answered them before validation and the handler.
-- Its parameters are place_investment's, the session token's hash in place of the user; its answer
-- (the OUT parameters) is place_investment's.
CREATE OR REPLACE FUNCTION place_investment_for_session(
  p_token_hash text, p_venture uuid, p_amount bigint, p_now timestamptz, p_key text, p_request_hash text,
  p_acknowledge boolean,
  OUT status_code integer, OUT body jsonb, OUT replayed boolean, OUT funded boolean,
  OUT error_code text, OUT error_cents bigint
) LANGUAGE plpgsql AS $$
DECLARE
  who record;
BEGIN
  replayed := false;
  funded := false;
  SELECT u.id, u.role INTO who
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > p_now AND u.is_active
   LIMIT 1;
  IF NOT FOUND THEN
    error_code := 'auth.login_required';
    RETURN;
  END IF;
  IF who.role <> 'user' THEN
    error_code := 'auth.forbidden';
    RETURN;
  END IF;
  SELECT p.status_code, p.body, p.replayed, p.funded, p.error_code, p.error_cents
    INTO status_code, body, replayed, funded, error_code, error_cents
    FROM place_investment(who.id, p_venture, p_amount, p_now, p_key, p_request_hash, p_acknowledge) p;
END;
$$;
