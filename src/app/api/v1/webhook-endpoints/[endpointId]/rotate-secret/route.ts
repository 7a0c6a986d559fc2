import { rotateWebhookSecretOperation } from "~/server/api/webhooks/rotate-webhook-secret";
import { apiRoute } from "~/server/rest/api-route";
import { rotateWebhookSecret } from "~/server/services/webhooks/manage-webhook-endpoints";

export const POST = apiRoute(rotateWebhookSecretOperation.request, async ({ actor, params, body }) => ({
  body: await rotateWebhookSecret(actor, params.endpointId, body),
}));
