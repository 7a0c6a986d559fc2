import { sendTestWebhookOperation } from "~/server/api/webhooks/send-test-webhook";
import { apiRoute } from "~/server/rest/api-route";
import { sendTestWebhook } from "~/server/services/webhooks/webhook-deliveries";

export const POST = apiRoute(sendTestWebhookOperation.request, async ({ actor, params }) => {
  const sent = await sendTestWebhook(actor, params.endpointId);
  return { status: 202, body: sent, log: { eventId: sent.eventId } };
});
