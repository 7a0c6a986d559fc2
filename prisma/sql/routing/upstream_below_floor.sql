-- Whether an upstream's last balance read is below the floor its operators set (docs/operating.md "Upstream
-- health"): the one rule admit_upstream applies to orders and the console shows. No floor (0) is never
-- below; a balance never read (NULL) is not below either, so a new floor does not stop an upstream before
-- its wallet has been read.
CREATE OR REPLACE FUNCTION upstream_below_floor(p_upstream upstream_providers) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p_upstream.min_balance > 0 AND coalesce(p_upstream.balance < p_upstream.min_balance, false)
$fn$;
