-- Issue 38 review: the rule "something is on record for an 'ok' to clear" (a run of failures, an open
-- circuit, a trial) is one inlined function, health_on_record, instead of the same condition written in
-- record_upstream_health twice and settle_purchase_attempt twice; signatures unchanged. And
-- assert_key_authorization, no longer called since stored_purchase checks a remembered key itself
-- (20261127140003) and kept one release for calls under way during that deploy, is dropped.

DROP FUNCTION assert_key_authorization(uuid, uuid);

-- prisma/sql/routing/health_on_record.sql
-- Whether an upstream's or a route's health has something on record that an 'ok' answer clears: a run
-- of failures, an open circuit or a half-open trial. The one rule for record_upstream_health's 'ok'
-- updates and for settle_purchase_attempt's check before it calls record_upstream_health at all (a
-- healthy upstream's purchase skips the call). LANGUAGE sql and one expression, so the planner inlines
-- it into the statements that use it: it costs what the expression costs.
CREATE OR REPLACE FUNCTION health_on_record(
  p_consecutive_failures integer, p_circuit_opened_at timestamptz, p_trial_started_at timestamptz
) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p_consecutive_failures <> 0 OR p_circuit_opened_at IS NOT NULL OR p_trial_started_at IS NOT NULL
$fn$;

-- prisma/sql/routing/record_upstream_health.sql
-- What one vend's answer says about its route and upstream (docs/operating.md "Upstream health"):
--   'ok'            the upstream answered about the order: their runs of failures end, an open or
--                   half-open circuit closes;
--   'route'         this route's product was refused (unknown, unavailable, refused arguments): one more
--                   failure of the route, whose upstream did answer;
--   'upstream'      no answer (time-out, 5xx, garbled) or no connection: one more failure of the upstream;
--   'upstream-now'  a refusal every order would meet (our wallet there is empty, our credentials or account
--                   refused): the upstream's circuit opens at once;
--   'none'          nothing (a requery).
-- A circuit opens when its failures in a row reach p_threshold, or when its half-open trial fails.
-- Rows are written only when something changes, so a healthy upstream costs no write per purchase.
CREATE OR REPLACE FUNCTION record_upstream_health(
  p_provider text, p_route_id uuid, p_health text, p_reason text, p_threshold integer
) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_health IN ('ok', 'route') THEN
    UPDATE upstream_providers
    SET consecutive_failures = 0, circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL, updated_at = now()
    WHERE name = p_provider AND health_on_record(consecutive_failures, circuit_opened_at, trial_started_at);
  END IF;
  IF p_health = 'ok' THEN
    UPDATE product_routes
    SET consecutive_failures = 0, circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL, updated_at = now()
    WHERE id = p_route_id AND health_on_record(consecutive_failures, circuit_opened_at, trial_started_at);
  ELSIF p_health = 'route' THEN
    UPDATE product_routes
    SET consecutive_failures = consecutive_failures + 1,
        circuit_opened_at = CASE WHEN consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                                 THEN now() ELSE circuit_opened_at END,
        circuit_reason = CASE WHEN consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                              THEN p_reason ELSE circuit_reason END,
        trial_started_at = NULL, updated_at = now()
    WHERE id = p_route_id;
  ELSIF p_health IN ('upstream', 'upstream-now') THEN
    UPDATE upstream_providers
    SET consecutive_failures = consecutive_failures + 1,
        circuit_opened_at = CASE WHEN p_health = 'upstream-now' OR consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                                 THEN now() ELSE circuit_opened_at END,
        circuit_reason = CASE WHEN p_health = 'upstream-now' OR consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                              THEN p_reason ELSE circuit_reason END,
        trial_started_at = NULL, updated_at = now()
    WHERE name = p_provider;
  END IF;
END
$fn$;

-- prisma/sql/routing/settle_purchase_attempt.sql
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
