/**
 * The WebhookEndpoint object of the API and the portal, built from a stored row; and the secret that
 * is shown once, when an endpoint is created or its secret rotated.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { WebhookEndpoint } from "~/generated/prisma/client";
import type { webhookEndpoint, WebhookEventType } from "~/schemas/webhooks";

export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;

/** `whsec_` and base64 of 32 random bytes: the Standard Webhooks form, which its libraries read as is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function toWebhookEndpointView(row: WebhookEndpoint, now = new Date()): WebhookEndpointView {
  const rotating = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    secretRotatedUntil: rotating ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    livemode: row.livemode,
  };
}

/** The secrets a delivery is signed with now: the current one, and the previous one while it overlaps. */
export function signingSecrets(
  row: Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const overlapping = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return overlapping ? [row.secret, row.previousSecret!] : [row.secret];
}
