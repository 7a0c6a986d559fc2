-- Completes a batch once none of its orders is pending, writing its final figures (the batch.completed
-- event's snapshot, webhook_batch_completed.sql); false while some are. Safe to call any number of times,
-- from any process: the batch's row lock orders the callers, and each counts after the previous one
-- committed (a plpgsql statement takes a fresh snapshot), so the last order to settle always completes it.
CREATE OR REPLACE FUNCTION finish_batch(p_batch_id uuid) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_progress record;
BEGIN
  PERFORM 1 FROM batches WHERE id = p_batch_id AND status <> 'COMPLETED' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  -- Most calls come while orders are still to be bought: answered from the index of unfinished orders,
  -- without counting the batch.
  IF EXISTS (SELECT 1 FROM batch_orders WHERE batch_id = p_batch_id AND state <> 'DONE') THEN
    RETURN false;
  END IF;
  SELECT * INTO v_progress FROM batch_progress(p_batch_id);
  IF v_progress.pending > 0 THEN
    RETURN false;
  END IF;
  UPDATE batches
  SET status = 'COMPLETED', started_at = COALESCE(started_at, now()), completed_at = now(),
      successful_count = v_progress.successful, failed_count = v_progress.failed, spent = v_progress.spent
  WHERE id = p_batch_id;
  RETURN true;
END
$fn$;
