-- A new purchase's first attempt (docs/architecture.md "Routes and attempts"), in one statement after the
-- begin statement: under the purchase's row lock, and only while it is pending with no attempt yet, the
-- first route that admits the order is recorded with the request id the order will be sent under. When no
-- route admits it (every route switched off or its circuit open), the purchase fails here, refunded, with
-- p_no_route_reason, and nothing is sent. `created` is false when another call got there first.
CREATE OR REPLACE FUNCTION begin_vend_attempt(
  p_transaction_id uuid, p_default_provider text, p_use_routes boolean, p_cooldown interval, p_no_route_reason text
) RETURNS TABLE (purchase purchase_row, attempt jsonb, created boolean)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_transaction transactions;
  v_attempt vend_attempts;
  v_row purchase_row;
BEGIN
  SELECT * INTO v_transaction FROM transactions WHERE id = p_transaction_id FOR UPDATE;
  IF v_transaction.id IS NULL THEN
    RETURN;
  END IF;
  SELECT * INTO v_attempt FROM vend_attempts a WHERE a.transaction_id = p_transaction_id ORDER BY a.attempt_number DESC LIMIT 1;
  IF v_transaction.status <> 'PENDING' OR v_attempt.id IS NOT NULL THEN
    RETURN QUERY SELECT purchase_row_of(v_transaction, false), CASE WHEN v_attempt.id IS NULL THEN NULL ELSE to_jsonb(v_attempt) END, false;
    RETURN;
  END IF;

  v_attempt := start_vend_attempt(v_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_row FROM settle_purchase(p_transaction_id, 'FAILED', NULL, NULL, p_no_route_reason, interval '0');
    RETURN QUERY SELECT v_row, NULL::jsonb, false;
    RETURN;
  END IF;
  RETURN QUERY SELECT purchase_row_of(v_transaction, false), to_jsonb(v_attempt), true;
END
$fn$;
