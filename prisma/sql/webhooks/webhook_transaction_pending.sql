-- transaction.pending (opt-in), once per transaction: when its first answer leaves it pending.
CREATE OR REPLACE FUNCTION webhook_transaction_pending() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.pending_announced := true;
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'transaction.pending', NEW.id::text, to_jsonb(NEW));
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_webhook_pending
BEFORE UPDATE ON transactions
FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'PENDING' AND NOT OLD.pending_announced)
EXECUTE FUNCTION webhook_transaction_pending();
