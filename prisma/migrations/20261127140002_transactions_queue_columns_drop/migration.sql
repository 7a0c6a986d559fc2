-- Issue 38: transactions.next_requery_at and reversal_check_at go. Nothing has read them since the queues
-- became tables of their own (20261127080608: purchase_requeries, reversal_checks), and nothing writes them
-- since 20261127140001. Dropping a column changes the catalog only (no rewrite), but it takes an ACCESS
-- EXCLUSIVE lock on transactions: taken by tries of 100 ms, so purchases never queue behind a lock request
-- that waits (docs/architecture.md "Migrations on a big database"), and held for an instant.
SET LOCAL lock_timeout = '100ms';
DO $lock$
BEGIN
  FOR attempt IN 1..100 LOOP
    BEGIN
      LOCK TABLE transactions IN ACCESS EXCLUSIVE MODE;
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0.2);
    END;
  END LOOP;
  RAISE EXCEPTION 'transactions_queue_columns_drop: could not lock transactions; deploy again';
END
$lock$;
SET LOCAL lock_timeout = '1s';

ALTER TABLE "transactions" DROP COLUMN IF EXISTS "next_requery_at",
DROP COLUMN IF EXISTS "reversal_check_at";
