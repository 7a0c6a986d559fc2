/**
 * What an endpoint's owner sees and does about its deliveries, in the portal and over the API
 * (/api/v1/webhook-endpoints/{id}/deliveries, .../resend-failed): the deliveries, newest first, with
 * their latest attempts; resending one event or every failed one since a time; a test event. A resend
 * is a new delivery of the same event: the same `webhook-id`, so a receiver that did process it can
 * tell.
 */
import type { z } from "zod";
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import {
  LISTED_ATTEMPTS,
  listWebhookDeliveriesQuery,
  resendFailedWebhooksInput,
  type ListWebhookDeliveriesQuery,
  type webhookDelivery,
} from "~/schemas/webhooks";
import { auditEndpoint, findEndpointOrThrow } from "./manage-webhook-endpoints";
import { TEST_EVENT_TYPE } from "./webhook-event-view";

export type DeliveryView = z.infer<typeof webhookDelivery>;

const DELIVERY_ID = /^\d{1,18}$/;

/** `<createdAt>|<id>` of the last delivery of a page: the next page starts after it. */
function decodeDeliveryCursor(cursor: string): { createdAt: Date; id: bigint } {
  const [createdAt = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt);
  if (!DELIVERY_ID.test(id) || Number.isNaN(instant.getTime())) {
    throw invalidInput([{ name: "cursor", reason: "is not a cursor this API returned" }]);
  }
  return { createdAt: instant, id: BigInt(id) };
}

/** A page of the endpoint's deliveries, newest first (keyset on the endpoint's (created_at, id) index). */
export async function listWebhookDeliveries(
  actor: Actor,
  endpointId: string,
  query: ListWebhookDeliveriesQuery = {},
): Promise<{ data: DeliveryView[]; nextCursor: string | null }> {
  const { status, limit, cursor } = parseInput(listWebhookDeliveriesQuery, query);
  const after = cursor === undefined ? null : decodeDeliveryCursor(cursor);
  const endpoint = await findEndpointOrThrow(db, actor, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId: endpoint.id,
      ...(status && { status }),
      ...(after && { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: { event: { select: { type: true } }, attemptLog: { orderBy: { id: "desc" }, take: LISTED_ATTEMPTS } },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: String(row.id),
      eventId: row.eventId,
      eventType: row.event.type,
      status: row.status as DeliveryView["status"],
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
      attemptCount: row.attempts,
      attempts: row.attemptLog.toReversed().map((attempt) => ({
        attemptedAt: attempt.attemptedAt.toISOString(),
        statusCode: attempt.statusCode,
        responseMs: attempt.responseMs,
        responseExcerpt: attempt.responseExcerpt,
        error: attempt.error,
      })),
    })),
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url") : null,
  };
}

function assertEnabled(endpoint: { enabled: boolean }): void {
  if (!endpoint.enabled) throw new AppError("webhook_endpoint.disabled", "The endpoint is disabled; enable it first.");
}

/**
 * Sends one event to the endpoint again (the delivery named, whatever became of it). A delivery still
 * being retried is tried again now instead: a second delivery of its event would wait behind it (one
 * endpoint's deliveries about one subject go in order) until its own retries had run their course.
 */
export async function resendWebhookDelivery(
  actor: Actor,
  endpointId: string,
  deliveryId: string,
  tx?: DbClient,
): Promise<{ resent: number }> {
  return inTransaction(tx, async (client) => {
    const endpoint = await findEndpointOrThrow(client, actor, endpointId);
    const delivery = DELIVERY_ID.test(deliveryId)
      ? await client.webhookDelivery.findFirst({ where: { id: BigInt(deliveryId), endpointId: endpoint.id } })
      : null;
    if (!delivery) throw new AppError("webhook_delivery.not_found", "No such delivery for this endpoint.");
    assertEnabled(endpoint);
    const { count: broughtForward } = await client.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data: { nextAttemptAt: new Date() },
    });
    if (broughtForward === 0) {
      await client.webhookDelivery.create({ data: { eventId: delivery.eventId, endpointId: endpoint.id, subjectId: delivery.subjectId } });
    }
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.resend", {
      eventId: delivery.eventId,
      ...(broughtForward > 0 && { retriedNow: true }),
    });
    return { resent: 1 };
  });
}

/** Every event whose latest delivery to this endpoint since `since` failed, sent again, oldest first. */
export async function resendFailedWebhooks(
  actor: Actor,
  endpointId: string,
  input: { since: string },
  tx?: DbClient,
): Promise<{ resent: number }> {
  const { since } = parseInput(resendFailedWebhooksInput, input);
  return inTransaction(tx, async (client) => {
    const endpoint = await findEndpointOrThrow(client, actor, endpointId);
    assertEnabled(endpoint);
    const resent = await client.$executeRaw`
      INSERT INTO webhook_deliveries (event_id, endpoint_id, subject_id)
      SELECT latest.event_id, latest.endpoint_id, latest.subject_id
      FROM (
        SELECT DISTINCT ON (d.event_id) d.event_id, d.endpoint_id, d.subject_id, d.status
        FROM webhook_deliveries d
        WHERE d.endpoint_id = ${endpoint.id}::uuid AND d.created_at >= ${new Date(since)}::timestamptz
        ORDER BY d.event_id, d.id DESC
      ) latest
      JOIN webhook_events e ON e.id = latest.event_id
      WHERE latest.status = 'failed'
      ORDER BY e.created_at, e.id`;
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.resend", { failedSince: since, resent });
    return { resent };
  });
}

/** A `webhook.test` event to this endpoint alone, whatever types it takes, to try a receiver. */
export async function sendTestWebhook(actor: Actor, endpointId: string, tx?: DbClient): Promise<{ eventId: string }> {
  return inTransaction(tx, async (client) => {
    const endpoint = await findEndpointOrThrow(client, actor, endpointId);
    assertEnabled(endpoint);
    const event = await client.webhookEvent.create({
      data: {
        accountId: endpoint.accountId,
        livemode: endpoint.livemode,
        type: TEST_EVENT_TYPE,
        subjectId: endpoint.id,
        data: { endpointId: endpoint.id, message: "A test event, sent on request to try this endpoint. It reports no change." },
      },
    });
    await client.webhookDelivery.create({ data: { eventId: event.id, endpointId: endpoint.id, subjectId: endpoint.id } });
    await auditEndpoint(client, actor, endpoint, "webhook_endpoint.test", { eventId: event.id });
    return { eventId: event.id };
  });
}
