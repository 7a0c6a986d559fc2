/**
 * POST /api/upstream/vtpass/callback: VTpass's webhook (src/server/services/upstream/vtpass-callback.ts).
 * Outside /api/v1: no API key, no reseller allowlist. Their documentation requires a POST answered
 * `{"response":"success"}` and retries (5 times) anything else, so:
 *
 * - 200 `{"response":"success"}` for every body we have dealt with, including one that is malformed,
 *   of another type or names no transaction of ours (logged; a retry would change nothing);
 * - 403 problem+json when VTPASS_CALLBACK_ALLOWED_IPS is set and the source address is not in it, or
 *   VTPASS_CALLBACK_TOKEN is set and `?token=` is not it (not VTpass, or VTpass misconfigured: logged);
 * - 503 problem+json when our database could not be reached, or VTpass could not be asked to confirm
 *   (the requery threw: a fault, refused credentials): nothing changed, and their retry is wanted;
 * - 405 problem+json (Allow: POST) for any other method.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "~/env";
import { readBodyWithin } from "~/server/http/read-body-within";
import { requestIdOf } from "~/server/http/request-id";
import { cidrContains, parseAddress, parseCidr } from "~/server/ip/address";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { problemResponse } from "~/server/rest/error-response";
import { problem } from "~/server/rest/problem";
import { handleVtpassCallback } from "~/server/services/upstream/vtpass-callback";

export const dynamic = "force-dynamic";

/** Far above any transaction-update VTpass sends; a larger body is not theirs. */
const MAX_BODY_BYTES = 64 * 1024;
const NO_STORE = { "cache-control": "no-store" };

const allowedRanges = env.VTPASS_CALLBACK_ALLOWED_IPS.split(/[\s,]+/)
  .filter(Boolean)
  .map((entry) => parseCidr(entry)!);

function sourceAllowed(sourceIp: string): boolean {
  if (allowedRanges.length === 0) return true;
  const address = parseAddress(sourceIp);
  return address !== null && allowedRanges.some((range) => cidrContains(range, address));
}

function tokenAccepted(request: Request): boolean {
  const expected = env.VTPASS_CALLBACK_TOKEN;
  if (!expected) return true;
  const given = new URL(request.url).searchParams.get("token") ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function success(requestId: string): Response {
  return Response.json({ response: "success" }, { headers: { ...NO_STORE, "x-request-id": requestId } });
}

export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdOf(request);
  const sourceIp = request.headers.get(SOURCE_ADDRESS_HEADER) ?? "unknown";
  if (!sourceAllowed(sourceIp) || !tokenAccepted(request)) {
    logger.warn({ provider: "vtpass", sourceIp, requestId }, "vtpass callback refused: source address or token not accepted");
    return problemResponse(problem(403, "This callback is not accepted from here."), requestId, NO_STORE);
  }
  // Counted while it arrives: a larger body is left unread and treated as malformed (not theirs).
  const bytes = await readBodyWithin(request, MAX_BODY_BYTES);
  let body: unknown = null;
  try {
    body = bytes ? JSON.parse(Buffer.from(bytes).toString("utf8")) : null;
  } catch {
    body = null;
  }
  try {
    await handleVtpassCallback(body, sourceIp);
    return success(requestId);
  } catch (error) {
    logger.error({ err: error, provider: "vtpass", sourceIp, requestId }, "vtpass callback could not be handled; nothing changed");
    return problemResponse(problem(503, "The callback could not be handled now; nothing changed. Retry."), requestId, NO_STORE);
  }
}

function methodNotAllowed(request: Request): Response {
  return problemResponse(problem(405, `${request.method} is not allowed here; this path takes POST.`), requestIdOf(request), {
    ...NO_STORE,
    allow: "POST",
  });
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
