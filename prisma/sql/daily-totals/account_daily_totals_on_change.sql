-- The daily totals feed the live dashboard and the invoice months: test purchases are not counted.
CREATE OR REPLACE FUNCTION account_daily_totals_on_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.livemode THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (OLD.account_id, (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.service, -1,
            CASE WHEN OLD.status = 'FAILED' THEN -1 ELSE 0 END, CASE WHEN OLD.status = 'FAILED' THEN 0 ELSE -OLD.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.livemode THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.service, 1,
            CASE WHEN NEW.status = 'FAILED' THEN 1 ELSE 0 END, CASE WHEN NEW.status = 'FAILED' THEN 0 ELSE NEW.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_daily_totals_insert AFTER INSERT ON transactions
FOR EACH ROW EXECUTE FUNCTION account_daily_totals_on_change();

-- A purchase settling successfully changes nothing that counts: the trigger does not even fire. Failing
-- (or a delivered one reversed) moves it from spend to failed.
CREATE OR REPLACE TRIGGER transactions_daily_totals_update AFTER UPDATE OF account_id, created_at, service, status, amount ON transactions
FOR EACH ROW WHEN ((OLD.status = 'FAILED') IS DISTINCT FROM (NEW.status = 'FAILED') OR OLD.amount IS DISTINCT FROM NEW.amount
                   OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.service IS DISTINCT FROM NEW.service
                   OR OLD.account_id IS DISTINCT FROM NEW.account_id)
EXECUTE FUNCTION account_daily_totals_on_change();

CREATE OR REPLACE TRIGGER transactions_daily_totals_delete AFTER DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION account_daily_totals_on_change();
