/**
 * An account's webhook endpoints (docs/integrating.md "Webhooks"): created, listed, edited, deleted,
 * their secret rotated. The account's OWNER, its API keys (automation) and operators may; staff may not.
 * An endpoint of another account, or of the other mode, reads as unknown: endpoints are per mode
 * (docs/integrating.md "Test mode"), a pk_test_ key's and the portal's "Test data" view manage the test
 * ones. Every change is audited; the secret is returned only by create and rotate, and never written to
 * the audit log.
 */
import type { Prisma } from "~/generated/prisma/client";
import { accountWhere, actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerApiKeyOrOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import type { AuditAction } from "~/schemas/audit-actions";
import {
  createWebhookEndpointInput,
  DEFAULT_EVENT_TYPES,
  MAX_WEBHOOK_ENDPOINTS,
  rotateWebhookSecretInput,
  updateWebhookEndpointInput,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
} from "~/schemas/webhooks";
import { endpointUrlProblem } from "./endpoint-url-policy";
import { newWebhookSecret, toWebhookEndpointView, type WebhookEndpointView } from "./webhook-endpoint-view";

type WithSecret = WebhookEndpointView & { secret: string };

function assertUrlAllowed(url: string | undefined): void {
  const problem = url === undefined ? null : endpointUrlProblem(url);
  if (problem) throw invalidInput([{ name: "url", reason: problem }]);
}

/** The endpoint, if the actor may see it; otherwise "not found", whether it exists or not. */
export async function findEndpointOrThrow(client: DbClient, actor: Actor, endpointId: string) {
  const endpoint = isUuid(endpointId)
    ? await client.webhookEndpoint.findFirst({ where: { id: endpointId, livemode: actorLivemode(actor), ...accountWhere(actor) } })
    : null;
  if (!endpoint) throw new AppError("webhook_endpoint.not_found", "No such webhook endpoint.");
  assertOwnerApiKeyOrOperator(actor, endpoint.accountId);
  return endpoint;
}

export async function createWebhookEndpoint(
  actor: Actor,
  accountIdNamed: string | null,
  input: CreateWebhookEndpointInput,
  tx?: DbClient,
): Promise<WithSecret> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  const { url, description, eventTypes } = parseInput(createWebhookEndpointInput, input);
  assertUrlAllowed(url);
  const secret = newWebhookSecret();
  const livemode = actorLivemode(actor);

  return inTransaction(tx, async (client) => {
    await findAccountOrThrow(client, accountId);
    // The account row's lock makes "count, then insert" safe against two creations at once.
    await client.$executeRaw`SELECT 1 FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
    if ((await client.webhookEndpoint.count({ where: { accountId, livemode } })) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        "webhook_endpoint.limit_reached",
        `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints in each mode; delete one first.`,
      );
    }
    const endpoint = await client.webhookEndpoint.create({
      data: { accountId, livemode, url, description, eventTypes: [...new Set(eventTypes ?? DEFAULT_EVENT_TYPES)], secret },
    });
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.create", { url, eventTypes: endpoint.eventTypes });
    return { ...toWebhookEndpointView(endpoint), secret };
  });
}

export async function listWebhookEndpoints(actor: Actor, accountIdNamed: string | null, tx?: DbClient): Promise<WebhookEndpointView[]> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  return inTransaction(tx, async (client) => {
    const rows = await client.webhookEndpoint.findMany({
      where: { accountId, livemode: actorLivemode(actor) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => toWebhookEndpointView(row));
  });
}

export async function getWebhookEndpoint(actor: Actor, endpointId: string, tx?: DbClient): Promise<WebhookEndpointView> {
  return inTransaction(tx, async (client) => toWebhookEndpointView(await findEndpointOrThrow(client, actor, endpointId)));
}

/** Edits what is given; re-enabling clears the service's notice and the failure streak. */
export async function updateWebhookEndpoint(
  actor: Actor,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
  tx?: DbClient,
): Promise<WebhookEndpointView> {
  const changes = parseInput(updateWebhookEndpointInput, input);
  assertUrlAllowed(changes.url);
  return inTransaction(tx, async (client) => {
    const before = await findEndpointOrThrow(client, actor, endpointId);
    const reEnabled = changes.enabled === true && !before.enabled;
    const updated = await client.webhookEndpoint.update({
      where: { id: before.id },
      data: {
        ...(changes.url !== undefined && { url: changes.url }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.eventTypes !== undefined && { eventTypes: [...new Set(changes.eventTypes)] }),
        ...(changes.enabled !== undefined && { enabled: changes.enabled }),
        ...(changes.enabled !== undefined && { disabledReason: null }),
        ...(reEnabled && { failingSince: null }),
        updatedAt: new Date(),
      },
    });
    if (changes.enabled === false) await abandonPendingDeliveries(client, before.id, "The endpoint was disabled.");
    await auditEndpoint(client, actor, before, "webhook_endpoint.update", { before: auditedFields(before), after: auditedFields(updated) });
    return toWebhookEndpointView(updated);
  });
}

export async function deleteWebhookEndpoint(actor: Actor, endpointId: string, tx?: DbClient): Promise<{ id: string; deleted: true }> {
  return inTransaction(tx, async (client) => {
    const endpoint = await findEndpointOrThrow(client, actor, endpointId);
    await client.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.delete", auditedFields(endpoint));
    return { id: endpoint.id, deleted: true };
  });
}

/**
 * A new secret; the old one keeps signing beside it (both signatures in `webhook-signature`) for the
 * overlap, so a receiver can switch without missing a delivery. A rotation during an overlap drops
 * the oldest secret.
 */
export async function rotateWebhookSecret(
  actor: Actor,
  endpointId: string,
  input: { overlapHours?: number } = {},
  tx?: DbClient,
): Promise<WithSecret> {
  const { overlapHours } = parseInput(rotateWebhookSecretInput, input);
  const secret = newWebhookSecret();
  return inTransaction(tx, async (client) => {
    const endpoint = await findEndpointOrThrow(client, actor, endpointId);
    const updated = await client.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secret,
        previousSecret: overlapHours > 0 ? endpoint.secret : null,
        previousSecretExpiresAt: overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null,
        updatedAt: new Date(),
      },
    });
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.rotate_secret", { overlapHours });
    return { ...toWebhookEndpointView(updated), secret };
  });
}

/** Deliveries still waiting for an endpoint that will not take them: given up, and resendable later. */
export async function abandonPendingDeliveries(client: DbClient, endpointId: string, reason: string): Promise<void> {
  await client.webhookDelivery.updateMany({
    where: { endpointId, status: "pending" },
    data: { status: "failed", lastError: reason, leasedUntil: null },
  });
}

/** An audit entry about an endpoint: every change to one, and every resend or test event, is audited. */
export async function auditEndpoint(
  client: DbClient,
  actor: Actor,
  endpoint: { id: string; accountId: string },
  action: AuditAction,
  details: Prisma.InputJsonValue,
): Promise<void> {
  await recordAuditEntry(client, actor, {
    action,
    accountId: endpoint.accountId,
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    details,
  });
}

function auditedFields(endpoint: { url: string; description: string; eventTypes: string[]; enabled: boolean }) {
  return { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes, enabled: endpoint.enabled };
}
