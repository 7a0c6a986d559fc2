-- wallet.low_balance when a balance change crosses the account's threshold from above.
CREATE OR REPLACE FUNCTION webhook_wallet_low_balance() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'wallet.low_balance', NEW.account_id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER wallets_webhook_low_balance
AFTER UPDATE OF balance ON wallets
FOR EACH ROW WHEN (NEW.low_balance_threshold IS NOT NULL
                   AND OLD.balance >= NEW.low_balance_threshold AND NEW.balance < NEW.low_balance_threshold)
EXECUTE FUNCTION webhook_wallet_low_balance();
