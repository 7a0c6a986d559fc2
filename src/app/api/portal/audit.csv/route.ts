/**
 * GET /api/portal/audit.csv?account=&action=&from=&to=: the operator console's audit log, as filtered
 * on screen, as a CSV download. Signed-in operators only; errors are problem+json like the REST API's.
 * The body is streamed: the next page of entries is read only when the client has taken the last.
 */
import { pullStream } from "~/server/http/pull-stream";
import { sessionRoute } from "~/server/rest/session-route";
import { exportAuditLogCsv } from "~/server/services/audit/export-audit-log-csv";

export const dynamic = "force-dynamic";

export const GET = sessionRoute({ signInMessage: "Sign in to the portal to export the audit log." }, async ({ request, actor }) => {
  const params = new URL(request.url).searchParams;
  const filter = Object.fromEntries(
    ["account", "action", "from", "to"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );
  const csv = await exportAuditLogCsv(actor, filter);
  return new Response(pullStream(csv.chunks, "audit log CSV export"), {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${csv.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
