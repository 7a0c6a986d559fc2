import { webhookEndpointParams, webhookTestEventSent } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const sendTestWebhookOperation = {
  endpoint: "POST /api/v1/webhook-endpoints/{endpointId}/test",
  tag: "Webhooks",
  operationId: "sendTestWebhook",
  summary: "Send a test event",
  description: [
    "Queues a `webhook.test` event for this endpoint alone, whatever event types it takes, to try your receiver: it is signed and retried like any other delivery, reports no change, and is not listed at GET /api/v1/events.",
    'Its body: `{ "id", "type": "webhook.test", "createdAt", "data": { "endpointId", "message" } }`. No request body.',
  ].join("\n\n"),
  request: { params: webhookEndpointParams },
  responses: { "202": ok("Queued for delivery to this endpoint.", webhookTestEventSent) },
  errors: ["webhook_endpoint.not_found", "webhook_endpoint.disabled"],
  examplePath: `${EXAMPLE_ENDPOINT_PATH}/test`,
} satisfies OperationSpec;
