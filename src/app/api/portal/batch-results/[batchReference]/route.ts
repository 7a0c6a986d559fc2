/**
 * GET /api/portal/batch-results/{batchReference}: a batch's results as a CSV download (the Batches page's
 * "Download results"): every order with its status, what was delivered and its references. Signed-in
 * portal users of the batch's account and mode only; streamed a page of orders at a time.
 */
import { batchReferenceParams } from "~/schemas/batches";
import { pullStream } from "~/server/http/pull-stream";
import { sessionRoute } from "~/server/rest/session-route";
import { exportBatchResultsCsv } from "~/server/services/batches/export-batch-results-csv";

export const dynamic = "force-dynamic";

export const GET = sessionRoute(
  { signInMessage: "Sign in to the portal to download a batch's results.", params: batchReferenceParams },
  async ({ actor, params }) => {
    const csv = await exportBatchResultsCsv(actor, params.batchReference);
    return new Response(pullStream(csv.chunks, "batch results CSV"), {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="${csv.filename}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
