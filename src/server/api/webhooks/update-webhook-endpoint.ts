import { updateWebhookEndpointInput, webhookEndpoint, webhookEndpointParams } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const updateWebhookEndpointOperation = {
  endpoint: "PATCH /api/v1/webhook-endpoints/{endpointId}",
  tag: "Webhooks",
  operationId: "updateWebhookEndpoint",
  summary: "Update a webhook endpoint",
  description: [
    "Changes the fields sent and leaves the others as they are; at least one must be sent. The URL is held to the same rules as on creation.",
    "`enabled: false` stops deliveries (those still waiting are given up); `enabled: true` resumes them and clears a `disabledReason`.",
  ].join("\n\n"),
  request: { params: webhookEndpointParams, body: updateWebhookEndpointInput },
  bodyExample: { description: "Order system (v2)", eventTypes: ["transaction.successful", "transaction.failed", "transaction.pending"] },
  responses: { "200": ok("The endpoint as it is now.", webhookEndpoint) },
  errors: ["webhook_endpoint.not_found"],
  examplePath: EXAMPLE_ENDPOINT_PATH,
} satisfies OperationSpec;
