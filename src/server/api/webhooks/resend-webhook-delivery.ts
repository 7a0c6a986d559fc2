import { webhookDeliveryParams, webhookResent } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const resendWebhookDeliveryOperation = {
  endpoint: "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend",
  tag: "Webhooks",
  operationId: "resendWebhookDelivery",
  summary: "Resend one delivery",
  description: [
    "Sends the delivery's event to the endpoint again, whatever became of it: a new delivery of the same event, with the same `webhook-id`, retried like any other. A delivery still being retried is tried again now instead.",
    "No request body. The endpoint must be enabled.",
  ].join("\n\n"),
  request: { params: webhookDeliveryParams },
  responses: { "202": ok("Queued for delivery to this endpoint.", webhookResent) },
  errors: ["webhook_endpoint.not_found", "webhook_delivery.not_found", "webhook_endpoint.disabled"],
  examplePath: `${EXAMPLE_ENDPOINT_PATH}/deliveries/48213/resend`,
} satisfies OperationSpec;
