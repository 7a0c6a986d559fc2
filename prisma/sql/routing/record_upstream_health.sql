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
