-- The batch workers' claim (src/server/services/batches/batch-worker.ts): up to p_limit orders, each
-- leased until now() + p_lease, never more than p_per_account at once per account across every process,
-- so one reseller's batch cannot take all the workers or flood the upstream. Accounts are served oldest
-- waiting batch first; within an account, orders in the order they were accepted.
--
-- An order whose lease ran out (its worker died, or is stuck) is claimed again: buying it again is safe,
-- since the purchase engine answers a reference it knows with the stored transaction.
--
-- One claimer per account at a time (a transaction-scoped advisory lock, tried, never waited for), so the
-- count of running orders and the claim that follows it are exact; FOR UPDATE SKIP LOCKED besides.
CREATE OR REPLACE FUNCTION claim_batch_orders(p_limit integer, p_per_account integer, p_lease interval)
RETURNS SETOF batch_orders
LANGUAGE plpgsql AS $fn$
DECLARE
  v_account_id uuid;
  v_room integer;
  v_picked bigint[];
  v_claimed integer := 0;
BEGIN
  FOR v_account_id IN
    SELECT account_id FROM batches WHERE status <> 'COMPLETED' GROUP BY account_id ORDER BY min(created_at)
  LOOP
    EXIT WHEN v_claimed >= p_limit;
    -- 3600 names the batch claims among the application's advisory locks; a hash collision only skips a turn.
    CONTINUE WHEN NOT pg_try_advisory_xact_lock(3600, hashtext(v_account_id::text));
    SELECT LEAST(p_per_account - count(*), p_limit - v_claimed) INTO v_room
    FROM batch_orders WHERE account_id = v_account_id AND state = 'RUNNING' AND leased_until > now();
    CONTINUE WHEN v_room <= 0;
    v_picked := ARRAY(
      SELECT id FROM batch_orders
      WHERE account_id = v_account_id AND state = 'RUNNING' AND leased_until <= now()
      ORDER BY id LIMIT v_room FOR UPDATE SKIP LOCKED);
    IF cardinality(v_picked) < v_room THEN
      v_picked := v_picked || ARRAY(
        SELECT id FROM batch_orders
        WHERE account_id = v_account_id AND state = 'QUEUED'
        ORDER BY id LIMIT v_room - cardinality(v_picked) FOR UPDATE SKIP LOCKED);
    END IF;
    CONTINUE WHEN cardinality(v_picked) = 0;
    UPDATE batches SET status = 'RUNNING', started_at = now()
    WHERE status = 'ACCEPTED' AND id IN (SELECT DISTINCT batch_id FROM batch_orders WHERE id = ANY (v_picked));
    RETURN QUERY
      UPDATE batch_orders SET state = 'RUNNING', leased_until = now() + p_lease, attempts = attempts + 1
      WHERE id = ANY (v_picked)
      RETURNING *;
    v_claimed := v_claimed + cardinality(v_picked);
  END LOOP;
END
$fn$;
