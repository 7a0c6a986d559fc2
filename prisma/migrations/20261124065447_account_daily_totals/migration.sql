-- Purchases per account, Lagos day and service, for the dashboard and the invoice months (README
-- "Performance at volume"): at 2,000,000 transactions in one account, counting them took 2 to 3 s a
-- page. Triggers keep the totals in the statement that changes a transaction, so they commit or roll
-- back with it, whichever function or service made the change.
--
-- On a large database the totals of the transactions already there are counted by the next migration
-- (20261124065500, a procedure that commits as it goes), while purchases go on. Until it has counted a
-- day (today: an account's day), the trigger leaves that day's changes to it; advisory locks on the day
-- and on the account's day order the two, so a change is counted exactly once: either the backfill
-- sees it committed, or the trigger adds it once the backfill's unit is in. Past days are counted whole
-- (only rare settlements touch them); today, where every purchase lands, an account at a time, so a
-- purchase waits at most for the count of its own account's day. 20261124065600 drops the guard.
--
-- CREATE TRIGGER needs a lock that waits for purchases in flight, and that purchases then queue
-- behind (and autovacuum yields it only after a second): it is taken first, by tries of 100 ms.
SET LOCAL lock_timeout = '100ms';
DO $lock$
BEGIN
  FOR attempt IN 1..100 LOOP
    BEGIN
      LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0.2);
    END;
  END LOOP;
  RAISE EXCEPTION 'account_daily_totals: could not lock transactions for its triggers; deploy again';
END
$lock$;

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

-- What the backfill has counted: a whole day (account_id is the zero uuid), or one account's day
-- (dropped by 20261124065700).
CREATE TABLE "account_daily_totals_ready" ("day" DATE NOT NULL, "account_id" UUID NOT NULL, PRIMARY KEY ("day", "account_id"));

-- Adds (sign 1) or takes away (sign -1) one transaction as it counts: every purchase, failed apart,
-- spend unless failed (IS_SPEND: successful and pending).
CREATE FUNCTION account_daily_totals_add(p_account_id uuid, p_created_at timestamptz, p_service "Service",
                                         p_status "TransactionStatus", p_amount bigint, p_sign int) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_day date := (p_created_at AT TIME ZONE 'Africa/Lagos')::date;
BEGIN
  -- While the backfill runs: what it has not counted yet is left to it (see the top of this file).
  PERFORM pg_advisory_xact_lock_shared(20261124, v_day - date '2000-01-01');
  PERFORM pg_advisory_xact_lock_shared(hashtextextended(p_account_id::text, v_day - date '2000-01-01'));
  IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready
                 WHERE day = v_day AND account_id IN (p_account_id, '00000000-0000-0000-0000-000000000000')) THEN
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

-- Counts the transactions already there: each past Lagos day whole, in a transaction of its own; today
-- one account at a time (each its own transaction), then the accounts opened meanwhile, and the day
-- marked whole; tomorrow whole. What is already counted is skipped, so it can be run again after an
-- interruption.
CREATE PROCEDURE account_daily_totals_backfill()
LANGUAGE plpgsql AS $fn$
DECLARE
  c_whole CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  v_today date := (now() AT TIME ZONE 'Africa/Lagos')::date;
  v_day date;
  v_account uuid;
BEGIN
  SELECT (min(created_at) AT TIME ZONE 'Africa/Lagos')::date INTO v_day FROM transactions;
  v_day := LEAST(COALESCE(v_day, v_today), v_today);
  WHILE v_day <= v_today + 1 LOOP
    IF v_day = v_today THEN
      FOR v_account IN SELECT id FROM accounts ORDER BY id LOOP
        PERFORM pg_advisory_xact_lock(hashtextextended(v_account::text, v_day - date '2000-01-01'));
        IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready WHERE day = v_day AND account_id IN (v_account, c_whole)) THEN
          PERFORM account_daily_totals_count(v_day, v_account);
          INSERT INTO account_daily_totals_ready (day, account_id) VALUES (v_day, v_account);
        END IF;
        COMMIT;
      END LOOP;
    END IF;
    -- The whole day: under the day's lock, the accounts not counted yet (all of them on a past day,
    -- only those opened since the loop above today).
    PERFORM pg_advisory_xact_lock(20261124, v_day - date '2000-01-01');
    IF NOT EXISTS (SELECT 1 FROM account_daily_totals_ready WHERE day = v_day AND account_id = c_whole) THEN
      IF v_day = v_today THEN
        FOR v_account IN SELECT a.id FROM accounts a
                         WHERE NOT EXISTS (SELECT 1 FROM account_daily_totals_ready r WHERE r.day = v_day AND r.account_id = a.id) LOOP
          PERFORM account_daily_totals_count(v_day, v_account);
        END LOOP;
      ELSE
        PERFORM account_daily_totals_count(v_day, NULL);
      END IF;
      INSERT INTO account_daily_totals_ready (day, account_id) VALUES (v_day, c_whole);
    END IF;
    COMMIT;
    v_day := v_day + 1;
  END LOOP;
END
$fn$;

-- One Lagos day's transactions (of one account, or of all) added to the totals. Two statements, so each
-- plan is the right one (the account's index range, or the day's block ranges).
CREATE FUNCTION account_daily_totals_count(p_day date, p_account_id uuid) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_from timestamptz := p_day::timestamp AT TIME ZONE 'Africa/Lagos';
  v_to timestamptz := (p_day + 1)::timestamp AT TIME ZONE 'Africa/Lagos';
BEGIN
  IF p_account_id IS NULL THEN
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    SELECT account_id, p_day, service, count(*), count(*) FILTER (WHERE status = 'FAILED'),
           COALESCE(sum(amount) FILTER (WHERE status <> 'FAILED'), 0)
    FROM transactions WHERE created_at >= v_from AND created_at < v_to
    GROUP BY account_id, service
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  ELSE
    INSERT INTO account_daily_totals AS d (account_id, day, service, purchases, failed, spend)
    SELECT account_id, p_day, service, count(*), count(*) FILTER (WHERE status = 'FAILED'),
           COALESCE(sum(amount) FILTER (WHERE status <> 'FAILED'), 0)
    FROM transactions WHERE account_id = p_account_id AND created_at >= v_from AND created_at < v_to
    GROUP BY account_id, service
    ON CONFLICT (account_id, day, service) DO UPDATE
    SET purchases = d.purchases + EXCLUDED.purchases, failed = d.failed + EXCLUDED.failed, spend = d.spend + EXCLUDED.spend;
  END IF;
END
$fn$;
