import { resendFailedWebhooksOperation } from "~/server/api/webhooks/resend-failed-webhooks";
import { apiRoute } from "~/server/rest/api-route";
import { resendFailedWebhooks } from "~/server/services/webhooks/webhook-deliveries";

export const POST = apiRoute(resendFailedWebhooksOperation.request, async ({ actor, params, body }) => {
  const resent = await resendFailedWebhooks(actor, params.endpointId, body);
  return { status: 202, body: resent, log: { resent: resent.resent } };
});
