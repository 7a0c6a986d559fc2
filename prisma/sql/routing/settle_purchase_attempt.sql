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
  SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id;
  IF v_attempt.id IS NULL THEN
    RETURN;
  END IF;
  -- The purchase's row first, as every statement that changes a purchase takes it.
  SELECT * INTO v_transaction FROM transactions t WHERE t.id = v_attempt.transaction_id FOR UPDATE;
  SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id FOR UPDATE;

  IF v_attempt.status IN ('SENDING', 'PENDING') THEN
    UPDATE vend_attempts a
    SET status = p_status,
        provider_reference = COALESCE(p_provider_reference, a.provider_reference),
        reason = COALESCE(p_reason, a.reason),
        latency_ms = COALESCE(a.latency_ms, p_latency_ms),
        answered_at = COALESCE(a.answered_at, now())
    WHERE a.id = p_attempt_id
    RETURNING * INTO v_attempt;
    PERFORM record_upstream_health(v_attempt.provider, v_attempt.route_id, p_health, p_reason, p_circuit_failures);
  END IF;

  IF v_transaction.status <> 'PENDING' OR EXISTS (
    SELECT 1 FROM vend_attempts a WHERE a.transaction_id = v_transaction.id AND a.attempt_number > v_attempt.attempt_number
  ) THEN
    RETURN QUERY SELECT purchase_row_of(v_transaction, false), NULL::jsonb;
    RETURN;
  END IF;

  IF v_attempt.status = 'REFUSED' AND p_may_fail_over THEN
    v_next := start_vend_attempt(v_transaction, p_default_provider, true, p_cooldown);
    IF v_next.id IS NOT NULL THEN
      RETURN QUERY SELECT purchase_row_of(v_transaction, false), to_jsonb(v_next);
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
  RETURN QUERY SELECT v_row, NULL::jsonb;
END
$fn$;
