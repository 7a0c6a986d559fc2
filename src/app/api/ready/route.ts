/**
 * Readiness: 200 when the database answers and every migration is applied, else 503 problem+json
 * naming which (src/server/services/health/check-readiness.ts). Public, outside /api/v1: no API key,
 * no allowlist.
 */
import { randomUUID } from "node:crypto";
import { isAppError } from "~/server/errors";
import { logger } from "~/server/log";
import { toJsonText } from "~/server/rest/json";
import { INTERNAL_PROBLEM, problemFromAppError } from "~/server/rest/problem";
import { checkReadiness } from "~/server/services/health/check-readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    return Response.json(await checkReadiness(), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "readiness check failed");
    const body = isAppError(error) ? problemFromAppError(error) : INTERNAL_PROBLEM;
    return new Response(toJsonText(body), {
      status: body.status,
      headers: { "content-type": "application/problem+json", "cache-control": "no-store", "x-request-id": randomUUID() },
    });
  }
}
