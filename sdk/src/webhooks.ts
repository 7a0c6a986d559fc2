/**
 * Webhook deliveries: checked with the Standard Webhooks library (the signature over id, timestamp and
 * the raw body, with the endpoint's `whsec_` secret; a timestamp more than five minutes off refused),
 * then returned as a typed event. Branch on `event.type`; the event's `id` (the `webhook-id` header) is
 * the same on every retry, so process each id once, and quote it to support.
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { WebhookEvent } from "./generated/openapi.js";

export { WebhookVerificationError };

/**
 * The event POST /api/v1/webhook-endpoints/{endpointId}/test sends to try a receiver (its operation
 * describes this body); it reports no change and is never listed by GET /api/v1/events.
 */
export interface WebhookTestEvent {
  id: string;
  type: "webhook.test";
  createdAt: string;
  livemode: boolean;
  data: { endpointId: string; message: string };
}

export type ReceivedWebhookEvent = WebhookEvent | WebhookTestEvent;

/** Node's `req.headers`, a fetch `Headers`, or a plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  const entries: Iterable<[string, string | string[] | undefined]> =
    headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return record;
}

/**
 * The event a delivery carries, once its signature checks out with `secret` (the endpoint's `whsec_...`).
 * `payload` must be the raw body as received, before any JSON parsing. Throws WebhookVerificationError
 * when the signature, or the timestamp, does not hold: answer such a request with 400 and ignore it.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string): ReceivedWebhookEvent {
  const body = typeof payload === "string" ? payload : new TextDecoder().decode(payload);
  return new Webhook(secret).verify(body, headerRecord(headers)) as ReceivedWebhookEvent;
}
