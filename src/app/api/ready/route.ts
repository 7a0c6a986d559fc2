/**
 * Readiness: 200 when the database answers and every migration is applied, else 503 problem+json
 * naming which (src/server/services/health/check-readiness.ts). Public, outside /api/v1: no API key,
 * no allowlist.
 */
import { isAppError } from "~/server/errors";
import { requestIdOf } from "~/server/http/request-id";
import { logger } from "~/server/log";
import { errorResponse } from "~/server/rest/error-response";
import { checkReadiness } from "~/server/services/health/check-readiness";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  try {
    return Response.json(await checkReadiness(), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "readiness check failed");
    return errorResponse(error, requestIdOf(request), { "cache-control": "no-store" });
  }
}
