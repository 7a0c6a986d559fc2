-- What a vend attempt's answer (or a requery, or a callback confirmed by one) does to the purchase, in one
-- statement under the purchase's row lock (docs/operating.md "Routes and failover"):
--   the attempt records its outcome once (an attempt already answered keeps its first outcome), and its
--   route and upstream their health (p_health, see record_upstream_health);
--   DELIVERED settles the purchase successful, FAILED failed (refunded), SENDING or PENDING leaves it pending
--   for the requery, each through settle_purchase with the attempt's upstream, cost and request id;
--   REFUSED (refused before anything was executed) starts the next route's attempt when p_may_fail_over
--   (the purchase's own request, never a requery) and one admits the order, else fails the purchase.
-- Only the purchase's latest attempt settles it, and only while it is pending: an answer that comes late
-- changes nothing but its own attempt's record. Returns the purchase, and the next attempt to send if one
-- was started.
-- Every purchase settles here, so it is kept to few statements (docs/architecture.md "What keeps the hot
-- path short"): the purchase is found and locked through its attempt in one, the attempt is locked and
-- answered in one, a healthy upstream's 'ok' writes nothing and calls nothing, and the row is returned by
-- RETURN NEXT of the output columns rather than by a query.
CREATE OR REPLACE FUNCTION settle_purchase_attempt(
  p_attempt_id uuid, p_status "VendAttemptStatus", p_provider_reference text, p_reason text, p_latency_ms integer,
  p_health text, p_may_fail_over boolean, p_default_provider text, p_requery_after interval,
  p_circuit_failures integer, p_cooldown interval,
  p_token text DEFAULT NULL, p_pins jsonb DEFAULT NULL, p_units text DEFAULT NULL, p_bonus_token text DEFAULT NULL,
  p_reversal_check_after interval DEFAULT NULL
) RETURNS TABLE (purchase purchase_row, next_attempt jsonb)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_attempt vend_attempts;
  v_transaction transactions;
  v_next vend_attempts;
  v_row purchase_row;
BEGIN
  -- The purchase's row first, as every statement that changes a purchase takes it.
  SELECT t.* INTO v_transaction FROM transactions t
  WHERE t.id = (SELECT a.transaction_id FROM vend_attempts a WHERE a.id = p_attempt_id)
  FOR UPDATE OF t;
  IF v_transaction.id IS NULL THEN
    RETURN;
  END IF;

  -- Then the attempt's: answered now if it was waiting for an answer, else as it stands (every change of an
  -- attempt holds its purchase's lock, which this statement holds).
  UPDATE vend_attempts a
  SET status = p_status,
      provider_reference = COALESCE(p_provider_reference, a.provider_reference),
      reason = COALESCE(p_reason, a.reason),
      latency_ms = COALESCE(a.latency_ms, p_latency_ms),
      answered_at = COALESCE(a.answered_at, now())
  WHERE a.id = p_attempt_id AND a.status IN ('SENDING', 'PENDING')
  RETURNING * INTO v_attempt;
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id;
  ELSIF p_health IN ('route', 'upstream', 'upstream-now') OR (p_health = 'ok' AND EXISTS (
    -- 'ok' changes something only where something is on record (health_on_record).
    SELECT 1 FROM upstream_providers u
    WHERE u.name = v_attempt.provider AND health_on_record(u.consecutive_failures, u.circuit_opened_at, u.trial_started_at)
    UNION ALL
    SELECT 1 FROM product_routes r
    WHERE r.id = v_attempt.route_id AND health_on_record(r.consecutive_failures, r.circuit_opened_at, r.trial_started_at)
  )) THEN
    PERFORM record_upstream_health(v_attempt.provider, v_attempt.route_id, p_health, p_reason, p_circuit_failures);
  END IF;

  IF v_transaction.status <> 'PENDING' OR EXISTS (
    SELECT 1 FROM vend_attempts a WHERE a.transaction_id = v_transaction.id AND a.attempt_number > v_attempt.attempt_number
  ) THEN
    purchase := purchase_row_of(v_transaction, false);
    RETURN NEXT;
    RETURN;
  END IF;

  IF v_attempt.status = 'REFUSED' AND p_may_fail_over THEN
    v_next := start_vend_attempt(v_transaction, p_default_provider, true, p_cooldown);
    IF v_next.id IS NOT NULL THEN
      purchase := purchase_row_of(v_transaction, false);
      next_attempt := to_jsonb(v_next);
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  SELECT * INTO v_row FROM settle_purchase(
    v_transaction.id,
    CASE v_attempt.status WHEN 'DELIVERED' THEN 'SUCCESSFUL' WHEN 'FAILED' THEN 'FAILED' WHEN 'REFUSED' THEN 'FAILED'
                          ELSE 'PENDING' END::"TransactionStatus",
    v_attempt.provider_reference,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_token END,
    CASE WHEN v_attempt.status IN ('FAILED', 'REFUSED') THEN v_attempt.reason END,
    p_requery_after,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_pins END,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_units END,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_bonus_token END,
    p_reversal_check_after,
    v_attempt);
  purchase := v_row;
  RETURN NEXT;
END
$fn$;
