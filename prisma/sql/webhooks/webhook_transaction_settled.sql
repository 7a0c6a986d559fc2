-- transaction.successful and transaction.failed, written in the statement that settles the purchase.
CREATE OR REPLACE FUNCTION webhook_transaction_settled() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'transaction.' || lower(NEW.status::text), NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_webhook_settled
AFTER UPDATE OF status ON transactions
FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('SUCCESSFUL', 'FAILED'))
EXECUTE FUNCTION webhook_transaction_settled();
