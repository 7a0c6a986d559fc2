import { listWebhookDeliveriesQuery, webhookDeliveryList, webhookEndpointParams } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH } from "./webhook-endpoint-example";

export const listWebhookDeliveriesOperation = {
  endpoint: "GET /api/v1/webhook-endpoints/{endpointId}/deliveries",
  tag: "Webhooks",
  operationId: "listWebhookDeliveries",
  summary: "List an endpoint's deliveries",
  description: [
    "The endpoint's delivery log, **newest first**: each event sent to it (or to be sent), its state, and its latest attempts with what your receiver answered, as the portal's Webhooks page shows them.",
    "A page at a time: pass `nextCursor` back as `cursor` until it is null. `status=failed` lists what was given up, to resend one or every failed one since a time.",
  ].join("\n\n"),
  request: { params: webhookEndpointParams, query: listWebhookDeliveriesQuery },
  responses: { "200": ok("A page of deliveries.", webhookDeliveryList) },
  errors: ["webhook_endpoint.not_found"],
  examplePath: `${EXAMPLE_ENDPOINT_PATH}/deliveries?status=failed&limit=20`,
} satisfies OperationSpec;
