-- The route a purchase's next attempt goes to (docs/operating.md "Routes and failover"): the first of the
-- product's routes, in the operators' order, that is switched on, whose circuit and upstream admit an order,
-- and whose upstream this purchase has not tried yet. A product without routes (and every test-mode
-- purchase, p_use_routes false) has one: the default upstream, with the catalog's names and the cost its
-- begin statement recorded, tried once, whatever its circuit says: with nowhere else to go, circuits would
-- only turn one upstream's passing refusal into refusals of every order. Nothing is returned when no route
-- admits the order.
CREATE OR REPLACE FUNCTION choose_vend_route(
  p_transaction transactions, p_default_provider text, p_use_routes boolean, p_cooldown interval
) RETURNS TABLE (route_id uuid, provider text, upstream_service text, upstream_code text, cost bigint)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_product text := CASE WHEN p_transaction.service = 'AIRTIME' THEN p_transaction.network_id ELSE p_transaction.plan_id END;
  v_tried text[];
  v_route product_routes;
  v_admitted text;
BEGIN
  SELECT coalesce(array_agg(a.provider), '{}') INTO v_tried FROM vend_attempts a WHERE a.transaction_id = p_transaction.id;

  IF NOT p_use_routes OR NOT EXISTS (
    SELECT 1 FROM product_routes r WHERE r.service = p_transaction.service AND r.product_code = v_product
  ) THEN
    IF cardinality(v_tried) = 0 THEN
      -- The row as output columns and RETURN NEXT, not RETURN QUERY: no query of its own (every purchase
      -- of a product without routes comes here).
      provider := p_default_provider;
      cost := p_transaction.cost;
      RETURN NEXT;
    END IF;
    RETURN;
  END IF;

  FOR v_route IN
    SELECT r.* FROM product_routes r
    WHERE r.service = p_transaction.service AND r.product_code = v_product AND r.enabled AND r.provider <> ALL (v_tried)
    ORDER BY r.position, r.created_at, r.id
  LOOP
    -- The route's own circuit first, then its upstream's; a route trial claimed for an upstream that then
    -- refuses the order is handed back.
    v_admitted := admit_route(v_route.id, p_cooldown);
    CONTINUE WHEN v_admitted = 'no';
    IF NOT admit_upstream(v_route.provider, p_cooldown) THEN
      IF v_admitted = 'trial' THEN
        UPDATE product_routes r SET trial_started_at = NULL WHERE r.id = v_route.id;
      END IF;
      CONTINUE;
    END IF;
    route_id := v_route.id;
    provider := v_route.provider;
    upstream_service := v_route.upstream_service;
    upstream_code := v_route.upstream_code;
    cost := CASE WHEN v_route.commission_bps IS NOT NULL
                 THEN p_transaction.amount - (p_transaction.amount * v_route.commission_bps) / 10000
                 ELSE v_route.cost_price END;
    RETURN NEXT;
    RETURN;
  END LOOP;
END
$fn$;
