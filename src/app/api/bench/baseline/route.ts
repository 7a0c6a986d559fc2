/**
 * A route handler that does no work: the benchmark's baseline, i.e. what Next.js itself costs per
 * request under our server. Dynamic, so it is measured as a handler and not served as a static file.
 * Served only to the benchmark (BENCH_ROUTES=1); elsewhere it is a path without an endpoint.
 */
import { env } from "~/env";
import { noEndpointResponse } from "~/server/rest/error-response";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  if (env.BENCH_ROUTES !== "1") return noEndpointResponse(request);
  return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
}
