-- api_key.created and api_key.revoked events, written in the statement that creates or revokes the key.
CREATE OR REPLACE FUNCTION webhook_api_key_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, TG_ARGV[0], NEW.id::text, to_jsonb(NEW) - 'key_hash');
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER api_keys_webhook_created
AFTER INSERT ON api_keys
FOR EACH ROW EXECUTE FUNCTION webhook_api_key_changed('api_key.created');

CREATE OR REPLACE TRIGGER api_keys_webhook_revoked
AFTER UPDATE OF revoked_at ON api_keys
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION webhook_api_key_changed('api_key.revoked');
