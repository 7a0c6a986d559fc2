-- Funding by bank transfer: an account's FUNDING entries by time, for GET /api/v1/fundings, the Fund
-- wallet page and the invoice CSV's funding rows, without reading past the account's purchase entries
-- (millions in a busy account). CONCURRENTLY and alone in its file (README "Migrations on a big database").
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_entries_funding_created_at_idx" ON "ledger_entries"("account_id", "livemode", "created_at", "id") WHERE "kind" = 'FUNDING';
