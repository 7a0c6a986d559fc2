-- The purchase routes may authorise an API key from the server process's memory instead of looking
-- it up (README "Performance": one round trip fewer per purchase). Such a purchase is provisional until
-- the statement that claims its reference and debits the wallet confirms, in that same statement, that
-- the key is still unrevoked and that nothing the process decided the allowlist from has changed since:
-- `key_authorization_version`, which takes a new value whenever the account's allowlist entries or the
-- account settings the key check reads (created_at, allowlist_opt_in, on_product_catalog) change.
-- A random uuid rather than a counter, so a value is never given twice, even to an account deleted and
-- created again with the same id.
SET LOCAL lock_timeout = '1s';

-- A volatile default rewrites the table: accounts is small (one row per reseller).
ALTER TABLE accounts ADD COLUMN key_authorization_version uuid NOT NULL DEFAULT gen_random_uuid();

CREATE FUNCTION account_key_authorization_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.key_authorization_version := gen_random_uuid();
  RETURN NEW;
END
$fn$;
CREATE TRIGGER accounts_key_authorization BEFORE UPDATE OF created_at, allowlist_opt_in, on_product_catalog ON accounts
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.allowlist_opt_in IS DISTINCT FROM NEW.allowlist_opt_in
                     OR OLD.on_product_catalog IS DISTINCT FROM NEW.on_product_catalog)
  EXECUTE FUNCTION account_key_authorization_changed();

CREATE FUNCTION allowlist_key_authorization_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- TRUNCATE: every account's list may have changed.
    UPDATE accounts SET key_authorization_version = gen_random_uuid();
  ELSE
    UPDATE accounts SET key_authorization_version = gen_random_uuid()
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END
       OR (TG_OP = 'UPDATE' AND id = OLD.account_id);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER allowlist_entries_key_authorization AFTER INSERT OR UPDATE OR DELETE ON allowlist_entries
  FOR EACH ROW EXECUTE FUNCTION allowlist_key_authorization_changed();
CREATE TRIGGER allowlist_entries_key_authorization_truncate AFTER TRUNCATE ON allowlist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION allowlist_key_authorization_changed();

-- Null: the caller looked the key up in this request (or is a portal user); nothing to confirm.
CREATE FUNCTION assert_key_authorization(p_api_key_id uuid, p_key_authorization uuid) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_key_authorization IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM api_keys k JOIN accounts a ON a.id = k.account_id
  WHERE k.id = p_api_key_id AND k.revoked_at IS NULL AND a.key_authorization_version = p_key_authorization;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the API key or its account changed since it was authorised' USING ERRCODE = 'RP401';
  END IF;
END
$fn$;

-- The begin functions the cached routes call (data, airtime) take the version last, defaulting to none,
-- so a caller that does not name it (the previous release during a deploy, bill payments, the portal)
-- is unchanged. The check comes first: a key that may no longer buy is not even answered a replay.
DROP FUNCTION begin_purchase(uuid, text, "Service", text, text, text, text, text, text, bigint, "Channel", uuid, uuid, text, interval, boolean);
DROP FUNCTION begin_data_purchase(uuid, text, text, text, text, "Channel", uuid, uuid, text, interval, boolean);
DROP FUNCTION begin_priced_purchase(uuid, text, "Service", text, text, text, text, text, text, bigint, bigint, "Channel", uuid, uuid, text, interval, boolean);

CREATE FUNCTION begin_priced_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_cost bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean DEFAULT true, p_key_authorization uuid DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  PERFORM assert_key_authorization(p_api_key_id, p_key_authorization);

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
  p_requery_after interval, p_livemode boolean DEFAULT true, p_key_authorization uuid DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE sql AS $fn$
  SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_plan_id, p_network_id, p_product_name,
    p_recipient, p_customer_name, p_amount, purchase_cost(p_service, p_plan_id, p_network_id, p_amount),
    p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after, p_livemode, p_key_authorization)
$fn$;

CREATE FUNCTION begin_data_purchase(
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
  PERFORM assert_key_authorization(p_api_key_id, p_key_authorization);

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
