-- The start of a client reference across every account (the operators' search): the per-account
-- index (account_id, client_reference) cannot answer it without the account. text_pattern_ops, so that
-- LIKE 'abc%' uses it whatever the collation. CONCURRENTLY and alone in its file, as 20261127000730.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_client_reference_prefix_idx" ON "transactions"("client_reference" text_pattern_ops);
