-- The two money-moving steps of a purchase, each one statement and one implicit transaction, so that
-- no transaction or row lock is ever held while the provider is called (DESIGN.md 3.3).

-- Columns every caller needs back, in one place.
CREATE TYPE purchase_row AS (
  created boolean,
  id uuid,
  account_id uuid,
  client_reference text,
  service "Service",
  status "TransactionStatus",
  order_fingerprint text,
  plan_id text,
  network_id text,
  product_name text,
  recipient text,
  customer_name text,
  amount bigint,
  token text,
  provider_reference text,
  failure_reason text,
  channel "Channel",
  api_key_id uuid,
  user_id uuid,
  source_ip text,
  created_at timestamptz,
  completed_at timestamptz
);

CREATE FUNCTION purchase_row_of(t transactions, created boolean) RETURNS purchase_row
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ROW(created, t.id, t.account_id, t.client_reference, t.service, t.status, t.order_fingerprint,
             t.plan_id, t.network_id, t.product_name, t.recipient, t.customer_name, t.amount, t.token,
             t.provider_reference, t.failure_reason, t.channel, t.api_key_id, t.user_id, t.source_ip,
             t.created_at, t.completed_at)::purchase_row
$fn$;

-- Claims the client reference and debits the wallet, atomically.
--  * A new reference: inserts the pending transaction, debits the wallet only if the balance covers
--    the amount, and writes the PURCHASE ledger entry with the balance after it. created = true.
--  * A known reference: changes nothing and returns the stored transaction. created = false; the
--    caller compares fingerprints (replay or conflict). A simultaneous request with the same
--    reference waits on the unique index until the first one commits or rolls back.
--  * Not enough money: raises SQLSTATE RP402, so the whole statement rolls back and nothing is left.
CREATE FUNCTION begin_purchase(
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

-- Records what the provider said. Only a PENDING transaction changes, so a request finishing and the
-- reconciler settling the same transaction cannot both act: the first one wins, the second sees the
-- result. FAILED reverses the debit with a REVERSAL ledger entry (never by editing history);
-- PENDING only notes the provider reference and when to ask again. Returns the row as it now stands.
CREATE FUNCTION settle_purchase(
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
      WHERE account_id = v_transaction.account_id
      RETURNING balance INTO v_balance;
      INSERT INTO ledger_entries (account_id, kind, amount, balance_after, transaction_id)
      VALUES (v_transaction.account_id, 'REVERSAL', v_transaction.amount, v_balance, v_transaction.id);
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
