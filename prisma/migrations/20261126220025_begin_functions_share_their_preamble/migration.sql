-- The begin functions share their preamble (confirm a remembered key, find the stored transaction) in
-- stored_purchase, and the claim-and-debit in insert_purchase, which replaces begin_priced_purchase: a
-- data or bill purchase no longer reads its reference twice. Current definitions: prisma/sql/purchases.

-- prisma/sql/purchases/begin_bill_purchase.sql
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

-- prisma/sql/purchases/begin_data_purchase.sql
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

-- prisma/sql/purchases/begin_purchase.sql
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

-- prisma/sql/purchases/insert_purchase.sql
-- The purchase itself, once the begin function has priced the order: claim the reference (the unique
-- index decides between simultaneous requests), debit the wallet only if it covers the amount (RP402
-- otherwise, and the whole statement rolls back), and write the PURCHASE ledger entry with the balance
-- after it. A reference claimed meanwhile by another request returns that transaction, not created.
CREATE OR REPLACE FUNCTION insert_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_cost bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  INSERT INTO transactions (account_id, livemode, client_reference, service, status, order_fingerprint, plan_id,
                            network_id, product_name, recipient, customer_name, amount, cost, channel,
                            api_key_id, user_id, source_ip, next_requery_at)
  VALUES (p_account_id, p_livemode, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_cost, p_channel,
          p_api_key_id, p_user_id, p_source_ip, now() + p_requery_after)
  ON CONFLICT (account_id, livemode, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
  WHERE account_id = p_account_id AND livemode = p_livemode AND balance >= p_amount
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'RP402';
  END IF;

  INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id, user_id)
  VALUES (p_account_id, p_livemode, 'PURCHASE', -p_amount, v_balance, v_transaction.id, p_user_id);

  RETURN NEXT purchase_row_of(v_transaction, true);
END
$fn$;

-- prisma/sql/purchases/stored_purchase.sql
-- What every begin function does first: confirm a key authorised from memory (assert_key_authorization),
-- then read the transaction already stored under this reference in this mode. A row of NULLs when the
-- reference is free: the caller checks its id.
CREATE OR REPLACE FUNCTION stored_purchase(
  p_account_id uuid, p_livemode boolean, p_client_reference text, p_api_key_id uuid, p_key_authorization uuid
) RETURNS transactions
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
BEGIN
  PERFORM assert_key_authorization(p_api_key_id, p_key_authorization);
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
  RETURN v_transaction;
END
$fn$;

DROP FUNCTION begin_priced_purchase(uuid, text, "Service", text, text, text, text, text, text, bigint, bigint, "Channel", uuid, uuid, text, interval, boolean, uuid);
