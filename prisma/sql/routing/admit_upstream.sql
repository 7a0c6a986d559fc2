-- Whether an order may be sent to this upstream now (docs/operating.md "Upstream health"): switched on by
-- the operators, its last balance read not below their floor (upstream_below_floor, the rule the console
-- shows too), and its circuit closed; or half-open (opened a cool-down ago) with no trial order in flight,
-- in which case this order becomes the one trial, claimed here so that concurrent purchases cannot all
-- take it. An upstream without a row (a test's stand-in) is always admitted.
CREATE OR REPLACE FUNCTION admit_upstream(p_provider text, p_cooldown interval) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_upstream upstream_providers;
BEGIN
  SELECT * INTO v_upstream FROM upstream_providers WHERE name = p_provider;
  IF v_upstream.name IS NULL THEN
    RETURN true;
  END IF;
  IF NOT v_upstream.enabled OR upstream_below_floor(v_upstream) THEN
    RETURN false;
  END IF;
  IF v_upstream.circuit_opened_at IS NULL THEN
    RETURN true;
  END IF;
  UPDATE upstream_providers SET trial_started_at = now()
  WHERE name = p_provider AND circuit_opened_at <= now() - p_cooldown
    AND (trial_started_at IS NULL OR trial_started_at <= now() - p_cooldown);
  RETURN FOUND;
END
$fn$;
