-- The provider-reference search reads vend_attempts since 20261127080612, and every purchase with a
-- reference has an attempt since 20261127080614: this index only made settlements write into it.
DROP INDEX CONCURRENTLY IF EXISTS "transactions_provider_reference_prefix_idx";
