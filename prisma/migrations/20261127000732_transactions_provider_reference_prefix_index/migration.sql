-- The start of a provider reference ("SBX-…", VTpass's transaction id), in every portal search: what
-- a customer or the upstream quotes. text_pattern_ops; CONCURRENTLY and alone in its file, as 20261127000730.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_provider_reference_prefix_idx" ON "transactions"("provider_reference" text_pattern_ops);
