-- The account settings that decide whether a key may buy (the allowlist's requirement, the catalog)
-- change the account's key authorization version, so remembered keys are confirmed again.
CREATE OR REPLACE FUNCTION account_key_authorization_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.key_authorization_version := gen_random_uuid();
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER accounts_key_authorization BEFORE UPDATE OF created_at, allowlist_opt_in, on_product_catalog ON accounts
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.allowlist_opt_in IS DISTINCT FROM NEW.allowlist_opt_in
                     OR OLD.on_product_catalog IS DISTINCT FROM NEW.on_product_catalog)
  EXECUTE FUNCTION account_key_authorization_changed();
