/**
 * GET /api/portal/transactions.csv?service=&status=&from=&to=&q=: the portal's transaction list, as
 * filtered on screen, as a CSV download. Signed-in portal users only (the session cookie); errors are
 * problem+json like the REST API's. The body is streamed: the service reads the next page of rows
 * only when the client has taken the previous one.
 */
import { rawFilterFromSearchParams, transactionFilter } from "~/schemas/portal-transactions";
import { getSessionActor } from "~/server/auth/session";
import { pullStream } from "~/server/http/pull-stream";
import { isAppError } from "~/server/errors";
import { logger } from "~/server/log";
import { INTERNAL_PROBLEM, problem, problemFromAppError, type Problem } from "~/server/rest/problem";
import { exportTransactionsCsv } from "~/server/services/transactions/export-transactions-csv";
import { parseInput } from "~/server/validation/parse-input";

export const dynamic = "force-dynamic";

function problemResponse(body: Problem): Response {
  return Response.json(body, { status: body.status, headers: { "content-type": "application/problem+json", "cache-control": "no-store" } });
}

export async function GET(request: Request): Promise<Response> {
  const actor = await getSessionActor();
  if (!actor) return problemResponse(problem(401, "Sign in to the portal to export transactions.", undefined, "Unauthorized"));

  try {
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
  } catch (error) {
    if (isAppError(error)) return problemResponse(problemFromAppError(error));
    logger.error({ err: error }, "transactions CSV export failed");
    return problemResponse(INTERNAL_PROBLEM);
  }
}
