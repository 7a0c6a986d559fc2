-- A data plan at the account's price, read in the statement that debits the wallet: a known reference is
-- answered before the plan is looked at, so a retry replays even after the plan was withdrawn.
CREATE OR REPLACE FUNCTION begin_data_purchase(
  p_account_id uuid, p_client_reference text, p_order_fingerprint text, p_plan_id text,
  p_recipient text, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true, p_key_authorization uuid DEFAULT NULL
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
  v_transaction := stored_purchase(p_account_id, p_livemode, p_client_reference, p_api_key_id, p_key_authorization);
  IF v_transaction.id IS NOT NULL THEN
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

  RETURN QUERY SELECT * FROM insert_purchase(
    p_account_id, p_client_reference, 'DATA', p_order_fingerprint, p_plan_id, v_network_id, v_name,
    p_recipient, NULL, v_price, v_cost, p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after, p_livemode);
END
$fn$;
