-- batch.completed, written in the statement that completes the batch (finish_batch), with its final figures.
CREATE OR REPLACE FUNCTION webhook_batch_completed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'batch.completed', NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER batches_webhook_completed
AFTER UPDATE OF status ON batches
FOR EACH ROW WHEN (NEW.status = 'COMPLETED' AND OLD.status IS DISTINCT FROM 'COMPLETED')
EXECUTE FUNCTION webhook_batch_completed();
