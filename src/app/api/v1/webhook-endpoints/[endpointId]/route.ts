import { deleteWebhookEndpointOperation } from "~/server/api/webhooks/delete-webhook-endpoint";
import { getWebhookEndpointOperation } from "~/server/api/webhooks/get-webhook-endpoint";
import { updateWebhookEndpointOperation } from "~/server/api/webhooks/update-webhook-endpoint";
import { apiRoute } from "~/server/rest/api-route";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "~/server/services/webhooks/manage-webhook-endpoints";

export const GET = apiRoute(getWebhookEndpointOperation.request, async ({ actor, params }) => ({
  body: await getWebhookEndpoint(actor, params.endpointId),
}));

export const PATCH = apiRoute(updateWebhookEndpointOperation.request, async ({ actor, params, body }) => ({
  body: await updateWebhookEndpoint(actor, params.endpointId, body),
}));

export const DELETE = apiRoute(deleteWebhookEndpointOperation.request, async ({ actor, params }) => ({
  body: await deleteWebhookEndpoint(actor, params.endpointId),
}));
