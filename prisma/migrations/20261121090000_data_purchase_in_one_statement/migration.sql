-- Fewer round trips per purchase (issue 7), with the same guarantees.

-- begin_purchase looks the reference up before trying to insert: a replay (a client retrying a
-- request that already went through) is then a read, with nothing written and nothing to commit.
-- The insert's ON CONFLICT still decides a race between two first attempts, as before.
CREATE OR REPLACE FUNCTION begin_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  INSERT INTO transactions (account_id, client_reference, service, status, order_fingerprint, plan_id,
                            network_id, product_name, recipient, customer_name, amount, channel,
                            api_key_id, user_id, source_ip, next_requery_at)
  VALUES (p_account_id, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_channel,
          p_api_key_id, p_user_id, p_source_ip, now() + p_requery_after)
  ON CONFLICT (account_id, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
  WHERE account_id = p_account_id AND balance >= p_amount
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'RP402';
  END IF;

  INSERT INTO ledger_entries (account_id, kind, amount, balance_after, transaction_id, user_id)
  VALUES (p_account_id, 'PURCHASE', -p_amount, v_balance, v_transaction.id, p_user_id);

  RETURN NEXT purchase_row_of(v_transaction, true);
END
$fn$;

-- A data plan bought in one statement: the plan and the account's price for it are read by the same
-- statement that claims the reference and debits the wallet, so the price charged is the price at
-- that instant and the purchase costs one round trip before the vend.
--  * A known reference returns its stored transaction first (created = false), even when the plan has
--    since been withdrawn: a retry must be answered with what happened, never with a 404.
--  * An unknown or inactive plan raises SQLSTATE RP404 and changes nothing.
CREATE FUNCTION begin_data_purchase(
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
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  SELECT p.network_id, p.name, COALESCE(o.price, p.price) INTO v_network_id, v_name, v_price
  FROM data_plans p
  LEFT JOIN account_plan_prices o ON o.plan_id = p.id AND o.account_id = p_account_id
  WHERE p.id = p_plan_id AND p.active;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'plan not found' USING ERRCODE = 'RP404';
  END IF;

  RETURN QUERY SELECT * FROM begin_purchase(
    p_account_id, p_client_reference, 'DATA', p_order_fingerprint, p_plan_id, v_network_id, v_name,
    p_recipient, NULL, v_price, p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after);
END
$fn$;
