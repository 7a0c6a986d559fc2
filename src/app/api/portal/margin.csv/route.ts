/**
 * GET /api/portal/margin.csv?period=YYYY-MM or ?from=&to=: the operator console's margin report, as on
 * screen, as a CSV download. Signed-in operators only; errors are problem+json like the REST API's.
 */
import { pullStream } from "~/server/http/pull-stream";
import { sessionRoute } from "~/server/rest/session-route";
import { exportMarginReportCsv } from "~/server/services/reports/export-margin-report-csv";

export const dynamic = "force-dynamic";

export const GET = sessionRoute({ signInMessage: "Sign in to the portal to export the margin report." }, async ({ request, actor }) => {
  const params = new URL(request.url).searchParams;
  const input = Object.fromEntries(["period", "from", "to"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const csv = await exportMarginReportCsv(actor, input);
  return new Response(pullStream(csv.chunks, "margin report CSV export"), {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${csv.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
