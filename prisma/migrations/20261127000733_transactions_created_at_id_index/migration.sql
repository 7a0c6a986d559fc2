-- Every account's transactions newest first, for the operators' search: a search matching much (a
-- network's prefix, a status) walks this backwards and stops at a page, where a trigram index would
-- hand over every match to sort; its keyset cursor is (created_at, id). Rows arrive in time order, so
-- inserts land at its right edge. CONCURRENTLY and alone in its file, as 20261127000730.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_created_at_id_idx" ON "transactions"("created_at", "id");
