-- Test mode: the test transactions of an account by age, for pruning (20261124120500). Partial, so it
-- holds test rows only: nothing for a live purchase to maintain, and an hourly prune of an account with
-- millions of live transactions reads none of them. CONCURRENTLY and alone in its file.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_test_mode_created_at_idx" ON "transactions"("account_id", "created_at") WHERE NOT "livemode";
