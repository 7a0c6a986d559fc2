import { resendWebhookDeliveryOperation } from "~/server/api/webhooks/resend-webhook-delivery";
import { apiRoute } from "~/server/rest/api-route";
import { resendWebhookDelivery } from "~/server/services/webhooks/webhook-deliveries";

export const POST = apiRoute(resendWebhookDeliveryOperation.request, async ({ actor, params }) => ({
  status: 202,
  body: await resendWebhookDelivery(actor, params.endpointId, params.deliveryId),
}));
