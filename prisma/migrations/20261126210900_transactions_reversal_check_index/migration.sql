-- The reversal sweep's queue (20261126210850): only the delivered purchases still watched are in it, so
-- it stays as small as a few days of deliveries however large the table grows. CONCURRENTLY and alone in
-- its file (README "Migrations on a big database").
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_reversal_check_at_idx" ON "transactions"("reversal_check_at") WHERE "reversal_check_at" IS NOT NULL;
