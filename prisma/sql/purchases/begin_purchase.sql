-- An order whose charge the caller decided (airtime: its amount), costed by purchase_cost.
CREATE OR REPLACE FUNCTION begin_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true, p_key_authorization uuid DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
BEGIN
  v_transaction := stored_purchase(p_account_id, p_livemode, p_client_reference, p_api_key_id, p_key_authorization);
  IF v_transaction.id IS NOT NULL THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  RETURN QUERY SELECT * FROM insert_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_plan_id, p_network_id, p_product_name,
    p_recipient, p_customer_name, p_amount, purchase_cost(p_service, p_plan_id, p_network_id, p_amount),
    p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after, p_livemode);
END
$fn$;
