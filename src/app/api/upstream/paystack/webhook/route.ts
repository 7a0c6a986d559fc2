/**
 * POST /api/upstream/paystack/webhook: Paystack's webhook (docs/operating.md "Funding by bank transfer"). Outside
 * /api/v1: no API key, no reseller allowlist; Paystack's signature is the authentication.
 *
 * In order: the source address against PAYSTACK_WEBHOOK_ALLOWED_IPS when set (403); the body read up
 * to 64 KiB and no further (413); `x-paystack-signature`, the HMAC-SHA512 of those exact bytes with the
 * secret key, compared in constant time (401: a forged or unsigned webhook changes nothing); then the
 * event (src/server/services/funding/handle-paystack-event.ts).
 *
 * Paystack retries anything but a 200, so 200 is answered only once what the event decided is
 * committed (a credit, a queued transfer, an assignment; or that there is nothing to do), and 5xx
 * whenever it could not be decided now (Paystack unreachable for verify, the database down): 503.
 * Without PAYSTACK_SECRET_KEY nothing can be checked: 503, so Paystack keeps the event until it can be.
 */
import { env } from "~/env";
import { readBodyWithin } from "~/server/http/read-body-within";
import { requestIdOf } from "~/server/http/request-id";
import { cidrContains, parseAddress, parseCidr } from "~/server/ip/address";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { hasValidPaystackSignature, PAYSTACK_SIGNATURE_HEADER } from "~/server/providers/paystack/paystack-signature";
import { problemResponse } from "~/server/rest/error-response";
import { problem } from "~/server/rest/problem";
import { handlePaystackEvent } from "~/server/services/funding/handle-paystack-event";

export const dynamic = "force-dynamic";

/** Far above any event Paystack sends (a few KB); anything larger is not theirs and is not read. */
const MAX_PAYSTACK_BODY_BYTES = 64 * 1024;
const NO_STORE = { "cache-control": "no-store" };

const allowedRanges = env.PAYSTACK_WEBHOOK_ALLOWED_IPS.split(/[\s,]+/)
  .filter(Boolean)
  .map((entry) => parseCidr(entry)!);

function sourceAllowed(sourceIp: string): boolean {
  if (allowedRanges.length === 0) return true;
  const address = parseAddress(sourceIp);
  return address !== null && allowedRanges.some((range) => cidrContains(range, address));
}

export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdOf(request);
  const sourceIp = request.headers.get(SOURCE_ADDRESS_HEADER) ?? "unknown";
  const log = logger.child({ provider: "paystack", requestId, sourceIp });
  const secretKey = env.PAYSTACK_SECRET_KEY;
  if (!secretKey) {
    log.warn("paystack webhook refused: PAYSTACK_SECRET_KEY is not set, so it cannot be checked");
    return problemResponse(problem(503, "Funding by bank transfer is not configured here; nothing changed."), requestId, NO_STORE);
  }
  if (!sourceAllowed(sourceIp)) {
    log.warn("paystack webhook refused: source address not in PAYSTACK_WEBHOOK_ALLOWED_IPS");
    return problemResponse(problem(403, "This webhook is not accepted from here."), requestId, NO_STORE);
  }
  const body = await readBodyWithin(request, MAX_PAYSTACK_BODY_BYTES);
  if (!body) {
    log.warn("paystack webhook refused: body too large");
    return problemResponse(problem(413, `The body must be at most ${MAX_PAYSTACK_BODY_BYTES} bytes.`), requestId, NO_STORE);
  }
  if (!hasValidPaystackSignature(body, request.headers.get(PAYSTACK_SIGNATURE_HEADER), secretKey)) {
    log.warn("paystack webhook refused: missing or wrong x-paystack-signature");
    return problemResponse(problem(401, "The x-paystack-signature does not match this body; nothing changed."), requestId, NO_STORE);
  }
  let event: unknown;
  try {
    event = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    log.warn("paystack webhook refused: signed, but not JSON");
    return problemResponse(problem(400, "The body is not JSON."), requestId, NO_STORE);
  }
  try {
    const result = await handlePaystackEvent(event);
    log.info(result, `paystack webhook ${result.event}: ${result.action}`);
    return Response.json({ received: true }, { headers: { ...NO_STORE, "x-request-id": requestId } });
  } catch (error) {
    log.error({ err: error }, "paystack webhook could not be handled now; nothing changed, Paystack will retry");
    return problemResponse(problem(503, "The event could not be handled now; nothing changed. Retry."), requestId, NO_STORE);
  }
}

function methodNotAllowed(request: Request): Response {
  return problemResponse(problem(405, `${request.method} is not allowed here; this path takes POST.`), requestIdOf(request), {
    ...NO_STORE,
    allow: "POST",
  });
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
