-- Test mode: what the ledger's (transaction_id, livemode) foreign key refers to (20261124120300).
-- CONCURRENTLY and alone in its file (README "Migrations on a big database").
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "transactions_id_livemode_key" ON "transactions"("id", "livemode");
