-- An allowlist change is an authorization change for every key of the account: keys remembered by a
-- process (docs/decisions/003) are confirmed against the version, which changes here.
CREATE OR REPLACE FUNCTION allowlist_key_authorization_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- TRUNCATE: every account's list may have changed.
    UPDATE accounts SET key_authorization_version = gen_random_uuid();
  ELSE
    UPDATE accounts SET key_authorization_version = gen_random_uuid()
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END
       OR (TG_OP = 'UPDATE' AND id = OLD.account_id);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER allowlist_entries_key_authorization AFTER INSERT OR UPDATE OR DELETE ON allowlist_entries
  FOR EACH ROW EXECUTE FUNCTION allowlist_key_authorization_changed();

CREATE OR REPLACE TRIGGER allowlist_entries_key_authorization_truncate AFTER TRUNCATE ON allowlist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION allowlist_key_authorization_changed();
