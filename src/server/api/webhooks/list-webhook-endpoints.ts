import { webhookEndpointList } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";

export const listWebhookEndpointsOperation = {
  endpoint: "GET /api/v1/webhook-endpoints",
  tag: "Webhooks",
  operationId: "listWebhookEndpoints",
  summary: "List webhook endpoints",
  description: "Your account's webhook endpoints, oldest first, without their secrets.",
  request: {},
  responses: { "200": ok("The endpoints.", webhookEndpointList) },
} satisfies OperationSpec;
