import { webhookEndpointDeleted, webhookEndpointParams } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const deleteWebhookEndpointOperation = {
  endpoint: "DELETE /api/v1/webhook-endpoints/{endpointId}",
  tag: "Webhooks",
  operationId: "deleteWebhookEndpoint",
  summary: "Delete a webhook endpoint",
  description:
    "Deletes the endpoint: nothing more is delivered to it, including deliveries still waiting. The events themselves stay listed at GET /api/v1/events.",
  request: { params: webhookEndpointParams },
  responses: { "200": ok("The endpoint is gone.", webhookEndpointDeleted) },
  errors: ["webhook_endpoint.not_found"],
  examplePath: EXAMPLE_ENDPOINT_PATH,
} satisfies OperationSpec;
