/**
 * Liveness: the process is up and answering HTTP. Touches nothing else (no database), so a
 * database outage makes instances unready (/api/ready), never restarted in a loop for it.
 * Public: no API key, no allowlist (it is outside /api/v1).
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
