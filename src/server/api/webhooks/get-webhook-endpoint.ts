import { webhookEndpoint, webhookEndpointParams } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const getWebhookEndpointOperation = {
  endpoint: "GET /api/v1/webhook-endpoints/{endpointId}",
  tag: "Webhooks",
  operationId: "getWebhookEndpoint",
  summary: "Get a webhook endpoint",
  description:
    "One endpoint, without its secret. `enabled: false` with a `disabledReason` means the service stopped delivering to it (the receiver answered 410 Gone, or failed for days): fix the receiver, then enable it again.",
  request: { params: webhookEndpointParams },
  responses: { "200": ok("The endpoint.", webhookEndpoint) },
  errors: ["webhook_endpoint.not_found"],
  examplePath: EXAMPLE_ENDPOINT_PATH,
} satisfies OperationSpec;
