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
