-- What became of one order, as the worker that bought it saw it (src/server/services/batches/process-batch-order.ts):
-- its transaction, or the error that refused it without a charge. The first outcome recorded stands (a
-- worker whose lease ran out may report after another finished the order, and a later report still
-- completes the batch if its purchase settled what the batch waited for). `p_stop_batch` (a wallet that
-- no longer covers an order, a revoked key) fails every order of the batch not yet started with the same
-- error, uncharged, and says so on the batch; orders whose reference was in use before the batch go on,
-- since they are replays that cost nothing. Then the batch completes if nothing is pending: true when it did.
CREATE OR REPLACE FUNCTION record_batch_order_outcome(
  p_order_id bigint, p_transaction_id uuid, p_error_name text, p_error_reason text, p_stop_batch boolean
) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_batch_id uuid;
BEGIN
  SELECT batch_id INTO v_batch_id FROM batch_orders WHERE id = p_order_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no batch order %', p_order_id;
  END IF;
  -- Taken before the order changes, as finish_batch takes it: see there.
  PERFORM 1 FROM batches WHERE id = v_batch_id FOR UPDATE;
  UPDATE batch_orders
  SET state = 'DONE', transaction_id = p_transaction_id, error_name = p_error_name, error_reason = p_error_reason,
      leased_until = NULL, finished_at = now()
  WHERE id = p_order_id AND state <> 'DONE';
  IF NOT FOUND THEN
    -- Recorded already (a pending replay seen while this worker's purchase was in flight): this
    -- purchase may have settled what the batch waited for.
    RETURN finish_batch(v_batch_id);
  END IF;
  IF p_stop_batch THEN
    UPDATE batches SET stopped_reason = COALESCE(stopped_reason, p_error_name) WHERE id = v_batch_id;
    UPDATE batch_orders
    SET state = 'DONE', error_name = p_error_name, error_reason = p_error_reason, finished_at = now()
    WHERE batch_id = v_batch_id AND state = 'QUEUED' AND NOT known_reference;
  END IF;
  RETURN finish_batch(v_batch_id);
END
$fn$;
