-- Where a batch's orders stand, counted once for every reader (GET /api/v1/batches/{batchReference}, the
-- portal, finish_batch): an order is successful or failed as its transaction is; one refused without a
-- charge (no transaction, done) is failed; the rest are pending. `spent` is what the batch's own purchases
-- keep charged (successful and pending, as transaction-reads.ts IS_SPEND), leaving out the orders whose
-- reference was already in use when the batch was accepted: those replay an earlier purchase.
CREATE OR REPLACE FUNCTION batch_progress(p_batch_id uuid)
RETURNS TABLE (successful integer, failed integer, pending integer, spent bigint)
LANGUAGE sql STABLE AS $fn$
  SELECT count(*) FILTER (WHERE t.status = 'SUCCESSFUL')::integer,
         count(*) FILTER (WHERE t.status = 'FAILED' OR (t.id IS NULL AND o.state = 'DONE'))::integer,
         count(*) FILTER (WHERE t.status = 'PENDING' OR (t.id IS NULL AND o.state <> 'DONE'))::integer,
         COALESCE(sum(t.amount) FILTER (WHERE t.status IN ('SUCCESSFUL', 'PENDING') AND NOT o.known_reference), 0)::bigint
  FROM batch_orders o
  LEFT JOIN transactions t ON t.id = o.transaction_id
  WHERE o.batch_id = p_batch_id
$fn$;
