-- TRUNCATE of transactions (tests, a reset) empties the daily totals with it.
CREATE OR REPLACE FUNCTION account_daily_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM account_daily_totals;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_daily_totals_truncate AFTER TRUNCATE ON transactions
FOR EACH STATEMENT EXECUTE FUNCTION account_daily_totals_on_truncate();
