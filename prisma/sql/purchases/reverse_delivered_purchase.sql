-- A delivered purchase the provider reversed (docs/operating.md "The VTpass provider"): successful becomes
-- failed, the wallet is refunded with a REVERSAL entry and the reversal is audited. Only a successful
-- transaction changes, under its row lock, so a repeated or simultaneous reversal changes nothing.
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
