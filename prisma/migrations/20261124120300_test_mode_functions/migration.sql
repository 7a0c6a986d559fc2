-- Test mode (20261124120000): the purchase, settlement, reversal, daily-totals and webhook functions
-- keep each mode to itself, and the foreign keys that make the database hold them to it.
SET LOCAL lock_timeout = '1s';

-- The keys. NOT VALID here (taking them checks only new rows, in a moment); 20261124120400 validates
-- the existing rows under a lock that purchases do not wait for.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_livemode_fkey"
  FOREIGN KEY ("account_id", "livemode") REFERENCES "wallets"("account_id", "livemode") ON DELETE RESTRICT ON UPDATE CASCADE NOT VALID;
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_fkey";
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_livemode_fkey"
  FOREIGN KEY ("transaction_id", "livemode") REFERENCES "transactions"("id", "livemode") ON DELETE RESTRICT ON UPDATE CASCADE NOT VALID;
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_api_key_id_fkey";
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_api_key_id_livemode_fkey"
  FOREIGN KEY ("api_key_id", "livemode") REFERENCES "api_keys"("id", "livemode") ON DELETE RESTRICT ON UPDATE CASCADE NOT VALID;
-- A row's mode never changes: nothing moves between the worlds, not even by an operator's UPDATE.
CREATE FUNCTION livemode_is_fixed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '%: livemode cannot change', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$fn$;
CREATE TRIGGER transactions_livemode_fixed BEFORE UPDATE OF livemode ON transactions
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();
CREATE TRIGGER ledger_entries_livemode_fixed BEFORE UPDATE OF livemode ON ledger_entries
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();
CREATE TRIGGER api_keys_livemode_fixed BEFORE UPDATE OF livemode ON api_keys
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();
CREATE TRIGGER webhook_endpoints_livemode_fixed BEFORE UPDATE OF livemode ON webhook_endpoints
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();

-- The purchase functions return the mode with the row.
ALTER TYPE purchase_row ADD ATTRIBUTE livemode boolean;
CREATE OR REPLACE FUNCTION purchase_row_of(t transactions, created boolean) RETURNS purchase_row
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ROW(created, t.id, t.account_id, t.client_reference, t.service, t.status, t.order_fingerprint,
             t.plan_id, t.network_id, t.product_name, t.recipient, t.customer_name, t.amount, t.token,
             t.provider_reference, t.failure_reason, t.channel, t.api_key_id, t.user_id, t.source_ip,
             t.created_at, t.completed_at, t.upstream_request_id, t.livemode)::purchase_row
$fn$;

-- The begin functions take the mode last, defaulting to live, so a caller that does not name it (a
-- server still running the previous release during a deploy) keeps buying live. The reference is
-- claimed per (account, mode) and the wallet debited is the mode's.
DROP FUNCTION begin_purchase(uuid, text, "Service", text, text, text, text, text, text, bigint, "Channel", uuid, uuid, text, interval);
DROP FUNCTION begin_data_purchase(uuid, text, text, text, text, "Channel", uuid, uuid, text, interval);
DROP FUNCTION begin_bill_purchase(uuid, text, "Service", text, text, text, text, bigint, "Channel", uuid, uuid, text, interval);
DROP FUNCTION begin_priced_purchase(uuid, text, "Service", text, text, text, text, text, text, bigint, bigint, "Channel", uuid, uuid, text, interval);

CREATE FUNCTION begin_priced_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_cost bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

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

CREATE FUNCTION begin_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true
) RETURNS SETOF purchase_row
LANGUAGE sql AS $fn$
  SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_plan_id, p_network_id, p_product_name,
    p_recipient, p_customer_name, p_amount, purchase_cost(p_service, p_plan_id, p_network_id, p_amount),
    p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after, p_livemode)
$fn$;

CREATE FUNCTION begin_data_purchase(
  p_account_id uuid, p_client_reference text, p_order_fingerprint text, p_plan_id text,
  p_recipient text, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true
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
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
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
    p_recipient, NULL, v_price, v_cost, p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after, p_livemode);
END
$fn$;

CREATE FUNCTION begin_bill_purchase(
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
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
  IF FOUND THEN
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

  RETURN QUERY SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_product_id, NULL, v_product.name,
    p_recipient, p_customer_name, v_charge, v_product.cost, p_channel, p_api_key_id, p_user_id, p_source_ip,
    p_requery_after, p_livemode);
END
$fn$;

-- Settlement and reversal refund to the wallet of the transaction's own mode.
CREATE OR REPLACE FUNCTION settle_purchase(
  p_transaction_id uuid, p_status "TransactionStatus", p_provider_reference text, p_token text,
  p_failure_reason text, p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  IF p_status = 'PENDING' THEN
    UPDATE transactions
    SET provider_reference = COALESCE(p_provider_reference, provider_reference),
        next_requery_at = now() + p_requery_after, updated_at = now()
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;
  ELSE
    UPDATE transactions
    SET status = p_status,
        provider_reference = COALESCE(p_provider_reference, provider_reference),
        token = p_token, failure_reason = p_failure_reason,
        completed_at = now(), next_requery_at = NULL, updated_at = now()
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;

    IF v_transaction.id IS NOT NULL AND p_status = 'FAILED' THEN
      UPDATE wallets SET balance = balance + v_transaction.amount, updated_at = now()
      WHERE account_id = v_transaction.account_id AND livemode = v_transaction.livemode
      RETURNING balance INTO v_balance;
      INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id)
      VALUES (v_transaction.account_id, v_transaction.livemode, 'REVERSAL', v_transaction.amount, v_balance, v_transaction.id);
    END IF;
  END IF;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions WHERE id = p_transaction_id;
  END IF;
  IF v_transaction.id IS NOT NULL THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION reverse_delivered_purchase(p_transaction_id uuid, p_reason text) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  UPDATE transactions
  SET status = 'FAILED', failure_reason = p_reason, updated_at = now()
  WHERE id = p_transaction_id AND status = 'SUCCESSFUL'
  RETURNING * INTO v_transaction;
  IF v_transaction.id IS NULL THEN
    RETURN false;
  END IF;

  UPDATE wallets SET balance = balance + v_transaction.amount, updated_at = now()
  WHERE account_id = v_transaction.account_id AND livemode = v_transaction.livemode
  RETURNING balance INTO v_balance;
  INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id)
  VALUES (v_transaction.account_id, v_transaction.livemode, 'REVERSAL', v_transaction.amount, v_balance, v_transaction.id);

  INSERT INTO audit_log (actor_type, actor_id, actor_label, account_id, action, target_type, target_id, details, source_ip)
  VALUES ('SYSTEM', NULL, 'system', v_transaction.account_id, 'transaction.upstream_reversal', 'transaction',
          v_transaction.id::text,
          jsonb_build_object('reason', p_reason, 'amount', v_transaction.amount::text,
                             'providerReference', v_transaction.provider_reference,
                             'upstreamRequestId', v_transaction.upstream_request_id,
                             'livemode', v_transaction.livemode),
          NULL);
  RETURN true;
END
$fn$;

-- The daily totals feed the live dashboard and the invoice months: test purchases are not counted.
CREATE OR REPLACE FUNCTION account_daily_totals_on_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.livemode THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (OLD.account_id, (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.service, -1,
            CASE WHEN OLD.status = 'FAILED' THEN -1 ELSE 0 END, CASE WHEN OLD.status = 'FAILED' THEN 0 ELSE -OLD.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.livemode THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.service, 1,
            CASE WHEN NEW.status = 'FAILED' THEN 1 ELSE 0 END, CASE WHEN NEW.status = 'FAILED' THEN 0 ELSE NEW.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  RETURN NULL;
END
$fn$;

-- Webhooks: an event carries the mode of the row it reports, and is delivered only to the account's
-- endpoints of that mode (test events, signed like live ones, to test endpoints).
DROP FUNCTION record_webhook_event(uuid, text, text, jsonb);
CREATE FUNCTION record_webhook_event(p_account_id uuid, p_livemode boolean, p_type text, p_subject_id text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_event_id text;
BEGIN
  -- A time-ordered id (milliseconds, then randomness): each new key lands at the index's right edge
  -- instead of a random page, which matters on the purchase path.
  INSERT INTO webhook_events (id, account_id, livemode, type, subject_id, data)
  VALUES ('evt_' || lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
                 || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
          p_account_id, p_livemode, p_type, p_subject_id, p_data)
  RETURNING id INTO v_event_id;
  INSERT INTO webhook_deliveries (event_id, endpoint_id, subject_id)
  SELECT v_event_id, e.id, p_subject_id
  FROM webhook_endpoints e
  WHERE e.account_id = p_account_id AND e.livemode = p_livemode AND e.enabled AND p_type = ANY (e.event_types);
END
$fn$;

CREATE OR REPLACE FUNCTION webhook_transaction_settled() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'transaction.' || lower(NEW.status::text), NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION webhook_transaction_pending() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.pending_announced := true;
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'transaction.pending', NEW.id::text, to_jsonb(NEW));
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE FUNCTION webhook_wallet_funded() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'wallet.funded', NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION webhook_wallet_low_balance() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'wallet.low_balance', NEW.account_id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION webhook_api_key_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, TG_ARGV[0], NEW.id::text, to_jsonb(NEW) - 'key_hash');
  RETURN NULL;
END
$fn$;

-- The reference is claimed per mode now; the old index is no longer what any function relies on.
DROP INDEX "transactions_account_id_client_reference_key";

-- Every existing account gets its test wallet with the opening balance (₦1,000,000; README "Test mode"),
-- now that every function that moves money names the wallet's mode.
SELECT set_test_wallet_balance(id, 100000000, NULL, 'test wallet opened') FROM accounts;
