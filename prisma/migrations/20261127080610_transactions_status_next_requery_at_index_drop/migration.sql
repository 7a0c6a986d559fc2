-- The reconciler reads its queue from purchase_requeries since 20261127080608: this index only made every
-- settlement write a new entry into it (docs/architecture.md "Why the queues are tables").
DROP INDEX CONCURRENTLY IF EXISTS "transactions_status_next_requery_at_idx";
