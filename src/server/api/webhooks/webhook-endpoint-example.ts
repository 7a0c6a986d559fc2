/** The documented example endpoint: the id in every example path, and what creating it sends. */
import { webhookEndpointParams } from "~/schemas/webhooks";

export const EXAMPLE_ENDPOINT_ID = String(webhookEndpointParams.shape.endpointId.meta()?.example);
export const EXAMPLE_ENDPOINT_PATH = `/api/v1/webhook-endpoints/${EXAMPLE_ENDPOINT_ID}`;

export const SECRET_SHOWN_ONCE =
  "The `secret` (`whsec_…`) signs every delivery (see `webhooks` in this document); it is shown in this answer only, so store it now.";
