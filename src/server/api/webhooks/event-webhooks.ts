/**
 * The document's top-level `webhooks` (OpenAPI 3.1): one entry per event type, a POST this service
 * makes to the reseller's endpoint, whose body is the versioned event schema of src/schemas/webhooks.ts
 * (the same objects the deliveries are shaped to, and GET /api/v1/events lists), with the Standard
 * Webhooks headers and what the receiver is expected to answer.
 */
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { env } from "~/env";
import { apiKeyEvent, batchEvent, transactionEvent, walletEvent, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "~/schemas/webhooks";

const deliveryHeaders = z.object({
  "webhook-id": z.string().meta({
    description: "The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once.",
    example: "evt_019ab3f2c7e1a94c2e1730235f566409",
  }),
  "webhook-timestamp": z
    .string()
    .regex(/^\d+$/)
    .meta({ description: "When this attempt was signed, in seconds since the Unix epoch.", example: "1781515800" }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

const timeoutSeconds = Math.round(env.WEBHOOK_TIMEOUT_MS / 1_000);

const DELIVERY = `**Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a \`POST\` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:

- \`webhook-id\`: the event's id, the body's \`id\`. It is the same on every retry, so process each id once.
- \`webhook-timestamp\`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
- \`webhook-signature\`: \`v1,\` and the base64 HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{body}\` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after \`whsec_\`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.

Any Standard Webhooks library (\`standardwebhooks\` on npm and PyPI, among others) verifies all three when given the secret as it is.

**Answer with any 2xx** within ${timeoutSeconds} s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same \`webhook-id\`; a 429 or 503 with \`Retry-After\` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.`;

const EVENTS: Record<WebhookEventType, { schema: z.ZodType; summary: string; when: string }> = {
  "transaction.successful": {
    schema: transactionEvent,
    summary: "A purchase succeeded",
    when: "A purchase settled `successful`: at once, or later after it was left pending. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.",
  },
  "transaction.failed": {
    schema: transactionEvent,
    summary: "A purchase failed",
    when: "A purchase settled `failed` and its debit was refunded, including a purchase reversed after it was delivered. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.",
  },
  "transaction.pending": {
    schema: transactionEvent,
    summary: "A purchase was left pending",
    when: "The provider could not say yet whether a purchase succeeded; its settlement follows as `transaction.successful` or `transaction.failed`. **Opt-in**: delivered only to endpoints whose `eventTypes` list it. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.",
  },
  "wallet.funded": {
    schema: walletEvent,
    summary: "The wallet was funded",
    when: "Money was added to the wallet. `data` is the balance after it (the Balance object), with the `amount` added and the funding's `reference`.",
  },
  "wallet.low_balance": {
    schema: walletEvent,
    summary: "The balance fell below the threshold",
    when: "The wallet's settled balance fell below the low-balance threshold set for the account: a purchase settled successful, or an adjustment took money out. The settled balance counts purchases still pending as not yet spent, so a purchase that fails and is refunded never fires it. Once per crossing: it fires again only after the balance was back at or above the threshold. `data` is the settled balance (`balance`), with the threshold as `amount`.",
  },
  "api_key.created": {
    schema: apiKeyEvent,
    summary: "An API key was created",
    when: "An API key of the account was created. `data` describes the key, never the key itself.",
  },
  "api_key.revoked": {
    schema: apiKeyEvent,
    summary: "An API key was revoked",
    when: "An API key of the account was revoked; it stopped working at once. `data` describes the key, with `revokedAt`.",
  },
  "batch.completed": {
    schema: batchEvent,
    summary: "A batch completed",
    when: "Every order of a batch (POST /api/v1/batches) settled: successful, or failed and never charged or refunded; once per batch. `data` is the Batch as GET /api/v1/batches/{batchReference} returns it, with its final counts and `spent`.",
  },
};

function webhookOperation(type: WebhookEventType): ZodOpenApiOperationObject {
  const event = EVENTS[type];
  return {
    tags: ["Webhooks"],
    operationId: `${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
    summary: event.summary,
    description: `${event.when}\n\n${DELIVERY}`,
    requestParams: { header: deliveryHeaders },
    requestBody: { required: true, content: { "application/json": { schema: event.schema } } },
    responses: {
      "2XX": { description: "Acknowledged: the delivery is done." },
      default: { description: "Not acknowledged: the delivery is retried later (410 Gone disables the endpoint)." },
    },
  };
}

/** One entry per event type, named by it, in the order the documentation lists them. */
export function eventWebhooks(): ZodOpenApiPathsObject {
  return Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, { post: webhookOperation(type) }]));
}
