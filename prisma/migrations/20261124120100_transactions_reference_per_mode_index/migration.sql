-- Test mode: a clientReference is unique per account and mode (README "Test mode"). Built beside the
-- old (account_id, client_reference) index, which 20261124120300 drops once the purchase functions use
-- this one. CONCURRENTLY and alone in its file (README "Migrations on a big database").
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "transactions_account_id_livemode_client_reference_key" ON "transactions"("account_id", "livemode", "client_reference");
