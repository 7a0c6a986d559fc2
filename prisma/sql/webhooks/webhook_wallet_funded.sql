-- wallet.funded, written with the FUNDING ledger entry that credits the wallet.
CREATE OR REPLACE FUNCTION webhook_wallet_funded() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'wallet.funded', NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER ledger_entries_webhook_funded
AFTER INSERT ON ledger_entries
FOR EACH ROW WHEN (NEW.kind = 'FUNDING')
EXECUTE FUNCTION webhook_wallet_funded();
