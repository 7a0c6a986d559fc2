import { listWebhookDeliveriesOperation } from "~/server/api/webhooks/list-webhook-deliveries";
import { apiRoute } from "~/server/rest/api-route";
import { listWebhookDeliveries } from "~/server/services/webhooks/webhook-deliveries";

export const GET = apiRoute(listWebhookDeliveriesOperation.request, async ({ actor, params, query }) => ({
  body: await listWebhookDeliveries(actor, params.endpointId, query),
}));
