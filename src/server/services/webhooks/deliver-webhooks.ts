/**
 * The delivery engine (webhook-worker.ts runs it in every server process, or in a process of its own):
 * claim the due deliveries, send them WEBHOOK_CONCURRENCY at a time, record what the receivers
 * answered. Never inside a request: a purchase only writes its event (a trigger), so a slow receiver
 * cannot slow a purchase down, and what a delivery costs the machine is kept small (issue 31):
 *
 * - Claims come in batches, one statement each (`claimDue`), and are prefetched: while the lanes
 *   send, the next batch is already claimed, so a lane that finishes starts its next send at once. A
 *   claim is a lease (`leased_until`), taken with `FOR UPDATE SKIP LOCKED` so processes never claim the
 *   same row; no HTTP is sent inside a database transaction. A process that dies mid-send leaves
 *   leases that run out and the delivery is sent again, with the same `webhook-id` (at least once, as
 *   the specification says).
 * - Answers are recorded in batches, one statement each (`recordOutcomes`): the attempt rows, the
 *   deliveries' new state and the endpoints' failure streaks together.
 * - Order: of one endpoint's deliveries about one subject (a transaction, a key, a wallet), only the
 *   oldest pending one is due; the next waits until it succeeded or was given up.
 * - Retries follow WEBHOOK_RETRY_SCHEDULE_MS with ±10 %. A 429 or 503 with Retry-After is a throttle,
 *   not a failure: it is waited for and does not use up an attempt of the schedule, for as long as the
 *   schedule lasts from the first attempt (`nextStep`). A 410 Gone disables the endpoint, as does an
 *   endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_HOURS.
 */
import { env } from "~/env";
import { db, queryRows, sql } from "~/server/db";
import { logger } from "~/server/log";
import { abandonPendingDeliveries } from "./manage-webhook-endpoints";
import { sendWebhook, type AttemptResult } from "./send-webhook";
import { signingSecrets } from "./webhook-endpoint-view";
import { toEventEnvelope } from "./webhook-event-view";

const log = logger.child({ component: "webhooks" });

interface ClaimedDelivery {
  id: bigint;
  attempts: number;
  throttled_attempts: number;
  first_attempt_at: Date | null;
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

/**
 * A claim must outlast its wait in the prefetched queue (at most one send of the lane ahead of it)
 * and its own send, each bounded by the time-out, and the recording of the answer.
 */
const leaseSeconds = () => (2 * env.WEBHOOK_TIMEOUT_MS + 10_000) / 1_000;

/**
 * Claims up to `limit` due deliveries for this process (see the module comment): the SQL function
 * claim_webhook_deliveries (prisma/sql/webhooks/claim_webhook_deliveries.sql), which holds the claim with the planner settings
 * that keep it a walk of the due index, however stale the queue's statistics.
 */
function claimDue(limit: number): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(sql`SELECT * FROM claim_webhook_deliveries(${limit}::int, ${leaseSeconds()}::double precision)`);
}

export type NextStep = { status: "succeeded" } | { status: "failed" } | { status: "pending"; delayMs: number; throttled: boolean };

/** The shortest wait a Retry-After gets: a receiver's `0` would otherwise be retried in a busy loop. */
const MIN_THROTTLE_MS = 1_000;

/**
 * What becomes of a delivery after an attempt: done, given up, or tried again after `delayMs`.
 * `delivery` is as it was before the attempt. A throttle (a Retry-After, which send-webhook.ts reads on
 * a 429 or 503 only) is waited for without using up an attempt of the schedule, as long as the retry
 * still falls within the schedule's whole length from the first attempt (about three days by
 * default): a receiver that throttles is given as long as one that fails, never less.
 */
export function nextStep(
  delivery: { attempts: number; throttledAttempts: number; firstAttemptAt: Date | null },
  result: Pick<AttemptResult, "statusCode" | "retryAfterMs">,
  { now = Date.now(), schedule = env.WEBHOOK_RETRY_SCHEDULE_MS, random = Math.random } = {},
): NextStep {
  const { statusCode } = result;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { status: "succeeded" };
  if (statusCode === 410) return { status: "failed" };
  if (result.retryAfterMs !== null) {
    const delayMs = Math.max(result.retryAfterMs, MIN_THROTTLE_MS);
    const horizonEnds = (delivery.firstAttemptAt?.getTime() ?? now) + schedule.reduce((total, pause) => total + pause, 0);
    return now + delayMs <= horizonEnds ? { status: "pending", delayMs, throttled: true } : { status: "failed" };
  }
  const counted = delivery.attempts - delivery.throttledAttempts + 1;
  if (counted > schedule.length) return { status: "failed" };
  return { status: "pending", delayMs: Math.round(schedule[counted - 1]! * (0.9 + 0.2 * random())), throttled: false };
}

/** One delivery's outcome, as recorded: an attempt's answer, or why none was made. */
interface Outcome {
  deliveryId: bigint;
  /** False when no request was sent (the endpoint was disabled meanwhile). */
  attempted: boolean;
  result: AttemptResult;
  step: NextStep;
}

/**
 * Records a batch of outcomes in one statement: the attempts, each delivery's new state (lease
 * released), and each endpoint's failure streak (cleared by a success, started by a failure). Returns
 * the endpoints to disable: gone (410), or failing for WEBHOOK_DISABLE_AFTER_HOURS.
 */
async function recordOutcomes(outcomes: Outcome[]): Promise<{ endpoint_id: string; gone: boolean }[]> {
  const column = <T>(pick: (outcome: Outcome) => T) => outcomes.map(pick);
  return queryRows<{ endpoint_id: string; gone: boolean }>(sql`
    WITH outcome AS (
      SELECT * FROM unnest(${column((o) => o.deliveryId)}::bigint[], ${column((o) => o.attempted)}::boolean[],
                           ${column((o) => o.result.statusCode)}::int[], ${column((o) => o.result.responseMs)}::int[],
                           ${column((o) => o.result.excerpt)}::text[], ${column((o) => o.result.error)}::text[],
                           ${column((o) => o.step.status)}::text[],
                           ${column((o) => (o.step.status === "pending" ? o.step.delayMs : null))}::int[],
                           ${column((o) => o.step.status === "pending" && o.step.throttled)}::boolean[])
        AS o(delivery_id, attempted, status_code, response_ms, excerpt, error, status, delay_ms, throttled)
    ), attempt AS (
      INSERT INTO webhook_attempts (delivery_id, status_code, response_ms, response_excerpt, error)
      SELECT delivery_id, status_code, response_ms, excerpt, error FROM outcome WHERE attempted
    ), delivery AS (
      UPDATE webhook_deliveries d SET
        status = o.status,
        attempts = d.attempts + o.attempted::int,
        throttled_attempts = d.throttled_attempts + o.throttled::int,
        first_attempt_at = CASE WHEN o.attempted THEN COALESCE(d.first_attempt_at, now()) ELSE d.first_attempt_at END,
        leased_until = NULL,
        last_attempt_at = CASE WHEN o.attempted THEN now() ELSE d.last_attempt_at END,
        last_status_code = CASE WHEN o.attempted THEN o.status_code ELSE d.last_status_code END,
        last_response_ms = CASE WHEN o.attempted THEN o.response_ms ELSE d.last_response_ms END,
        last_response_excerpt = CASE WHEN o.attempted THEN o.excerpt ELSE d.last_response_excerpt END,
        last_error = o.error,
        next_attempt_at = CASE WHEN o.delay_ms IS NULL THEN d.next_attempt_at
                               ELSE now() + make_interval(secs => o.delay_ms / 1000.0) END
      FROM outcome o WHERE d.id = o.delivery_id
      RETURNING d.endpoint_id, o.attempted, o.status, o.status_code
    ), endpoint AS (
      SELECT endpoint_id, bool_or(status = 'succeeded') AS succeeded, bool_or(status_code = 410) AS gone
      FROM delivery WHERE attempted GROUP BY endpoint_id
    ), streak AS (
      UPDATE webhook_endpoints p SET failing_since = CASE WHEN x.succeeded THEN NULL ELSE now() END
      FROM endpoint x
      WHERE p.id = x.endpoint_id AND (p.failing_since IS NULL) = NOT x.succeeded
    )
    SELECT x.endpoint_id, x.gone
    FROM endpoint x JOIN webhook_endpoints p ON p.id = x.endpoint_id
    WHERE x.gone OR (NOT x.succeeded AND p.failing_since <= now() - make_interval(secs => ${env.WEBHOOK_DISABLE_AFTER_HOURS * 3_600}::double precision))`);
}

async function disableEndpoint(endpointId: string, reason: string): Promise<void> {
  await db.$transaction(async (client) => {
    await client.webhookEndpoint.update({
      where: { id: endpointId },
      data: { enabled: false, disabledReason: reason, updatedAt: new Date() },
    });
    await abandonPendingDeliveries(client, endpointId, reason);
  });
  log.warn({ endpointId, reason }, "webhook endpoint disabled");
}

/**
 * Outcomes waiting to be recorded: written when half the lanes' worth has gathered, or a few
 * milliseconds after the first, so a burst shares one statement and a trickle is not held back.
 */
class OutcomeRecorder {
  private waiting: Outcome[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writes = new Set<Promise<void>>();

  constructor(private readonly batchSize: number) {}

  add(outcome: Outcome): void {
    this.waiting.push(outcome);
    if (this.waiting.length >= this.batchSize) this.write();
    else this.timer ??= setTimeout(() => this.write(), 20);
  }

  /** Resolves once everything added so far is recorded (or failed to be: its leases then run out). */
  async flush(): Promise<void> {
    this.write();
    await Promise.all(this.writes);
  }

  private write(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    const write = recordBatch(batch).finally(() => this.writes.delete(write));
    this.writes.add(write);
  }
}

async function recordBatch(batch: Outcome[]): Promise<void> {
  try {
    let attention: Awaited<ReturnType<typeof recordOutcomes>>;
    try {
      attention = await recordOutcomes(batch);
    } catch (error) {
      // Two processes' batches can cross on the same endpoints' streaks; the loser may simply go again.
      if ((error as { code?: string }).code !== "40P01") throw error;
      attention = await recordOutcomes(batch);
    }
    for (const { endpoint_id: endpointId, gone } of attention) {
      await disableEndpoint(
        endpointId,
        gone
          ? "The receiver answered 410 Gone: it no longer wants these events."
          : `Every delivery failed for ${env.WEBHOOK_DISABLE_AFTER_HOURS} hours.`,
      );
    }
  } catch (error) {
    // The leases run out and the deliveries are tried again; nothing is lost.
    log.error({ err: error, deliveries: batch.length }, "webhook deliveries could not be recorded");
  }
}

/**
 * Sends one claimed delivery (or not, to an endpoint disabled meanwhile) and decides what comes next.
 * `bodies` holds the pass's event bodies by event id: an event for several endpoints is shaped once.
 */
async function deliver(delivery: ClaimedDelivery, bodies: Map<string, string>): Promise<Outcome> {
  if (!delivery.enabled) {
    const result: AttemptResult = {
      statusCode: null,
      responseMs: 0,
      excerpt: null,
      error: "The endpoint was disabled.",
      retryAfterMs: null,
    };
    return { deliveryId: delivery.id, attempted: false, result, step: { status: "failed" } };
  }
  let body = bodies.get(delivery.event_id);
  if (body === undefined) {
    const envelope = toEventEnvelope({
      id: delivery.event_id,
      type: delivery.type,
      createdAt: delivery.created_at,
      livemode: delivery.livemode,
      data: delivery.data,
    });
    body = JSON.stringify(envelope);
    if (bodies.size >= 1_000) bodies.clear();
    bodies.set(delivery.event_id, body);
  }
  const result = await sendWebhook({
    url: delivery.url,
    id: delivery.event_id,
    body,
    secrets: signingSecrets({
      secret: delivery.secret,
      previousSecret: delivery.previous_secret,
      previousSecretExpiresAt: delivery.previous_secret_expires_at,
    }),
  });
  const step = nextStep(
    { attempts: delivery.attempts, throttledAttempts: delivery.throttled_attempts, firstAttemptAt: delivery.first_attempt_at },
    result,
  );
  return { deliveryId: delivery.id, attempted: true, result, step };
}

export interface DeliveryPass {
  claimed: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due deliveries, WEBHOOK_CONCURRENCY at a time, until `limit` were claimed, nothing more is due,
 * or `shouldStop` says so; returns once every answer is recorded. The lanes take from a queue that a
 * batch claim tops up whenever it holds less than a lane-ful, so the next sends are claimed while the
 * current ones are out; a slow receiver holds up one lane, not the pass. `claimed` equal to `limit`
 * means there may be more.
 */
export async function deliverDueWebhooks(
  limit = env.WEBHOOK_CONCURRENCY * 4,
  shouldStop: () => boolean = () => false,
): Promise<DeliveryPass> {
  const lanes = Math.min(env.WEBHOOK_CONCURRENCY, limit);
  const pass: DeliveryPass = { claimed: 0, succeeded: 0, retrying: 0, failed: 0 };
  const recorder = new OutcomeRecorder(Math.max(1, Math.ceil(lanes / 2)));
  const queue: ClaimedDelivery[] = [];
  const bodies = new Map<string, string>();
  let exhausted = false;
  let claiming: Promise<void> | null = null;

  const topUp = (): Promise<void> =>
    (claiming ??= (async () => {
      const wanted = Math.min(lanes, limit - pass.claimed);
      if (wanted <= 0 || shouldStop()) {
        exhausted = true;
        return;
      }
      try {
        const claimed = await claimDue(wanted);
        pass.claimed += claimed.length;
        queue.push(...claimed);
        if (claimed.length < wanted) exhausted = true;
      } catch (error) {
        exhausted = true;
        log.error({ err: error }, "webhook deliveries could not be claimed");
      }
    })().finally(() => (claiming = null)));

  const lane = async () => {
    for (;;) {
      if (queue.length < lanes && !exhausted) void topUp();
      const delivery = queue.shift();
      if (!delivery) {
        if (claiming) await claiming;
        else if (exhausted) return;
        continue;
      }
      const outcome = await deliver(delivery, bodies).catch((error: unknown) => {
        log.error({ err: error, deliveryId: String(delivery.id) }, "webhook delivery failed unexpectedly");
        return null; // its lease runs out and it is tried again
      });
      if (!outcome) continue;
      recorder.add(outcome);
      pass[outcome.step.status === "pending" ? "retrying" : outcome.step.status] += 1;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await recorder.flush();
  return pass;
}

/** Events older than the retention period go, with their deliveries. */
export async function pruneOldEvents(retentionDays: number): Promise<number> {
  return db.$executeRaw`DELETE FROM webhook_events WHERE created_at < now() - make_interval(days => ${retentionDays})`;
}
