-- A row's mode never changes: nothing moves between the worlds, not even by an operator's UPDATE.
CREATE OR REPLACE FUNCTION livemode_is_fixed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '%: livemode cannot change', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_livemode_fixed BEFORE UPDATE OF livemode ON transactions
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();

CREATE OR REPLACE TRIGGER ledger_entries_livemode_fixed BEFORE UPDATE OF livemode ON ledger_entries
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();

CREATE OR REPLACE TRIGGER api_keys_livemode_fixed BEFORE UPDATE OF livemode ON api_keys
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();

CREATE OR REPLACE TRIGGER webhook_endpoints_livemode_fixed BEFORE UPDATE OF livemode ON webhook_endpoints
  FOR EACH ROW WHEN (NEW.livemode IS DISTINCT FROM OLD.livemode) EXECUTE FUNCTION livemode_is_fixed();
