import { createWebhookEndpointInput, MAX_WEBHOOK_ENDPOINTS, webhookEndpointWithSecret } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { SECRET_SHOWN_ONCE } from "./webhook-endpoint-example";

export const createWebhookEndpointOperation = {
  endpoint: "POST /api/v1/webhook-endpoints",
  tag: "Webhooks",
  operationId: "createWebhookEndpoint",
  summary: "Create a webhook endpoint",
  description: [
    "Registers a URL that your account's events are POSTed to (see `webhooks` in this document for each event and how deliveries are signed).",
    "The URL must be `https` and reach a public address: loopback, private and link-local addresses, local names, credentials in the URL and fragments are refused (400 naming `url`).",
    `Without \`eventTypes\` the endpoint receives every event type except the opt-in \`transaction.pending\`. An account may have ${MAX_WEBHOOK_ENDPOINTS} endpoints.`,
    SECRET_SHOWN_ONCE,
  ].join("\n\n"),
  request: { body: createWebhookEndpointInput },
  bodyExample: {
    url: "https://example.com/hooks/vtu",
    description: "Order system",
    eventTypes: ["transaction.successful", "transaction.failed", "wallet.low_balance"],
  },
  responses: { "201": ok(`The new endpoint, with its signing secret. ${SECRET_SHOWN_ONCE}`, webhookEndpointWithSecret) },
  errors: ["webhook_endpoint.limit_reached"],
} satisfies OperationSpec;
