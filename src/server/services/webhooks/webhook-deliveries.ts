/**
 * What the portal shows and does about an endpoint's deliveries: the recent ones with every attempt,
 * resending one event or every failed one since a time, and a test event. A resend is a new delivery
 * of the same event: the same `webhook-id`, so a receiver that did process it can tell.
 */
import { z } from "zod";
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { auditEndpoint, findEndpointOrThrow } from "./manage-webhook-endpoints";
import { TEST_EVENT_TYPE } from "./webhook-event-view";

const RECENT_DELIVERIES = 50;

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: { attemptedAt: string; statusCode: number | null; responseMs: number; responseExcerpt: string | null; error: string | null }[];
}

export async function listWebhookDeliveries(actor: Actor, endpointId: string): Promise<DeliveryView[]> {
  const endpoint = await findEndpointOrThrow(db, actor, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId: endpoint.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_DELIVERIES,
    include: { event: { select: { type: true } }, attemptLog: { orderBy: { attemptedAt: "asc" } } },
  });
  return rows.map((row) => ({
    id: String(row.id),
    eventId: row.eventId,
    eventType: row.event.type,
    status: row.status as DeliveryView["status"],
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    attempts: row.attemptLog.map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      responseMs: attempt.responseMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  }));
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
    const delivery = /^\d{1,18}$/.test(deliveryId)
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

const resendFailedInput = z.object({ since: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }) });

/** Every event whose latest delivery to this endpoint since `since` failed, sent again, oldest first. */
export async function resendFailedWebhooks(
  actor: Actor,
  endpointId: string,
  input: { since: string },
  tx?: DbClient,
): Promise<{ resent: number }> {
  const { since } = parseInput(resendFailedInput, input);
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
