-- Armed again once the balance is back at or above the threshold (a funding, a refund), and
-- re-judged when the owner changes the threshold: a new threshold above the balance waits for the
-- balance to come back over it and fall again, as the event always has.
CREATE OR REPLACE FUNCTION wallet_low_balance_rearm() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.low_balance_armed := NEW.low_balance_threshold IS NULL OR NEW.balance >= NEW.low_balance_threshold;
  RETURN NEW;
END
$fn$;
CREATE OR REPLACE TRIGGER wallets_low_balance_rearm
BEFORE UPDATE OF balance, low_balance_threshold ON wallets
FOR EACH ROW WHEN (NEW.low_balance_threshold IS DISTINCT FROM OLD.low_balance_threshold
                   OR (NOT OLD.low_balance_armed AND NEW.balance >= NEW.low_balance_threshold))
EXECUTE FUNCTION wallet_low_balance_rearm();
