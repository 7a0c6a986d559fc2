-- A purchase the upstream delivered and later reversed (VTpass's transaction-update callback with status
-- "reversed", confirmed by a requery; README "The VTpass provider", "Callbacks"): the reseller did not
-- get what was bought, so the debit is refunded, as settle_purchase refunds a failure.
--
-- One statement: the transaction turns SUCCESSFUL -> FAILED, the wallet is credited, a REVERSAL ledger
-- entry is written with the balance after it, and an audit entry (actor "system") records why. Only a
-- SUCCESSFUL transaction changes, under its row lock, so a second callback (or two at once) finds it
-- FAILED and changes nothing; the unique (transaction_id, kind) ledger index backs that up. The ledger
-- check's rule for FAILED (one PURCHASE, one REVERSAL of the same amount) holds afterwards.
--
-- Returns true when this call reversed the purchase, false when it was not SUCCESSFUL (already
-- reversed, pending, failed, or unknown).
CREATE FUNCTION reverse_delivered_purchase(p_transaction_id uuid, p_reason text) RETURNS boolean
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
  WHERE account_id = v_transaction.account_id
  RETURNING balance INTO v_balance;
  INSERT INTO ledger_entries (account_id, kind, amount, balance_after, transaction_id)
  VALUES (v_transaction.account_id, 'REVERSAL', v_transaction.amount, v_balance, v_transaction.id);

  INSERT INTO audit_log (actor_type, actor_id, actor_label, account_id, action, target_type, target_id, details, source_ip)
  VALUES ('SYSTEM', NULL, 'system', v_transaction.account_id, 'transaction.upstream_reversal', 'transaction',
          v_transaction.id::text,
          jsonb_build_object('reason', p_reason, 'amount', v_transaction.amount::text,
                             'providerReference', v_transaction.provider_reference,
                             'upstreamRequestId', v_transaction.upstream_request_id),
          NULL);
  RETURN true;
END
$fn$;
