-- Issue 38 (the HOT settlement's clean-up, docs/architecture.md "Why the queues are tables"): insert_purchase
-- no longer writes transactions.next_requery_at, which a reconciler of the release before the queues became
-- tables of their own (20261127080608) still read. The next migration drops that column and
-- reversal_check_at; this one commits first, so that a call that began the old body, which names the
-- column, has long taken its lock on transactions (its first statement) when the drop asks for the lock.

-- prisma/sql/purchases/insert_purchase.sql
-- The purchase itself, once the begin function has priced the order: claim the reference (the unique
-- index decides between simultaneous requests), put it in the reconciler's queue (purchase_requeries: a
-- row while it is pending), debit the wallet only if it covers the amount (RP402 otherwise, and the whole
-- statement rolls back), and write the PURCHASE ledger entry with the balance after it. A reference claimed
-- meanwhile by another request returns that transaction, not created.
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
                            api_key_id, user_id, source_ip)
  VALUES (p_account_id, p_livemode, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_cost, p_channel,
          p_api_key_id, p_user_id, p_source_ip)
  ON CONFLICT (account_id, livemode, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  INSERT INTO purchase_requeries (transaction_id, next_requery_at) VALUES (v_transaction.id, now() + p_requery_after);

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
