-- Issue 20: a data purchase spent ~200 µs of database CPU in purchase_cost. A LANGUAGE sql function
-- that PostgreSQL cannot inline (its body has sub-SELECTs) is planned afresh on every call, and each
-- purchase calls it once. The same rule in plpgsql keeps its plans for the session.
CREATE OR REPLACE FUNCTION purchase_cost(p_service "Service", p_plan_id text, p_network_id text, p_amount bigint) RETURNS bigint
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN CASE
    WHEN p_service = 'DATA' THEN (SELECT cost_price FROM data_plans WHERE id = p_plan_id)
    WHEN p_service = 'AIRTIME' THEN
      (SELECT p_amount - (p_amount * airtime_commission_bps) / 10000 FROM networks WHERE id = p_network_id)
    ELSE
      (SELECT CASE WHEN amount_type = 'FIXED' THEN cost_price ELSE p_amount - (p_amount * commission_bps) / 10000 END
       FROM bill_products WHERE id = p_plan_id)
  END;
END
$fn$;

-- begin_data_purchase as in 20261124001346, reading the plan's cost in the SELECT that reads its
-- price (purchase_cost's rule for DATA is the plan's cost_price): the row is already at hand, and a
-- call per purchase was the hot path's single most expensive step after the writes.
CREATE OR REPLACE FUNCTION begin_data_purchase(
  p_account_id uuid, p_client_reference text, p_order_fingerprint text, p_plan_id text,
  p_recipient text, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_network_id text;
  v_name text;
  v_price bigint;
  v_cost bigint;
  v_on_sale boolean;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  SELECT p.network_id, p.name, f.price, p.cost_price, p.active AND n.active
  INTO v_network_id, v_name, v_price, v_cost, v_on_sale
  FROM data_plans p
  JOIN networks n ON n.id = p.network_id
  JOIN plan_prices_in_force f ON f.plan_id = p.id AND f.account_id = p_account_id
  WHERE p.id = p_plan_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'plan not found' USING ERRCODE = 'RP404';
  END IF;
  IF NOT v_on_sale THEN
    RAISE EXCEPTION 'plan not on sale' USING ERRCODE = 'RP410';
  END IF;

  RETURN QUERY SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, 'DATA', p_order_fingerprint, p_plan_id, v_network_id, v_name,
    p_recipient, NULL, v_price, v_cost, p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after);
END
$fn$;
