-- The operators' margin report reads one month of every account's transactions by created_at, which
-- no index led with: it read the whole table (3.4 s at 10,000,000 transactions). Transactions are
-- written in time order, so a BRIN index (a few pages for the whole table, next to nothing to maintain
-- on the purchase path) finds a month's pages. One statement, CONCURRENTLY: see 20261124065233 for why,
-- and what to do if a build fails.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_created_at_idx" ON "transactions" USING BRIN ("created_at");
