import { resendFailedWebhooksInput, webhookEndpointParams, webhookResent } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const resendFailedWebhooksOperation = {
  endpoint: "POST /api/v1/webhook-endpoints/{endpointId}/resend-failed",
  tag: "Webhooks",
  operationId: "resendFailedWebhooks",
  summary: "Resend every failed delivery since a time",
  description: [
    "Recovery after an outage of your receiver: every event whose latest delivery to this endpoint since `since` failed (was given up) is sent again, in the order the events happened, each with its own `webhook-id`. An event delivered since, by a resend, is not sent again.",
    "The endpoint must be enabled: re-enable it first (PATCH with `enabled: true`) if the service disabled it.",
  ].join("\n\n"),
  request: { params: webhookEndpointParams, body: resendFailedWebhooksInput },
  bodyExample: { since: "2026-06-15T00:00:00Z" },
  responses: { "202": ok("Queued for delivery to this endpoint.", webhookResent) },
  errors: ["webhook_endpoint.not_found", "webhook_endpoint.disabled"],
  examplePath: `${EXAMPLE_ENDPOINT_PATH}/resend-failed`,
} satisfies OperationSpec;
