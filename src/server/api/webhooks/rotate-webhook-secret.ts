import { rotateWebhookSecretInput, webhookEndpointParams, webhookEndpointWithSecret } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";
import { EXAMPLE_ENDPOINT_PATH, SECRET_SHOWN_ONCE } from "./webhook-endpoint-example";

export const rotateWebhookSecretOperation = {
  endpoint: "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret",
  tag: "Webhooks",
  operationId: "rotateWebhookSecret",
  summary: "Rotate a webhook endpoint's secret",
  description: [
    "Gives the endpoint a new signing secret. For `overlapHours` (24 by default, 0 to 168) deliveries carry two signatures in `webhook-signature`, one per secret, separated by a space, so your receiver can switch to the new secret without missing one; a rotation during an overlap drops the oldest secret.",
    "The body may be left out.",
    SECRET_SHOWN_ONCE,
  ].join("\n\n"),
  request: { params: webhookEndpointParams, body: rotateWebhookSecretInput, optionalBody: true },
  bodyExample: { overlapHours: 24 },
  responses: {
    "200": ok(
      `The endpoint with its new secret; \`secretRotatedUntil\` says until when the previous one still signs. ${SECRET_SHOWN_ONCE}`,
      webhookEndpointWithSecret,
    ),
  },
  errors: ["webhook_endpoint.not_found"],
  examplePath: `${EXAMPLE_ENDPOINT_PATH}/rotate-secret`,
} satisfies OperationSpec;
