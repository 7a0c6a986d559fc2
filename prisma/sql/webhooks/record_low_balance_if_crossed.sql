-- Records wallet.low_balance when the wallet is armed and its settled balance is below the threshold,
-- and disarms it; returns whether it did. The settled balance is read in the statement that disarms,
-- one snapshot, so it is never a mixture of before and after a concurrent change; the conditional
-- update makes two callers at once fire it once. Called by the triggers below, and by the webhook
-- worker's sweep (webhook-worker.ts), which catches a crossing that two concurrent settlements each
-- judged with the other still pending.
CREATE OR REPLACE FUNCTION record_low_balance_if_crossed(p_account_id uuid, p_livemode boolean) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_wallet jsonb;
  v_settled bigint;
BEGIN
  -- Every successful settlement comes here: most leave at this one look-up by primary key.
  PERFORM 1 FROM wallets
  WHERE account_id = p_account_id AND livemode = p_livemode AND low_balance_armed AND balance < low_balance_threshold;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  WITH pending AS (
    SELECT COALESCE(sum(amount), 0) AS amount FROM transactions
    WHERE account_id = p_account_id AND livemode = p_livemode AND status = 'PENDING'
  )
  UPDATE wallets w SET low_balance_armed = false
  FROM pending
  WHERE w.account_id = p_account_id AND w.livemode = p_livemode AND w.low_balance_armed
    AND w.balance + pending.amount < w.low_balance_threshold
  RETURNING to_jsonb(w), w.balance + pending.amount INTO v_wallet, v_settled;
  IF v_wallet IS NULL THEN
    RETURN false;
  END IF;
  PERFORM record_webhook_event(p_account_id, p_livemode, 'wallet.low_balance', p_account_id::text,
                               v_wallet || jsonb_build_object('balance', v_settled));
  RETURN true;
END
$fn$;
