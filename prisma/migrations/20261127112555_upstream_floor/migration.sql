-- Issue 34, item 4: the upstream balance floor (docs/operating.md "The floor and the balance poll"): one
-- function for the rule admit_upstream applies and the console shows. Functions only: no table is touched.

-- prisma/sql/routing/admit_upstream.sql
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

-- prisma/sql/routing/upstream_below_floor.sql
-- Whether an upstream's last balance read is below the floor its operators set (docs/operating.md "Upstream
-- health"): the one rule admit_upstream applies to orders and the console shows. No floor (0) is never
-- below; a balance never read (NULL) is not below either, so a new floor does not stop an upstream before
-- its wallet has been read.
CREATE OR REPLACE FUNCTION upstream_below_floor(p_upstream upstream_providers) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p_upstream.min_balance > 0 AND coalesce(p_upstream.balance < p_upstream.min_balance, false)
$fn$;
