/**
 * GET /api/portal/transactions.csv?service=&status=&from=&to=&q=: the portal's transaction list, as
 * filtered on screen, as a CSV download. Signed-in portal users only (the session cookie); errors are
 * problem+json like the REST API's. The body is streamed: the service reads the next page of rows
 * only when the client has taken the previous one.
 */
import { rawFilterFromSearchParams, transactionFilter } from "~/schemas/portal-transactions";
import { logger } from "~/server/log";
import { sessionRoute } from "~/server/rest/session-route";
import { exportTransactionsCsv } from "~/server/services/transactions/export-transactions-csv";
import { parseInput } from "~/server/validation/parse-input";

export const dynamic = "force-dynamic";

export const GET = sessionRoute({ signInMessage: "Sign in to the portal to export transactions." }, async ({ request, actor }) => {
  const filter = parseInput(transactionFilter, rawFilterFromSearchParams(new URL(request.url).searchParams));
  const csv = await exportTransactionsCsv(actor, filter);
  const chunks = csv.chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        logger.error({ err: error }, "transactions CSV export failed mid-stream");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${csv.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
