-- Counts the transactions that were there before 20261124065447's triggers, a day at a time, each day
-- its own transaction: purchases wait at most for the count of the day they fall on (tens of
-- milliseconds at 10,000,000 transactions), never for the whole backfill. COMMIT inside a procedure
-- works only when CALL is not inside a transaction block, so this file holds this one statement.
CALL account_daily_totals_backfill();
