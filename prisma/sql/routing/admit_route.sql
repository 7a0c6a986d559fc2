-- Whether a route's own circuit lets an order through: 'closed', 'trial' (half-open, and this order claimed
-- its one trial), or 'no' (open, or its trial is taken). See admit_upstream.
CREATE OR REPLACE FUNCTION admit_route(p_route_id uuid, p_cooldown interval) RETURNS text
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM product_routes WHERE id = p_route_id AND circuit_opened_at IS NULL) THEN
    RETURN 'closed';
  END IF;
  UPDATE product_routes SET trial_started_at = now()
  WHERE id = p_route_id AND circuit_opened_at <= now() - p_cooldown
    AND (trial_started_at IS NULL OR trial_started_at <= now() - p_cooldown);
  RETURN CASE WHEN FOUND THEN 'trial' ELSE 'no' END;
END
$fn$;
