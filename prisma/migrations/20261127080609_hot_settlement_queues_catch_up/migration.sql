-- What a call of the old insert_purchase or settle_purchase wrote after 20261127080608 committed: a call
-- that had begun the old body before that commit, waiting on its lock, runs the old body on. Such a call
-- holds its lock on transactions until it commits, and this waits for it the same way (tries of 100 ms);
-- no call can begin the old body any more. Then a PENDING purchase without its queue row gets one, a
-- queue row whose purchase is settled goes, and a delivery the old body set a reversal check on is
-- watched. The old indexes are still there for these reads.
SET LOCAL lock_timeout = '100ms';
DO $lock$
BEGIN
  FOR attempt IN 1..100 LOOP
    BEGIN
      LOCK TABLE transactions IN SHARE MODE;
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0.2);
    END;
  END LOOP;
  RAISE EXCEPTION 'hot_settlement_queues_catch_up: could not lock transactions; deploy again';
END
$lock$;
SET LOCAL lock_timeout = '1s';

INSERT INTO "purchase_requeries" ("transaction_id", "next_requery_at")
SELECT "id", COALESCE("next_requery_at", now()) FROM "transactions" WHERE "status" = 'PENDING'
ON CONFLICT ("transaction_id") DO NOTHING;

DELETE FROM "purchase_requeries" q USING "transactions" t WHERE t."id" = q."transaction_id" AND t."status" <> 'PENDING';

INSERT INTO "reversal_checks" ("transaction_id", "check_at")
SELECT "id", "reversal_check_at" FROM "transactions" WHERE "reversal_check_at" IS NOT NULL
ON CONFLICT ("transaction_id") DO NOTHING;
