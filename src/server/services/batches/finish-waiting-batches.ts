import { db } from "~/server/db";

/**
 * Completes the batches whose every order was bought but some waited for the provider: their pending
 * transactions are settled later by the reconciler (DESIGN.md §3.3.8), which knows nothing of batches, so
 * the batch workers look for these on a schedule (finish_batch.sql). Also completes a batch whose last two
 * orders were recorded at the same instant in two processes, should that ever leave it running. Returns
 * the references completed.
 */
export async function finishWaitingBatches(): Promise<string[]> {
  const rows = await db.$queryRaw<{ batch_reference: string }[]>`
    SELECT b.batch_reference FROM batches b
    WHERE b.status = 'RUNNING'
      AND NOT EXISTS (SELECT 1 FROM batch_orders o WHERE o.batch_id = b.id AND o.state <> 'DONE')
      AND finish_batch(b.id)`;
  return rows.map((row) => row.batch_reference);
}
