/**
 * Webhooks (DESIGN.md §7, docs/integrating.md "Webhooks"): what an owner sends to manage endpoints, what the API
 * answers about them, and the events themselves. One set of schemas for the REST API, the portal and
 * the OpenAPI document (including its `webhooks` section). Browser-safe: zod only.
 */
import { z } from "zod";
import { balanceResponse, livemodeField, transaction } from "./api";
import { batch } from "./batches";
import { isStorableInstant, STORABLE_RANGE_MESSAGE } from "./fields";

/** Every event type, in the order the documentation lists them. */
export const WEBHOOK_EVENT_TYPES = [
  "transaction.successful",
  "transaction.failed",
  "transaction.pending",
  "wallet.funded",
  "wallet.low_balance",
  "api_key.created",
  "api_key.revoked",
  "batch.completed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a new endpoint receives when it names no types: everything but the opt-in transaction.pending. */
export const DEFAULT_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter((type) => type !== "transaction.pending");

/** How many endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`).meta({
  id: "WebhookEventType",
  description: "`transaction.pending` is delivered only to endpoints that list it.",
});

const endpointUrl = z
  .string("is required")
  .trim()
  .max(2048, "must be at most 2048 characters")
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }))
  .meta({
    description:
      "Where events are POSTed: https, without credentials, and not a loopback, private, link-local or metadata address or a local name.",
    example: "https://example.com/hooks/vtu",
  });

const description = z.string("must be text").trim().max(200, "must be at most 200 characters");
const eventTypes = z.array(webhookEventType, "must be a list of event types").min(1, "must name at least one event type");

export const createWebhookEndpointInput = z.object({
  url: endpointUrl,
  description: description.default("").meta({ example: "Order system" }),
  eventTypes: eventTypes.optional().meta({ description: "The event types to deliver; by default every type but `transaction.pending`." }),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;

export const updateWebhookEndpointInput = z
  .object({
    url: endpointUrl.optional(),
    description: description.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean("must be true or false").optional().meta({ description: "Re-enabling clears a disabled notice." }),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), "must change at least one field");
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInput>;

export const webhookEndpointParams = z.object({
  endpointId: z.string().max(100).meta({ description: "The endpoint's id.", example: "2f0c5d0e-0b8e-4a53-9c5e-3c1d1f6f9a10" }),
});

export const webhookEndpoint = z
  .object({
    id: z.uuid(),
    url: z.string().meta({ example: "https://example.com/hooks/vtu" }),
    description: z.string(),
    eventTypes: z.array(webhookEventType),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .meta({ description: "Why the service disabled it (the receiver answered 410 Gone, or failed for days); null otherwise." }),
    failingSince: z.iso
      .datetime()
      .nullable()
      .meta({ description: "The first of the current run of failed attempts; null after a success." }),
    secretRotatedUntil: z.iso
      .datetime()
      .nullable()
      .meta({ description: "Until then deliveries are signed with the previous secret as well as the new one." }),
    createdAt: z.iso.datetime(),
    livemode: livemodeField("endpoint"),
  })
  .meta({
    id: "WebhookEndpoint",
    description:
      "Where the account's events of one mode are delivered: an endpoint made with a `pk_test_` key receives only test-mode events. The secret is shown only when created or rotated.",
  });

export const webhookEndpointList = z.object({ data: z.array(webhookEndpoint) }).meta({ id: "WebhookEndpointList" });

export const webhookSecret = z.string().meta({
  description: "`whsec_` and base64 of 32 random bytes; shown once.",
  example: "whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=",
});

export const webhookEndpointWithSecret = webhookEndpoint
  .extend({ secret: webhookSecret })
  .meta({ id: "WebhookEndpointWithSecret", description: "A new or rotated endpoint, with its signing secret (shown once)." });

/** What deleting an endpoint answers: which one is gone (its pending deliveries go with it). */
export const webhookEndpointDeleted = z
  .object({
    id: z.uuid().meta({ description: "The deleted endpoint's id." }),
    deleted: z.literal(true),
  })
  .meta({ id: "WebhookEndpointDeleted" });

/** What asking for a test event answers: the event queued for the endpoint. */
export const webhookTestEventSent = z
  .object({
    eventId: z.string().meta({
      description: "The test event's id: the `webhook-id` header of its delivery.",
      example: "evt_019ab3f2c7e1a94c2e1730235f566409",
    }),
  })
  .meta({ id: "WebhookTestEventSent" });

export const rotateWebhookSecretInput = z.object({
  overlapHours: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(0, "must be at least 0")
    .max(168, "must be at most 168")
    .default(24)
    .meta({ description: "How long the previous secret keeps signing beside the new one (hours, up to a week)." }),
});

// ----- Deliveries ---------------------------------------------------------------------------------------

export const webhookDeliveryParams = webhookEndpointParams.extend({
  deliveryId: z.string().max(30).meta({ description: "The delivery's id, from the endpoint's delivery log.", example: "48213" }),
});

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const listWebhookDeliveriesQuery = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, `must be one of ${WEBHOOK_DELIVERY_STATUSES.join(", ")}`)
    .optional()
    .meta({ description: "Only deliveries in this state." }),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
  cursor: z.string().max(100).optional().meta({ description: "The `nextCursor` of the previous page." }),
});
export type ListWebhookDeliveriesQuery = z.input<typeof listWebhookDeliveriesQuery>;

/** How many of a delivery's attempts are listed with it: the latest, a throttled one can have hundreds. */
export const LISTED_ATTEMPTS = 20;

export const webhookAttempt = z
  .object({
    attemptedAt: z.iso.datetime(),
    statusCode: z.int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came (see `error`)." }),
    responseMs: z.int().meta({ description: "How long the attempt took, milliseconds." }),
    responseExcerpt: z.string().nullable().meta({ description: "The first kilobyte of the receiver's answer." }),
    error: z.string().nullable().meta({ description: "Why no answer came: refused address, network error, time-out." }),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDelivery = z
  .object({
    id: z.string().meta({ description: "The delivery's id (resend it with this).", example: "48213" }),
    eventId: z
      .string()
      .meta({ description: "The event delivered: the `webhook-id` header.", example: "evt_019ab3f2c7e1a94c2e1730235f566409" }),
    eventType: z.string().meta({ description: "The event's type (or `webhook.test`).", example: "transaction.successful" }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
      description:
        "`pending`: to be sent, or retried; `succeeded`: the receiver answered 2xx; `failed`: given up, or the endpoint was disabled.",
    }),
    createdAt: z.iso.datetime(),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: "When it is tried next, while pending." }),
    attemptCount: z.int().meta({ description: "Every attempt made, throttled ones included." }),
    attempts: z.array(webhookAttempt).meta({ description: `The latest ${LISTED_ATTEMPTS} attempts, oldest first.` }),
  })
  .meta({
    id: "WebhookDelivery",
    description: "One event to one endpoint: retried until a 2xx or the schedule runs out. A resend is a new delivery.",
  });

export const webhookDeliveryList = z
  .object({
    data: z.array(webhookDelivery),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "WebhookDeliveryList" });

export const resendFailedWebhooksInput = z.object({
  since: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
    .meta({ description: "Resend every event whose latest delivery to this endpoint since then failed.", example: "2026-06-15T00:00:00Z" }),
});

export const webhookResent = z
  .object({ resent: z.int().meta({ description: "How many events were queued to be sent again." }) })
  .meta({ id: "WebhookResent" });

// ----- Events -----------------------------------------------------------------------------------------

const envelope = {
  id: z.string().meta({
    description: "The event's id; the `webhook-id` header. The same on every retry and resend.",
    example: "evt_019ab3f2c7e1a94c2e1730235f566409",
  }),
  createdAt: z.iso.datetime().meta({ description: "When the change it reports was made." }),
  livemode: livemodeField("event"),
};

export const walletEventData = balanceResponse
  .extend({
    amount: z.int().meta({ description: "wallet.funded: the amount added, kobo. wallet.low_balance: the threshold crossed, kobo." }),
    reference: z.string().nullable().meta({ description: "wallet.funded: the funding's reference; null otherwise." }),
  })
  .meta({ id: "WalletEventData", description: "The wallet's balance after the change (the Balance object), and what changed." });

export const apiKeyEventData = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ example: "pk_live_" }),
    lastFour: z.string().nullable().meta({ example: "a1b2" }),
    livemode: livemodeField("API key"),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKeyEventData", description: "The API key, never the key itself." });

function eventSchema<const T extends readonly WebhookEventType[], D extends z.ZodType>(id: string, types: T, data: D, description: string) {
  return z.object({ ...envelope, type: z.enum(types), data }).meta({ id, description });
}

export const transactionEvent = eventSchema(
  "TransactionEventV1",
  ["transaction.successful", "transaction.failed", "transaction.pending"],
  transaction,
  "A purchase settled (`successful`, `failed`: refunded, including a reversal after delivery) or was left `pending`.",
);
export const walletEvent = eventSchema(
  "WalletEventV1",
  ["wallet.funded", "wallet.low_balance"],
  walletEventData,
  "The wallet was funded, or its balance fell below the threshold.",
);
export const apiKeyEvent = eventSchema(
  "ApiKeyEventV1",
  ["api_key.created", "api_key.revoked"],
  apiKeyEventData,
  "An API key was created or revoked.",
);

export const batchEvent = eventSchema(
  "BatchEventV1",
  ["batch.completed"],
  batch,
  "Every order of a batch settled (successful, or failed and never charged or refunded).",
);

export const webhookEvent = z.union([transactionEvent, walletEvent, apiKeyEvent, batchEvent]).meta({ id: "WebhookEvent" });
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const webhookEventList = z
  .object({
    data: z.array(webhookEvent),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
    resumeCursor: z.string().meta({
      description:
        "Pass as `cursor` later to list only what was recorded after this page: never null, and on the last page it stands after every event recorded so far, so a reader polling with it never misses one.",
    }),
  })
  .meta({ id: "WebhookEventList" });

export const listEventsQuery = z.object({
  type: webhookEventType.optional().meta({ description: "Only events of this type." }),
  since: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
    .refine(isStorableInstant, STORABLE_RANGE_MESSAGE)
    .optional()
    .meta({
      description:
        "Start at the first event created at or after this instant (events are kept 30 days). The events recorded after it follow, even one whose `createdAt` is a moment earlier (its transaction started sooner and committed later): polling with the newest `createdAt` you have seen misses nothing, and shows that event again.",
      example: "2026-06-15T00:00:00Z",
    }),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(50),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `nextCursor` of the previous page, or a `resumeCursor`; where the page starts (`since` is then not used)." }),
});
export type ListEventsQuery = z.input<typeof listEventsQuery>;

export const lowBalanceThresholdInput = z.object({
  threshold: z
    .int("must be a whole number of kobo")
    .positive("must be more than 0")
    .max(100_000_000_000, "is too large")
    .nullable()
    .meta({ description: "kobo; null switches wallet.low_balance off.", example: 5_000_000 }),
});

export const lowBalanceThreshold = lowBalanceThresholdInput.meta({
  id: "LowBalanceThreshold",
  description:
    "The wallet's low-balance threshold (of the key's mode): `wallet.low_balance` is sent when the settled balance falls below it, once per crossing.",
});
