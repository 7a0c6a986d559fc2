import { createWebhookEndpointOperation } from "~/server/api/webhooks/create-webhook-endpoint";
import { listWebhookEndpointsOperation } from "~/server/api/webhooks/list-webhook-endpoints";
import { apiRoute } from "~/server/rest/api-route";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/server/services/webhooks/manage-webhook-endpoints";

export const GET = apiRoute(listWebhookEndpointsOperation.request, async ({ actor }) => ({
  body: { data: await listWebhookEndpoints(actor, actor.accountId) },
}));

export const POST = apiRoute(createWebhookEndpointOperation.request, async ({ actor, body }) => {
  const endpoint = await createWebhookEndpoint(actor, actor.accountId, body);
  return { status: 201, body: endpoint, log: { webhookEndpointId: endpoint.id } };
});
