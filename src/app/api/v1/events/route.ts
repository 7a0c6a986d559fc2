import { listEventsOperation } from "~/server/api/events/list-events";
import { apiRoute } from "~/server/rest/api-route";
import { listWebhookEvents } from "~/server/services/webhooks/list-webhook-events";

export const GET = apiRoute(listEventsOperation.request, async ({ actor, query }) => ({
  body: await listWebhookEvents(actor, actor.accountId, query),
}));
