-- The portal's search by the start of a provider reference reads vend_attempts (searchCondition), so that
-- a settlement writing the reference into transactions changes no index there.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vend_attempts_provider_reference_prefix_idx" ON "vend_attempts"("provider_reference" text_pattern_ops);
