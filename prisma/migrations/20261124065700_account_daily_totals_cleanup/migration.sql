-- What only the guarded trigger of 20261124065447 used. Since 20261124065600 no trigger calls it: the
-- last purchases whose trigger began before that migration committed finished long before this runs.
SET LOCAL lock_timeout = '1s';

DROP FUNCTION account_daily_totals_add(uuid, timestamptz, "Service", "TransactionStatus", bigint, int);
DROP TABLE account_daily_totals_ready;
