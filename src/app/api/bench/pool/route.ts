/**
 * The database pool's wait counters of this server process (src/server/db/pool-waits.ts), for the
 * benchmark's slowUpstream scenario: how many acquisitions queued for a connection, for how long, and the
 * longest any connection was out of the pool (one still out included).
 * Served only to the benchmark (BENCH_ROUTES=1); elsewhere it is a path without an endpoint.
 */
import { env } from "~/env";
import { longestHeldMs, poolWaits } from "~/server/db/pool-waits";
import { noEndpointResponse } from "~/server/rest/error-response";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  if (env.BENCH_ROUTES !== "1") return noEndpointResponse(request);
  const { acquisitions, waited, waitedMs, longestWaitMs } = poolWaits();
  return Response.json({
    acquisitions,
    waited,
    waitedMs: Math.round(waitedMs),
    longestWaitMs: Math.round(longestWaitMs),
    longestHeldMs: Math.round(longestHeldMs()),
  });
}
