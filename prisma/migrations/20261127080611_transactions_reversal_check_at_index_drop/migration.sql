-- The reversal sweep reads its queue from reversal_checks since 20261127080608.
DROP INDEX CONCURRENTLY IF EXISTS "transactions_reversal_check_at_idx";
