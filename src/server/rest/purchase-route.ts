/**
 * The three purchase endpoints (POST /data, /airtime, /bills/{service}/pay), read top to bottom. They
 * answer in the contract's order like every route (401 → 403 → 429 → the body's 413/415/400 → the
 * service), and keep two promises of the hot path in this one module:
 *
 * - A retry is answered in one round trip. The body is read first (once) for its clientReference, and
 *   the key's look-up reads the transaction stored under it in the same statement (ReferenceLookup),
 *   which the service answers a replay or 409 from.
 * - Data and airtime authorise a key this process looked up in the last minute from memory
 *   (docs/decisions/003-key-memory.md): no look-up at all. Memory only ever says yes, and the yes is
 *   provisional: the begin statement that claims the reference confirms the key in the database before
 *   anything else (PurchaseContext.keyAuthorization). An answer the statement gave stands
 *   (PurchaseResult.keyConfirmed). Any other answer (a 400, a refusal, a replay found another way) is
 *   given only once a fresh look-up passes the key, which answers 401 or 403 otherwise; and when the
 *   statement refused the key (KeyAuthorizationChanged: nothing was written), the purchase runs again on
 *   the key as looked up. Bill payments verify the customer with the biller before that statement, so
 *   they never authorise from memory.
 *
 * The service validates the body: this is the one place it is parsed.
 */
import type { z } from "zod";
import { clientReference } from "~/schemas/purchases";
import { KeyAuthorizationChanged, type Actor } from "~/server/auth/actor";
import { assertSourceAllowed } from "~/server/services/allowlist/assert-source-allowed";
import { rememberedKeyAuthorization, type KeyAuthorization } from "~/server/services/api-keys/authenticate-api-key";
import type { PurchaseContext, PurchaseResult } from "~/server/services/purchases/execute-purchase";
import { purchaseResponse } from "./purchase-response";
import { assertStorable, readJsonBody, restHandler, routeParams } from "./rest-handler";

type Settled<T> = { value: T } | { error: unknown };

/** A promise's outcome held for later, so an error can be reported where the contract orders it. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if ("error" in settled) throw settled.error;
  return settled.value;
}

/** The body's clientReference when it is a valid one (anything else is left to the body's validation). */
function clientReferenceIn(body: Settled<unknown>): string | undefined {
  if (!("value" in body) || body.value === null || typeof body.value !== "object") return undefined;
  const parsed = clientReference.safeParse((body.value as { clientReference?: unknown }).clientReference);
  return parsed.success ? parsed.data : undefined;
}

/** A key remembered from a recent look-up, if memory would let it in from this address; null: look it up. */
function rememberedAndAllowed(authorization: string | null, sourceIp: string) {
  const remembered = rememberedKeyAuthorization(authorization, sourceIp);
  if (!remembered) return null;
  try {
    assertSourceAllowed(remembered.account, remembered.allowlist, sourceIp);
    return remembered;
  } catch {
    return null;
  }
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export function purchaseRoute<P extends z.ZodType | undefined = undefined>(
  options: { params?: P; authorizeFromMemory: boolean },
  purchase: (
    actor: Extract<Actor, { kind: "api-key" }>,
    body: unknown,
    params: Infer<P>,
    context: PurchaseContext,
  ) => Promise<PurchaseResult>,
) {
  return restHandler(async ({ request, segment, sourceIp, lookUpKey, limitRate }) => {
    const body = await settle(readJsonBody(request));
    const reference = clientReferenceIn(body);

    /** Everything after the key, for the key as authorised. */
    const buy = async (key: KeyAuthorization, context: PurchaseContext) => {
      await limitRate(key);
      const raw = unwrap(body);
      assertStorable(raw);
      const params = await routeParams(segment, options.params);
      return purchase(key.actor, raw, params as Infer<P>, context);
    };

    const remembered = options.authorizeFromMemory ? rememberedAndAllowed(request.headers.get("authorization"), sourceIp) : null;
    if (!remembered) {
      const key = await lookUpKey(reference);
      return purchaseResponse(await buy(key, { lookup: key.referenceLookup }));
    }
    const attempt = await settle(buy(remembered, { keyAuthorization: remembered.version }));
    if ("value" in attempt && attempt.value.keyConfirmed) return purchaseResponse(attempt.value);
    const key = await lookUpKey(reference);
    if ("error" in attempt && attempt.error instanceof KeyAuthorizationChanged) {
      return purchaseResponse(await buy(key, { lookup: key.referenceLookup }));
    }
    return purchaseResponse(unwrap(attempt));
  });
}
