-- Settlement: successful with what was delivered (pins, units, bonus token) and, when the provider can
-- reverse a delivery, the reversal sweep's first check (reversal_checks); or failed with the debit refunded
-- to the wallet of the transaction's own mode; or still pending, asked again after p_requery_after (its
-- purchase_requeries row), else it leaves the reconciler's queue. Only a PENDING transaction changes, so a
-- settlement repeated or raced by the reconciler or a callback changes nothing.
-- The update of transactions changes no column an index of transactions holds (the queues are tables of
-- their own, the provider reference is searched through vend_attempts), so PostgreSQL can make it a HOT
-- update: no new entry in any of the table's indexes (docs/architecture.md "Why the queues are tables").
-- The purchase's row is locked before its queue row, as everywhere (the reconciler's lease skips both).
-- With p_attempt (settle_purchase_attempt), the transaction takes that attempt's upstream, cost and request id
-- in the same update: its own figures are always the executing attempt's.
CREATE OR REPLACE FUNCTION settle_purchase(
  p_transaction_id uuid, p_status "TransactionStatus", p_provider_reference text, p_token text,
  p_failure_reason text, p_requery_after interval, p_pins jsonb DEFAULT NULL, p_units text DEFAULT NULL,
  p_bonus_token text DEFAULT NULL, p_reversal_check_after interval DEFAULT NULL, p_attempt vend_attempts DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  IF p_status = 'PENDING' THEN
    UPDATE transactions
    SET provider_reference = COALESCE(p_provider_reference, provider_reference),
        updated_at = now(),
        provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
        cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
        upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;
    IF v_transaction.id IS NOT NULL THEN
      UPDATE purchase_requeries SET next_requery_at = now() + p_requery_after WHERE transaction_id = v_transaction.id;
    END IF;
  ELSE
    -- Settled and out of the reconciler's queue in one statement: the purchase's row is updated (locked)
    -- as the main query reads it, the queue row deleted when the statement ends.
    WITH settled AS (
      UPDATE transactions
      SET status = p_status,
          provider_reference = COALESCE(p_provider_reference, provider_reference),
          token = p_token, pins = p_pins, units = p_units, bonus_token = p_bonus_token,
          failure_reason = p_failure_reason,
          completed_at = now(), updated_at = now(),
          provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
          cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
          upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END
      WHERE id = p_transaction_id AND status = 'PENDING'
      RETURNING *
    ), dequeued AS (
      DELETE FROM purchase_requeries q USING settled WHERE q.transaction_id = settled.id
    )
    SELECT * INTO v_transaction FROM settled;

    IF v_transaction.id IS NOT NULL THEN
      IF p_status = 'SUCCESSFUL' AND v_transaction.livemode AND p_reversal_check_after IS NOT NULL THEN
        INSERT INTO reversal_checks (transaction_id, check_at) VALUES (v_transaction.id, now() + p_reversal_check_after)
        ON CONFLICT (transaction_id) DO UPDATE SET check_at = EXCLUDED.check_at;
      END IF;
    END IF;

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
