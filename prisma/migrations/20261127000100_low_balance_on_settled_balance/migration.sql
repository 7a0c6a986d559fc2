-- wallet.low_balance fires on the settled balance (issue 31): the balance plus the debits of purchases
-- still pending, which is what the wallet holds once every purchase in flight has settled or been
-- refunded. A purchase's debit alone no longer fires it (a failed purchase's debit is refunded: the
-- wallet never settled at that balance); its successful settlement, or a negative adjustment, does.
-- `low_balance_armed` makes it once per crossing: cleared when the event fires, set again by the
-- wallet's trigger once the balance is back at or above the threshold (or the threshold changes).

-- AlterTable
ALTER TABLE "wallets" ADD COLUMN     "low_balance_armed" BOOLEAN NOT NULL DEFAULT true;

-- A wallet already below its threshold has had its event (the old trigger fired on the crossing).
UPDATE wallets SET low_balance_armed = false WHERE low_balance_threshold IS NOT NULL AND balance < low_balance_threshold;

DROP TRIGGER wallets_webhook_low_balance ON wallets;
DROP FUNCTION webhook_wallet_low_balance();

-- Records wallet.low_balance when the wallet is armed and its settled balance is below the threshold,
-- and disarms it; returns whether it did. The settled balance is read in the statement that disarms,
-- one snapshot, so it is never a mixture of before and after a concurrent change; the conditional
-- update makes two callers at once fire it once. Called by the triggers below, and by the webhook
-- worker's sweep (webhook-worker.ts), which catches a crossing that two concurrent settlements each
-- judged with the other still pending.
CREATE FUNCTION record_low_balance_if_crossed(p_account_id uuid, p_livemode boolean) RETURNS boolean
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

-- A purchase settles successful: its debit is now for good.
CREATE FUNCTION webhook_low_balance_after_settlement() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_low_balance_if_crossed(NEW.account_id, NEW.livemode);
  RETURN NULL;
END
$fn$;
-- Named to sort after transactions_webhook_settled: the purchase's event is recorded before the alert.
CREATE TRIGGER transactions_webhook_settled_low_balance
AFTER UPDATE OF status ON transactions
FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'SUCCESSFUL')
EXECUTE FUNCTION webhook_low_balance_after_settlement();

-- An adjustment takes money out (an operator's correction, a test wallet reset lower).
CREATE TRIGGER ledger_entries_webhook_low_balance
AFTER INSERT ON ledger_entries
FOR EACH ROW WHEN (NEW.kind = 'ADJUSTMENT' AND NEW.amount < 0)
EXECUTE FUNCTION webhook_low_balance_after_settlement();

-- Armed again once the balance is back at or above the threshold (a funding, a refund), and
-- re-judged when the owner changes the threshold: a new threshold above the balance waits for the
-- balance to come back over it and fall again, as the event always has.
CREATE FUNCTION wallet_low_balance_rearm() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.low_balance_armed := NEW.low_balance_threshold IS NULL OR NEW.balance >= NEW.low_balance_threshold;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER wallets_low_balance_rearm
BEFORE UPDATE OF balance, low_balance_threshold ON wallets
FOR EACH ROW WHEN (NEW.low_balance_threshold IS DISTINCT FROM OLD.low_balance_threshold
                   OR (NOT OLD.low_balance_armed AND NEW.balance >= NEW.low_balance_threshold))
EXECUTE FUNCTION wallet_low_balance_rearm();
