/**
 * GET /api/portal/transactions.csv?service=&status=&from=&to=&q=: the portal's transaction list, as
 * filtered on screen, as a CSV download. Signed-in portal users only (the session cookie); errors are
 * problem+json like the REST API's. The body is streamed: the service reads the next page of rows
 * only when the client has taken the previous one.
 */
import { rawFilterFromSearchParams, transactionFilter } from "~/schemas/portal-transactions";
import { pullStream } from "~/server/http/pull-stream";
import { sessionRoute } from "~/server/rest/session-route";
import { exportTransactionsCsv } from "~/server/services/transactions/export-transactions-csv";
import { parseInput } from "~/server/validation/parse-input";

export const dynamic = "force-dynamic";

export const GET = sessionRoute({ signInMessage: "Sign in to the portal to export transactions." }, async ({ request, actor }) => {
  const filter = parseInput(transactionFilter, rawFilterFromSearchParams(new URL(request.url).searchParams));
  const csv = await exportTransactionsCsv(actor, filter);
  return new Response(pullStream(csv.chunks, "transactions CSV export"), {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${csv.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
