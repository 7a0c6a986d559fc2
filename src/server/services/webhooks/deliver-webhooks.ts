/**
 * One pass of the delivery worker (webhook-worker.ts runs it in every server process): claim the due
 * deliveries, send them, record what the receivers answered. Never inside a request: a purchase only
 * writes its event (a trigger), so a slow receiver cannot slow a purchase down.
 *
 * - Claims are leases: `FOR UPDATE SKIP LOCKED` picks rows no other process is picking, and
 *   `leased_until` keeps them out of every other pass while this one sends (no HTTP is sent inside a
 *   database transaction). A process that dies mid-send leaves a lease that runs out; the delivery
 *   is then sent again, with the same `webhook-id`, so receivers can tell (at least once, as the
 *   specification says).
 * - Order: of one endpoint's deliveries about one subject (a transaction, a key, a wallet), only the
 *   oldest pending one is due; the next waits until it succeeded or was given up.
 * - Retries follow WEBHOOK_RETRY_SCHEDULE_MS with ±10 % jitter, or a 429/503's Retry-After; a 410 Gone
 *   disables the endpoint, as does an endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_HOURS.
 */
import { env } from "~/env";
import type { WebhookEndpoint } from "~/generated/prisma/client";
import { db, type DbClient } from "~/server/db";
import { logger } from "~/server/log";
import { abandonPendingDeliveries } from "./manage-webhook-endpoints";
import { sendWebhook, type AttemptResult } from "./send-webhook";
import { signingSecrets } from "./webhook-endpoint-view";
import { toEventEnvelope } from "./webhook-event-view";

const log = logger.child({ component: "webhooks" });

interface ClaimedDelivery {
  id: bigint;
  attempts: number;
  event_id: string;
  type: string;
  created_at: Date;
  livemode: boolean;
  data: unknown;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

/** Claims up to `limit` due deliveries for this process (see the module comment). */
async function claimDue(limit: number): Promise<ClaimedDelivery[]> {
  // One attempt (bounded by the time-out) and recording its answer fit well inside the lease.
  const leaseMs = env.WEBHOOK_TIMEOUT_MS + 10_000;
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND (d.leased_until IS NULL OR d.leased_until < now())
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries earlier
          WHERE earlier.endpoint_id = d.endpoint_id AND earlier.subject_id = d.subject_id
            AND earlier.status = 'pending' AND earlier.id < d.id)
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d SET leased_until = now() + make_interval(secs => ${leaseMs / 1_000}::double precision)
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.attempts, d.event_id, d.endpoint_id
    )
    SELECT c.id, c.attempts, c.event_id, e.type, e.created_at, e.livemode, e.data, c.endpoint_id,
           p.url, p.enabled, p.secret, p.previous_secret, p.previous_secret_expires_at
    FROM claimed c
    JOIN webhook_events e ON e.id = c.event_id
    JOIN webhook_endpoints p ON p.id = c.endpoint_id
    ORDER BY c.id`;
}

/** The pause before the next attempt after `attempts` failed ones, or null when the schedule is spent. */
export function nextAttemptDelayMs(attempts: number, retryAfter: number | null, random = Math.random): number | null {
  const schedule = env.WEBHOOK_RETRY_SCHEDULE_MS;
  if (attempts > schedule.length) return null;
  if (retryAfter !== null) return retryAfter;
  const base = schedule[attempts - 1]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}

async function disableEndpoint(client: DbClient, endpointId: string, reason: string): Promise<void> {
  await client.webhookEndpoint.update({
    where: { id: endpointId },
    data: { enabled: false, disabledReason: reason, updatedAt: new Date() },
  });
  await abandonPendingDeliveries(client, endpointId, reason);
  log.warn({ endpointId, reason }, "webhook endpoint disabled");
}

async function recordAttempt(delivery: ClaimedDelivery, result: AttemptResult): Promise<"succeeded" | "retrying" | "failed"> {
  const attempts = delivery.attempts + 1;
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const delay = succeeded ? null : nextAttemptDelayMs(attempts, result.retryAfterMs);
  const status = succeeded ? "succeeded" : delay === null || result.statusCode === 410 ? "failed" : "pending";

  await db.$transaction(async (client) => {
    await client.webhookAttempt.create({
      data: {
        deliveryId: delivery.id,
        statusCode: result.statusCode,
        responseMs: result.responseMs,
        responseExcerpt: result.excerpt,
        error: result.error,
      },
    });
    await client.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status,
        attempts,
        leasedUntil: null,
        lastAttemptAt: new Date(),
        lastStatusCode: result.statusCode,
        lastResponseMs: result.responseMs,
        lastResponseExcerpt: result.excerpt,
        lastError: result.error,
        ...(status === "pending" && { nextAttemptAt: new Date(Date.now() + delay!) }),
      },
    });
    if (succeeded) {
      await client.webhookEndpoint.updateMany({
        where: { id: delivery.endpoint_id, failingSince: { not: null } },
        data: { failingSince: null },
      });
      return;
    }
    if (result.statusCode === 410) {
      await disableEndpoint(client, delivery.endpoint_id, "The receiver answered 410 Gone: it no longer wants these events.");
      return;
    }
    const [endpoint] = await client.$queryRaw<Pick<WebhookEndpoint, "failingSince">[]>`
      UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now())
      WHERE id = ${delivery.endpoint_id}::uuid RETURNING failing_since AS "failingSince"`;
    const failingForMs = endpoint?.failingSince ? Date.now() - endpoint.failingSince.getTime() : 0;
    if (failingForMs >= env.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000) {
      await disableEndpoint(client, delivery.endpoint_id, `Every delivery failed for ${env.WEBHOOK_DISABLE_AFTER_HOURS} hours.`);
    }
  });
  return succeeded ? "succeeded" : status === "failed" ? "failed" : "retrying";
}

async function deliver(delivery: ClaimedDelivery): Promise<"succeeded" | "retrying" | "failed"> {
  if (!delivery.enabled) {
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "failed", leasedUntil: null, lastError: "The endpoint was disabled." },
    });
    return "failed";
  }
  const envelope = toEventEnvelope({
    id: delivery.event_id,
    type: delivery.type,
    createdAt: delivery.created_at,
    livemode: delivery.livemode,
    data: delivery.data,
  });
  const result = await sendWebhook({
    url: delivery.url,
    id: delivery.event_id,
    body: JSON.stringify(envelope),
    secrets: signingSecrets({
      secret: delivery.secret,
      previousSecret: delivery.previous_secret,
      previousSecretExpiresAt: delivery.previous_secret_expires_at,
    }),
  });
  return recordAttempt(delivery, result);
}

export interface DeliveryPass {
  claimed: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * Sends up to `limit` due deliveries, WEBHOOK_CONCURRENCY at a time. Each lane claims one delivery,
 * sends it and records the answer before claiming the next, so a claim is always being worked on (its
 * lease only has to outlast one attempt) and a slow receiver holds up one lane, not the pass.
 * `claimed` equal to `limit` means there may be more.
 */
export async function deliverDueWebhooks(limit = env.WEBHOOK_CONCURRENCY * 4): Promise<DeliveryPass> {
  const pass: DeliveryPass = { claimed: 0, succeeded: 0, retrying: 0, failed: 0 };
  const lane = async () => {
    while (pass.claimed < limit) {
      pass.claimed += 1; // reserved before the await, so lanes never claim more than `limit` together
      const [delivery] = await claimDue(1);
      if (!delivery) {
        pass.claimed -= 1;
        return;
      }
      try {
        pass[await deliver(delivery)] += 1;
      } catch (error) {
        // The lease runs out and the delivery is tried again; nothing is lost.
        log.error({ err: error, deliveryId: String(delivery.id) }, "webhook delivery could not be recorded");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(env.WEBHOOK_CONCURRENCY, limit) }, lane));
  return pass;
}

/** Events older than the retention period go, with their deliveries. */
export async function pruneOldEvents(retentionDays: number): Promise<number> {
  return db.$executeRaw`DELETE FROM webhook_events WHERE created_at < now() - make_interval(days => ${retentionDays})`;
}
