-- The backfill (20261124065500) has counted every day up to tomorrow: from now on the triggers count
-- every change, without the guard and its advisory lock. A database whose backfill did not reach today
-- is refused, rather than left with days nobody counts. What the guarded trigger used is dropped by the
-- next migration, not here: a purchase whose trigger began before this commits still runs the old body,
-- which calls account_daily_totals_add and reads account_daily_totals_ready (2 of 33,222 purchases made
-- while the migrations first ran at 10,000,000 transactions failed, when they were dropped here).
SET LOCAL lock_timeout = '1s';

DO $check$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready
                 WHERE account_id = '00000000-0000-0000-0000-000000000000' AND day >= (now() AT TIME ZONE 'Africa/Lagos')::date) THEN
    RAISE EXCEPTION 'account_daily_totals: the backfill has not reached today; run CALL account_daily_totals_backfill() first';
  END IF;
END
$check$;

-- The trigger with the upserts inline (PL/pgSQL keeps their plans; no second function call per purchase).
CREATE OR REPLACE FUNCTION account_daily_totals_on_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (OLD.account_id, (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.service, -1,
            CASE WHEN OLD.status = 'FAILED' THEN -1 ELSE 0 END, CASE WHEN OLD.status = 'FAILED' THEN 0 ELSE -OLD.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.service, 1,
            CASE WHEN NEW.status = 'FAILED' THEN 1 ELSE 0 END, CASE WHEN NEW.status = 'FAILED' THEN 0 ELSE NEW.amount END)
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
  RETURN NULL;
END
$fn$;

DROP PROCEDURE account_daily_totals_backfill();
DROP FUNCTION account_daily_totals_count(date, uuid);
