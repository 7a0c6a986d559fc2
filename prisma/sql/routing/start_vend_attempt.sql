-- Records a purchase's next attempt on the route choose_vend_route picks, with the request id it will be
-- sent under, before anything is sent: the first attempt under the id the begin statement gave the
-- purchase, a later one under a fresh id. Returns NULL (no row) when no route admits the order. The
-- transaction row is not touched here: it takes the attempt's upstream, cost and request id when settled.
CREATE OR REPLACE FUNCTION start_vend_attempt(
  p_transaction transactions, p_default_provider text, p_use_routes boolean, p_cooldown interval
) RETURNS vend_attempts
LANGUAGE plpgsql AS $fn$
DECLARE
  v_route record;
  v_attempt vend_attempts;
BEGIN
  SELECT * INTO v_route FROM choose_vend_route(p_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- Numbered in the statement that inserts it (the purchase's lock, or its claiming statement, orders them).
  INSERT INTO vend_attempts (transaction_id, attempt_number, provider, route_id, upstream_service, upstream_code,
                             upstream_request_id, cost)
  SELECT p_transaction.id, numbered.attempt_number, v_route.provider, v_route.route_id, v_route.upstream_service, v_route.upstream_code,
         CASE WHEN numbered.attempt_number = 1 AND p_transaction.upstream_request_id IS NOT NULL
              THEN p_transaction.upstream_request_id ELSE new_upstream_request_id() END,
         v_route.cost
  FROM (SELECT coalesce(max(a.attempt_number), 0) + 1 AS attempt_number FROM vend_attempts a WHERE a.transaction_id = p_transaction.id) numbered
  RETURNING * INTO v_attempt;
  RETURN v_attempt;
END
$fn$;
