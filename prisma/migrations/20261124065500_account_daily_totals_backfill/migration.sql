-- Counts the transactions that were there before 20261124065447's triggers: each past day in a
-- transaction of its own, today an account at a time. Purchases wait at most for the count of their
-- own account's day (tens of milliseconds at 10,000,000 transactions), never for the whole backfill.
-- COMMIT inside a procedure works only when CALL is not inside a transaction block, so this file holds
-- this one statement.
CALL account_daily_totals_backfill();
