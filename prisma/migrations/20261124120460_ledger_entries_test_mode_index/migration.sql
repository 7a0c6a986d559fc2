-- Test mode: the test wallets' ledger entries of an account by age, for pruning (20261124120500), as
-- the transactions' partial index beside it. CONCURRENTLY and alone in its file.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_entries_test_mode_created_at_idx" ON "ledger_entries"("account_id", "created_at") WHERE NOT "livemode";
