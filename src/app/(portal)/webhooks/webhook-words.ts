/** What the webhooks page calls things: each event type in a few words, a delivery's state. */
import type { BadgeTone } from "~/components/ui/badge";
import { rotateWebhookSecretInput, type WebhookEventType } from "~/schemas/webhooks";

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "transaction.successful": "A purchase succeeded.",
  "transaction.failed": "A purchase failed and was refunded (also a reversal after delivery).",
  "transaction.pending": "A purchase was left pending; its successful or failed event follows. Off unless chosen.",
  "wallet.funded": "Your wallet was funded.",
  "wallet.low_balance": "Your balance fell below the low-balance threshold.",
  "api_key.created": "An API key was created.",
  "api_key.revoked": "An API key was revoked.",
  "batch.completed": "Every order of a batch settled.",
};

/** How long a rotated-out secret keeps signing beside the new one: the schema's default, which the portal uses. */
export const ROTATION_OVERLAP_HOURS = rotateWebhookSecretInput.parse({}).overlapHours;

export interface DeliveryState {
  label: string;
  tone: BadgeTone;
}

/** A delivery's state as the page says it: still to be sent, being retried, or done one way or the other. */
export function deliveryState(delivery: { status: "pending" | "succeeded" | "failed"; attempts: readonly unknown[] }): DeliveryState {
  if (delivery.status === "succeeded") return { label: "Succeeded", tone: "success" };
  if (delivery.status === "failed") return { label: "Failed", tone: "danger" };
  return delivery.attempts.length === 0 ? { label: "Queued", tone: "neutral" } : { label: "Retrying", tone: "warning" };
}
