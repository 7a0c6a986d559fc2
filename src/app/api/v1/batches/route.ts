import { z } from "zod";
import { MAX_BATCH_BODY_BYTES } from "~/schemas/batches";
import { apiRoute } from "~/server/rest/api-route";
import { createBatch } from "~/server/services/batches/create-batch";

// The body (createBatchOperation documents it) is validated by createBatch itself, row by row and against
// the catalog, so that every problem of every order is answered at once.
export const POST = apiRoute({ body: z.unknown(), maxBodyBytes: MAX_BATCH_BODY_BYTES }, async ({ actor, body }) => {
  const { batch, replay } = await createBatch(actor, body);
  const log = { batchId: batch.id, replay };
  return replay ? { status: 200, body: batch, headers: { "idempotent-replay": "true" }, log } : { status: 202, body: batch, log };
});
