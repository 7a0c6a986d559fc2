-- A bill payment priced in the statement that debits the wallet: a fixed-price product at the account's
-- price in force now, a variable one at the amount sent, within the product's bounds as they are now.
-- Never provisional (bill payments verify the customer first), so no key authorization to confirm.
CREATE OR REPLACE FUNCTION begin_bill_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_product_id text, p_recipient text, p_customer_name text, p_amount bigint, p_channel "Channel",
  p_api_key_id uuid, p_user_id uuid, p_source_ip text, p_requery_after interval, p_livemode boolean DEFAULT true
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_product record;
  v_charge bigint;
BEGIN
  v_transaction := stored_purchase(p_account_id, p_livemode, p_client_reference, p_api_key_id, NULL);
  IF v_transaction.id IS NOT NULL THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  SELECT b.name, b.active, b.amount_type, b.min_amount, b.max_amount, f.price,
         purchase_cost(b.service, b.id, NULL, CASE WHEN b.amount_type = 'FIXED' THEN f.price ELSE p_amount END) AS cost
  INTO v_product
  FROM bill_products b
  JOIN bill_prices_in_force f ON f.product_id = b.id AND f.account_id = p_account_id
  WHERE b.id = p_product_id AND b.service = p_service;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bill product not found' USING ERRCODE = 'RP404';
  END IF;
  IF NOT v_product.active THEN
    RAISE EXCEPTION 'bill product not on sale' USING ERRCODE = 'RP410';
  END IF;

  IF v_product.amount_type = 'FIXED' THEN
    v_charge := v_product.price;
  ELSE
    IF p_amount IS NULL OR p_amount < v_product.min_amount OR p_amount > v_product.max_amount THEN
      RAISE EXCEPTION 'amount out of range' USING ERRCODE = 'RP416';
    END IF;
    v_charge := p_amount;
  END IF;

  RETURN QUERY SELECT * FROM insert_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_product_id, NULL, v_product.name,
    p_recipient, p_customer_name, v_charge, v_product.cost, p_channel, p_api_key_id, p_user_id, p_source_ip,
    p_requery_after, p_livemode);
END
$fn$;
