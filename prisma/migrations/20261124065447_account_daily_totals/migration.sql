-- Purchases per account, Lagos day and service, for the dashboard and the invoice months (README
-- "Performance at volume"): at 2,000,000 transactions in one account, counting them took 2 to 3 s a
-- page. Triggers keep the totals in the statement that changes a transaction, so they commit or roll
-- back with it, whichever function or service made the change.
--
-- On a large database the totals of the transactions already there are counted by the next migration
-- (20261124065500, a procedure that commits day by day), while purchases go on. Until it has counted a
-- day, the trigger leaves that day's changes to it; a per-day advisory lock orders the two, so a
-- change is counted exactly once: either the backfill sees it committed, or the trigger adds it after
-- the backfill's day is in. The migration after that (20261124065600) drops this guard.
SET LOCAL lock_timeout = '1s';

-- CreateTable
CREATE TABLE "account_daily_totals" (
    "account_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "service" "Service" NOT NULL,
    "purchases" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "spend" BIGINT NOT NULL,

    CONSTRAINT "account_daily_totals_pkey" PRIMARY KEY ("account_id","day","service")
);

-- The days the backfill has counted (dropped by 20261124065600).
CREATE TABLE "account_daily_totals_ready" ("day" DATE PRIMARY KEY);

-- Adds (sign 1) or takes away (sign -1) one transaction as it counts: every purchase, failed apart,
-- spend unless failed (IS_SPEND: successful and pending).
CREATE FUNCTION account_daily_totals_add(p_account_id uuid, p_created_at timestamptz, p_service "Service",
                                         p_status "TransactionStatus", p_amount bigint, p_sign int) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_day date := (p_created_at AT TIME ZONE 'Africa/Lagos')::date;
BEGIN
  -- While the backfill runs: a day it has not counted yet is left to it (see the top of this file).
  PERFORM pg_advisory_xact_lock_shared(20261124, v_day - date '2000-01-01');
  IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready WHERE day = v_day) THEN
    RETURN;
  END IF;
  INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
  VALUES (p_account_id, v_day, p_service, p_sign, CASE WHEN p_status = 'FAILED' THEN p_sign ELSE 0 END,
          CASE WHEN p_status = 'FAILED' THEN 0 ELSE p_sign * p_amount END)
  ON CONFLICT (account_id, day, service) DO UPDATE
  SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
END
$fn$;

CREATE FUNCTION account_daily_totals_on_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM account_daily_totals_add(OLD.account_id, OLD.created_at, OLD.service, OLD.status, OLD.amount, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM account_daily_totals_add(NEW.account_id, NEW.created_at, NEW.service, NEW.status, NEW.amount, 1);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION account_daily_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM account_daily_totals;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER transactions_daily_totals_insert AFTER INSERT ON transactions
FOR EACH ROW EXECUTE FUNCTION account_daily_totals_on_change();
-- A purchase settling successfully changes nothing that counts: the trigger does not even fire. Failing
-- (or a delivered one reversed) moves it from spend to failed.
CREATE TRIGGER transactions_daily_totals_update AFTER UPDATE OF account_id, created_at, service, status, amount ON transactions
FOR EACH ROW WHEN ((OLD.status = 'FAILED') IS DISTINCT FROM (NEW.status = 'FAILED') OR OLD.amount IS DISTINCT FROM NEW.amount
                   OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.service IS DISTINCT FROM NEW.service
                   OR OLD.account_id IS DISTINCT FROM NEW.account_id)
EXECUTE FUNCTION account_daily_totals_on_change();
CREATE TRIGGER transactions_daily_totals_delete AFTER DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION account_daily_totals_on_change();
CREATE TRIGGER transactions_daily_totals_truncate AFTER TRUNCATE ON transactions
FOR EACH STATEMENT EXECUTE FUNCTION account_daily_totals_on_truncate();

-- Counts the transactions already there, one Lagos day per transaction (each commits), from the first
-- day to tomorrow; a day already counted is skipped, so it can be run again after an interruption.
CREATE PROCEDURE account_daily_totals_backfill()
LANGUAGE plpgsql AS $fn$
DECLARE
  v_day date;
  v_last date := (now() AT TIME ZONE 'Africa/Lagos')::date + 1;
BEGIN
  SELECT (min(created_at) AT TIME ZONE 'Africa/Lagos')::date INTO v_day FROM transactions;
  v_day := LEAST(COALESCE(v_day, v_last), v_last);
  WHILE v_day <= v_last LOOP
    PERFORM pg_advisory_xact_lock(20261124, v_day - date '2000-01-01');
    IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready WHERE day = v_day) THEN
      INSERT INTO account_daily_totals (account_id, day, service, purchases, failed, spend)
      SELECT account_id, v_day, service, count(*), count(*) FILTER (WHERE status = 'FAILED'),
             COALESCE(sum(amount) FILTER (WHERE status <> 'FAILED'), 0)
      FROM transactions
      WHERE created_at >= (v_day::timestamp AT TIME ZONE 'Africa/Lagos')
        AND created_at < ((v_day + 1)::timestamp AT TIME ZONE 'Africa/Lagos')
      GROUP BY account_id, service;
      INSERT INTO account_daily_totals_ready (day) VALUES (v_day);
    END IF;
    COMMIT;
    v_day := v_day + 1;
  END LOOP;
END
$fn$;
