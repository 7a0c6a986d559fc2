/**
 * Webhooks in process, on the real database: the outbox triggers (one event per change, written with
 * it, none for a change rolled back), and the delivery worker's pass against a real receiver that
 * verifies every delivery with the `standardwebhooks` library: signing, retries, Retry-After, 410,
 * giving up, order per transaction, rotation, concurrent workers, and refused addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, parseEnv } from "~/env";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { executeDataPurchase } from "~/server/services/purchases/execute-purchase";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { getTransaction } from "~/server/services/transactions/get-transaction";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { webhookEvent } from "~/schemas/webhooks";
import { operator, rejection } from "~/test/fixtures";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { planOf } from "~/test/statements";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";
import { deliverDueWebhooks, nextStep } from "./deliver-webhooks";
import { endpointUrlProblem } from "./endpoint-url-policy";
import { listWebhookEvents } from "./list-webhook-events";
import { createWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from "./manage-webhook-endpoints";
import { retryAfterMs, sendWebhook } from "./send-webhook";
import { resendFailedWebhooks, sendTestWebhook } from "./webhook-deliveries";
import { setLowBalanceThreshold } from "./low-balance-threshold";
import { sweepLowBalanceAlerts } from "./sweep-low-balance-alerts";

const PLAN = "mtn-1gb-30d";

async function eventsOf(accountId: string) {
  return db.webhookEvent.findMany({ where: { accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

async function buy(actor: Parameters<typeof executeDataPurchase>[0], recipient = "08031234567") {
  return (await executeDataPurchase(actor, { clientReference: reference("wh"), planId: PLAN, recipient })).transaction;
}

/** Runs passes until nothing is due now (retries scheduled later are left). */
async function drain() {
  for (let pass = 0; pass < 20; pass++) if ((await deliverDueWebhooks()).claimed === 0) return;
}

async function waitUntilDue() {
  // The test schedule's longest pause is 400 ms (vitest.config.ts), ±10 %.
  await new Promise((resolve) => setTimeout(resolve, 450));
}

describe("the outbox", () => {
  it("records one event per change with the object the REST API returns, and none for a refused purchase", async () => {
    const { accountId, actor, keyId } = await fundedAccount(100_000n);
    const successful = await buy(actor);
    const failed = await buy(actor, "08030000000");
    expect(failed.status).toBe("failed");
    await buy(actor); // 44,000 left
    await buy(actor); // 16,000 left
    const refused = await rejection(buy(actor));
    expect(refused.code).toBe("wallet.insufficient_funds");
    await revokeApiKey(operator, { keyId });

    const events = await eventsOf(accountId);
    expect(events.map((event) => event.type)).toEqual([
      "wallet.funded",
      "api_key.created",
      "transaction.successful",
      "transaction.failed",
      "transaction.successful",
      "transaction.successful",
      "api_key.revoked",
    ]);
    const page = await listWebhookEvents(operator, accountId, { limit: 100 });
    for (const event of page.data) expect(webhookEvent.safeParse(event).success, JSON.stringify(event)).toBe(true);
    const rest = await getTransaction(actor, undefined, successful.clientReference);
    expect(page.data[2]).toMatchObject({ type: "transaction.successful", data: { ...rest, amount: Number(rest.amount) } });
    expect(page.data[0]!.data).toMatchObject({ balance: 100_000, amount: 100_000, currency: "NGN" });
    expect(JSON.stringify(page.data)).not.toMatch(/key_hash|keyHash|cost|order_fingerprint|source_ip/);
    expect(page.data.at(-1)!.data).toMatchObject({ id: keyId, revokedAt: expect.any(String) });
  });

  it("records nothing for a change that is rolled back", async () => {
    const { accountId } = await fundedAccount(0n);
    await expect(
      db.$transaction(async (tx) => {
        await fundWallet(operator, { accountId, amount: 5_000 }, tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await eventsOf(accountId)).filter((event) => event.type === "wallet.funded")).toHaveLength(0);
  });

  it("announces a pending purchase once, then its settlement", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    const pending = await buy(actor, "08031231111");
    expect(pending.status).toBe("pending");
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const types = (await eventsOf(accountId)).filter((event) => event.subjectId === pending.id).map((event) => event.type);
    expect(types).toEqual(["transaction.pending", "transaction.successful"]);
  });

  it("fires wallet.low_balance once per crossing of the owner's threshold", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    await setLowBalanceThreshold(operator, accountId, { threshold: 50_000 });
    await buy(actor); // 72,000: above
    await buy(actor); // 44,000: crosses
    await buy(actor); // 16,000: still below
    await fundWallet(operator, { accountId, amount: 100_000 }); // 116,000: above again
    await buy(actor); // 88,000
    await buy(actor); // 60,000
    await buy(actor); // 32,000: crosses again
    const low = (await eventsOf(accountId)).filter((event) => event.type === "wallet.low_balance");
    expect(low.map((event) => (event.data as { balance: number }).balance)).toEqual([44_000, 32_000]);
  });
  it("fires wallet.low_balance on the settled balance: not for a refunded debit, a pending one only once it settles", async () => {
    const { accountId, actor } = await fundedAccount(60_000n);
    await setLowBalanceThreshold(operator, accountId, { threshold: 50_000 });
    const lowBalances = async () =>
      (await eventsOf(accountId))
        .filter((event) => event.type === "wallet.low_balance")
        .map((event) => (event.data as { balance: number }).balance);

    expect((await buy(actor, "08030000000")).status).toBe("failed"); // debited to 32,000, refunded to 60,000
    expect(await lowBalances()).toEqual([]);
    const pending = await buy(actor, "08031231111"); // 32,000 in the wallet, 60,000 settled
    expect(pending.status).toBe("pending");
    expect(await lowBalances()).toEqual([]);
    await reconcilePendingTransactions(operator, { includeNotDue: true }); // settles successful: 32,000 settled
    expect(await lowBalances()).toEqual([32_000]);
    expect((await buy(actor, "08030000000")).status).toBe("failed"); // 4,000, then refunded: no second event
    expect(await lowBalances()).toEqual([32_000]);

    await fundWallet(operator, { accountId, amount: 100_000 }); // 132,000: armed again
    expect((await buy(actor, "08030000000")).status).toBe("failed");
    await buy(actor); // 104,000
    await buy(actor); // 76,000
    await buy(actor); // 48,000: crosses
    await buy(actor); // 20,000: still below
    expect(await lowBalances()).toEqual([32_000, 48_000]);
    const [, second] = (await listWebhookEvents(operator, accountId, { type: "wallet.low_balance", limit: 10 })).data;
    expect(second!.data).toMatchObject({ balance: 48_000, amount: 50_000, currency: "NGN" });
  });

  it("records a crossing that concurrent settlements left owed when the worker sweeps, once", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    await setLowBalanceThreshold(operator, accountId, { threshold: 50_000 });
    await buy(actor); // 72,000
    await buy(actor); // 44,000: fires
    // As two settlements at once can leave it: below the threshold, still armed, no event for it.
    await db.$executeRaw`UPDATE wallets SET low_balance_armed = true WHERE account_id = ${accountId}::uuid AND livemode`;
    expect(await sweepLowBalanceAlerts()).toBe(1);
    expect(await sweepLowBalanceAlerts()).toBe(0);
    const low = (await eventsOf(accountId)).filter((event) => event.type === "wallet.low_balance");
    expect(low.map((event) => (event.data as { balance: number }).balance)).toEqual([44_000, 44_000]);
  });
});

describe("delivery", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  async function accountWithEndpoint(eventTypes?: string[]) {
    const account = await fundedAccount(1_000_000n);
    const endpoint = await createWebhookEndpoint(account.actor, null, { url: receiver.url, eventTypes: eventTypes as never });
    receiver.secrets = [endpoint.secret];
    receiver.answers = [];
    receiver.received.length = 0;
    return { ...account, endpoint };
  }

  it("sends a signed event that standardwebhooks verifies, with the event's id as webhook-id", async () => {
    const { actor, endpoint } = await accountWithEndpoint();
    const bought = await buy(actor);
    await drain();
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.verifiedBy).toBe(0);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(delivery!.payload).toMatchObject({ type: "transaction.successful", data: { id: bought.id, status: "successful" } });
    expect(delivery!.id).toBe(delivery!.payload.id);
    expect(Math.abs(Number(delivery!.timestamp) - Date.now() / 1000)).toBeLessThan(10);
    const stored = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(stored).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 204 });
  });

  it("retries a failed attempt on the schedule with the same id, and records every attempt", async () => {
    const { actor, endpoint } = await accountWithEndpoint();
    receiver.answers = [{ status: 500, body: "boom" }, { status: 200 }];
    await buy(actor);
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 0 });
    await waitUntilDue();
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 1, succeeded: 1 });
    const [first, second] = receiver.received;
    expect(first!.id).toBe(second!.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, include: { attemptLog: true } });
    expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(delivery.attemptLog[0]!.responseExcerpt).toBe("boom");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it("gives a throttled delivery up, rather than retry it, once a Retry-After would fall past the schedule's length", async () => {
    // The tests' schedule lasts 700 ms from the first attempt; Retry-After is at least a second.
    const { actor, endpoint } = await accountWithEndpoint();
    receiver.answers = [{ status: 429, headers: { "retry-after": "1" } }];
    await buy(actor);
    expect(await deliverDueWebhooks()).toMatchObject({ claimed: 1, failed: 1 });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, throttledAttempts: 0, lastStatusCode: 429 });
  });

  it("gives up when the schedule is spent, and a resend of failed events sends them again", async () => {
    const { actor, accountId, endpoint } = await accountWithEndpoint();
    receiver.answers = [{ status: 500 }];
    const since = new Date(Date.now() - 1000).toISOString();
    await buy(actor);
    for (let attempt = 0; attempt <= env.WEBHOOK_RETRY_SCHEDULE_MS.length; attempt++) {
      await drain();
      await waitUntilDue();
    }
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "failed", attempts: env.WEBHOOK_RETRY_SCHEDULE_MS.length + 1 });
    expect(receiver.received).toHaveLength(env.WEBHOOK_RETRY_SCHEDULE_MS.length + 1);

    receiver.answers = [{ status: 204 }];
    expect(await resendFailedWebhooks(actor, endpoint.id, { since })).toEqual({ resent: 1 });
    await drain();
    expect(receiver.received.at(-1)!.id).toBe(delivery.eventId);
    expect((await eventsOf(accountId)).filter((event) => event.id === delivery.eventId)).toHaveLength(1);
  });

  it("disables the endpoint on 410 Gone and sends it nothing more", async () => {
    const { actor, endpoint } = await accountWithEndpoint();
    receiver.answers = [{ status: 410 }];
    await buy(actor);
    await buy(actor);
    await drain();
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("410") });
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.every((delivery) => delivery.status === "failed")).toBe(true);
    await buy(actor);
    await drain();
    expect(receiver.received.length).toBeLessThanOrEqual(2);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(deliveries.length);
  });

  it("disables an endpoint that has failed for WEBHOOK_DISABLE_AFTER_HOURS", async () => {
    const { actor, endpoint } = await accountWithEndpoint();
    receiver.answers = [{ status: 500 }];
    const longAgo = new Date(Date.now() - env.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000 - 60_000);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: longAgo } });
    await buy(actor);
    await drain();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining("failed for"),
    });
    // Re-enabled by its owner: the notice and the streak are cleared.
    await updateWebhookEndpoint(actor, endpoint.id, { enabled: true });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it("delivers the events of one transaction in order, the later one waiting for the earlier", async () => {
    const { actor } = await accountWithEndpoint(["transaction.pending", "transaction.successful"]);
    receiver.answers = [{ status: 500 }, { status: 204 }];
    const pending = await buy(actor, "08031231111");
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    await drain(); // the pending event fails once; the successful one must not overtake it
    expect(receiver.received.map((delivery) => delivery.payload.type)).toEqual(["transaction.pending"]);
    await waitUntilDue();
    await drain();
    await drain();
    expect(receiver.received.map((delivery) => delivery.payload.type)).toEqual([
      "transaction.pending",
      "transaction.pending",
      "transaction.successful",
    ]);
    expect(receiver.received.every((delivery) => delivery.payload.data.id === pending.id)).toBe(true);
  });

  it("signs with both secrets while a rotation overlaps", async () => {
    const { actor, endpoint } = await accountWithEndpoint();
    const rotated = await rotateWebhookSecret(actor, endpoint.id, { overlapHours: 1 });
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.secretRotatedUntil).toEqual(expect.any(String));
    receiver.secrets = [endpoint.secret];
    await buy(actor);
    await drain();
    receiver.secrets = [rotated.secret];
    await buy(actor);
    await drain();
    expect(receiver.received.map((delivery) => delivery.verifiedBy)).toEqual([0, 0]);
    expect(receiver.received[0]!.signature.split(" ")).toHaveLength(2);

    await rotateWebhookSecret(actor, endpoint.id, { overlapHours: 0 });
    receiver.secrets = [endpoint.secret, rotated.secret];
    await buy(actor);
    await drain();
    expect(receiver.received.at(-1)!.verifiedBy).toBeNull();
    expect(receiver.received.at(-1)!.signature.split(" ")).toHaveLength(1);
  });

  it("sends each delivery once when several workers pass at the same time", async () => {
    const { actor } = await accountWithEndpoint();
    receiver.answers = [{ status: 204, delayMs: 30 }];
    for (let index = 0; index < 12; index++) await buy(actor);
    await Promise.all([deliverDueWebhooks(4), deliverDueWebhooks(4), deliverDueWebhooks(4), deliverDueWebhooks(4)]);
    await drain();
    const ids = receiver.received.map((delivery) => delivery.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it("sends a test event to the endpoint alone, and keeps it out of the events list", async () => {
    const { accountId, endpoint } = await accountWithEndpoint(["wallet.funded"]);
    const { eventId } = await sendTestWebhook(operator, endpoint.id);
    await drain();
    expect(receiver.received.at(-1)!.payload).toMatchObject({ id: eventId, type: "webhook.test" });
    const listed = await listWebhookEvents(operator, accountId, { limit: 100 });
    expect(listed.data.map((event) => event.id)).not.toContain(eventId);
  });
});

describe("the claim", () => {
  // Statistics taken when nothing was pending once made the claim's NOT EXISTS a join that read the whole
  // pending-only order index for every candidate (docs/performance.md "Webhook delivery"). Kept a
  // subplan, it can only be a probe of that index, whatever the statistics say.
  it("plans its NOT EXISTS as a per-candidate probe of the order index, never as a join", async () => {
    const [definition] = await db.$queryRaw<{ body: string; settings: string[] }[]>`
      SELECT prosrc AS body, proconfig AS settings FROM pg_proc WHERE proname = 'claim_webhook_deliveries'`;
    const query = definition!.body.replaceAll("p_limit", "16").replaceAll("p_lease_seconds", "30");
    const text = await db.$transaction(async (tx) => {
      for (const setting of definition!.settings) await tx.$executeRawUnsafe(`SET LOCAL ${setting}`);
      return planOf(Prisma.raw(query), "", tx);
    });
    expect(text).not.toMatch(/Anti Join/);
    expect(text).toMatch(/SubPlan[\s\S]*webhook_deliveries_order_idx/);
  });
});

describe("addresses", () => {
  it("refuses loopback, private and link-local addresses at delivery, after DNS, unless allowed", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        const result = await sendWebhook({
          url,
          id: "evt_test",
          body: "{}",
          secrets: ["whsec_" + "A".repeat(43) + "="],
          allowPrivateAddresses: false,
        });
        expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining("not public") });
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("refuses such URLs when an endpoint is saved, and anything but https", () => {
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[::ffff:192.168.0.1]/hook",
      "https://localhost/hook",
      "https://user:pass@example.com/hook",
      // Disguises the parser does not undo by itself (issues 30 and 31): a fully qualified local name,
      // and an IPv4 address inside an IPv6 one.
      "https://LOCALHOST./hook",
      "https://localhost.:8443/hook",
      "https://hooks.localhost./hook",
      "https://[::127.0.0.1]/hook",
      "https://[::7f00:1]/hook",
      "https://[::8.8.8.8]/hook",
      "https://[::]/hook",
      // And some it does undo, kept here so a change of parser cannot let them through.
      "https://127.0.0.1./hook",
      "https://2130706433/hook",
      "https://0x7f.1/hook",
    ]) {
      expect(endpointUrlProblem(url, false), url).not.toBeNull();
    }
    for (const url of ["https://hooks.example.com/vtu?x=1", "https://hooks.example.com./vtu", "https://[2001:4860:4860::8888]/hook"]) {
      expect(endpointUrlProblem(url, false), url).toBeNull();
    }
  });

  it("tells a developer the switch that would allow a local receiver, and only a developer", () => {
    const hint = "WEBHOOK_ALLOW_PRIVATE_URLS=1";
    for (const url of [
      "http://127.0.0.1:4000/hook",
      "https://localhost/hook",
      "https://192.168.1.20/hook",
      "http://hooks.example.com/vtu",
    ]) {
      expect(endpointUrlProblem(url, false, true), url).toContain(hint);
      // In production the reason alone: the switch is for development and tests, never for a live service.
      expect(endpointUrlProblem(url, false, false), url).not.toContain(hint);
      expect(endpointUrlProblem(url, false, false), url).not.toBeNull();
    }
    // Refusals the switch would not lift do not mention it.
    for (const url of ["https://user:pass@127.0.0.1/hook", "ftp://127.0.0.1/hook", "https://example.com/hook#x"]) {
      expect(endpointUrlProblem(url, false, true), url).not.toContain(hint);
    }
  });

  it("follows the Standard Webhooks schedule by default", () => {
    const hours = (h: number) => h * 3_600_000;
    expect(parseEnv({}).WEBHOOK_RETRY_SCHEDULE_MS).toEqual([
      5_000,
      300_000,
      1_800_000,
      hours(2),
      hours(5),
      hours(10),
      hours(14),
      hours(20),
      hours(24),
    ]);
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE_MS: "5s,1m" })).toThrow("WEBHOOK_RETRY_SCHEDULE_MS");
    const first = { attempts: 0, throttledAttempts: 0, firstAttemptAt: null };
    const failed = { statusCode: 500, retryAfterMs: null };
    expect(nextStep(first, failed, { random: () => 0.5 })).toEqual({
      status: "pending",
      delayMs: env.WEBHOOK_RETRY_SCHEDULE_MS[0],
      throttled: false,
    });
    expect(nextStep(first, failed, { random: () => 0 })).toMatchObject({ delayMs: Math.round(env.WEBHOOK_RETRY_SCHEDULE_MS[0]! * 0.9) });
    expect(nextStep({ ...first, attempts: env.WEBHOOK_RETRY_SCHEDULE_MS.length }, failed)).toEqual({ status: "failed" });
    expect(nextStep(first, { statusCode: 204, retryAfterMs: null })).toEqual({ status: "succeeded" });
    expect(nextStep(first, { statusCode: 410, retryAfterMs: null })).toEqual({ status: "failed" });
  });

  it("waits out a throttle (429/503 with Retry-After) without using up an attempt, for as long as the schedule lasts", () => {
    const schedule = parseEnv({}).WEBHOOK_RETRY_SCHEDULE_MS;
    const horizon = schedule.reduce((total, pause) => total + pause, 0);
    const now = Date.parse("2026-06-01T12:00:00Z");
    const at = (msAgo: number) => new Date(now - msAgo);
    const throttled = (seconds: number) => ({ statusCode: 429, retryAfterMs: seconds * 1_000 });
    const options = { now, schedule, random: () => 0.5 };

    expect(nextStep({ attempts: 0, throttledAttempts: 0, firstAttemptAt: null }, throttled(120), options)).toEqual({
      status: "pending",
      delayMs: 120_000,
      throttled: true,
    });
    // Ten throttles in ten seconds leave the whole schedule to run: the next failure waits its first step.
    const afterTenThrottles = { attempts: 10, throttledAttempts: 10, firstAttemptAt: at(10_000) };
    expect(nextStep(afterTenThrottles, throttled(1), options)).toMatchObject({ status: "pending", delayMs: 1_000 });
    expect(nextStep(afterTenThrottles, { statusCode: 500, retryAfterMs: null }, options)).toEqual({
      status: "pending",
      delayMs: schedule[0],
      throttled: false,
    });
    // Retry-After in seconds or as a date; longer than a day is cut to a day (send-webhook.ts).
    expect(retryAfterMs("120")).toBe(120_000);
    expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryAfterMs(String(3 * 86_400))).toBe(86_400_000);
    expect(retryAfterMs("soon")).toBeNull();
    // A 503 that says when is a throttle too; "0" is waited a second, not retried in a loop.
    expect(nextStep(afterTenThrottles, { statusCode: 503, retryAfterMs: 0 }, options)).toMatchObject({ delayMs: 1_000, throttled: true });
    // Throttled for as long as the schedule lasts: given up, as a failing delivery would be by then.
    const nearTheEnd = { attempts: 50, throttledAttempts: 48, firstAttemptAt: at(horizon - 30_000) };
    expect(nextStep(nearTheEnd, throttled(20), options)).toMatchObject({ status: "pending" });
    expect(nextStep(nearTheEnd, throttled(60), options)).toEqual({ status: "failed" });
    // Throttles do not count, failures do: the schedule's steps are spent by the failures alone.
    expect(
      nextStep(
        { attempts: 50, throttledAttempts: 50 - schedule.length, firstAttemptAt: at(60_000) },
        { statusCode: 500, retryAfterMs: null },
        options,
      ),
    ).toEqual({
      status: "failed",
    });
  });
});
