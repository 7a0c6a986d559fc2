/**
 * A receiver shedding load (429 or 503 with Retry-After) is waited for, not given up on (issue 31): a
 * throttled attempt does not use up an attempt of the retry schedule. Against the production server
 * and its delivery worker, with a schedule of four short steps and a long one (the tests' own is 700 ms
 * in all, shorter than any Retry-After), a purchase's event answered "429, Retry-After: 1" more times
 * than the schedule has attempts is delivered once the receiver takes it.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createWebhookEndpoint } from "~/server/services/webhooks/manage-webhook-endpoints";
import { request } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { startWebhookReceiver, type ReceiverAnswer } from "~/test/webhook-receiver";

const SCHEDULE_MS = [100, 200, 400, 60_000];
const server = useTestServer({ WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE_MS.join(","), WEBHOOK_POLL_INTERVAL_MS: "100" });

describe("a throttling receiver", () => {
  it("is retried after each Retry-After, beyond the schedule's number of attempts, until it takes the delivery", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { actor, auth } = await fundedAccount(1_000_000n);
      const endpoint = await createWebhookEndpoint(actor, null, { url: receiver.url, eventTypes: ["transaction.successful"] });
      receiver.secrets = [endpoint.secret];
      const throttle = (status: number): ReceiverAnswer => ({ status, headers: { "retry-after": "1" } });
      const answers = [throttle(429), throttle(429), throttle(503), throttle(429), throttle(429), throttle(429)];
      const arrivals: number[] = [];
      receiver.answerFor = () => (arrivals.push(Date.now()), answers.shift() ?? { status: 204 });

      const bought = await request(server.url("/api/v1/data"), {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ clientReference: reference("throttled"), planId: "mtn-1gb-30d", phone: "08031234567" }),
        localAddress: "127.0.0.1",
      });
      expect(bought.status, bought.text).toBe(201);

      const received = await receiver.waitFor(7, 30_000);
      expect(new Set(received.map((delivery) => delivery.id)).size).toBe(1);
      expect(received.every((delivery) => delivery.verifiedBy === 0)).toBe(true);
      // Each retry waited the second the receiver asked for.
      for (let index = 1; index < arrivals.length; index++) expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThanOrEqual(950);

      let delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, include: { attemptLog: true } });
      for (let wait = 0; delivery.status === "pending" && wait < 50; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, include: { attemptLog: true } });
      }
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 7, throttledAttempts: 6, lastStatusCode: 204 });
      expect(delivery.attemptLog.map((attempt) => attempt.statusCode).sort()).toEqual([204, 429, 429, 429, 429, 429, 503]);
      expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
        enabled: true,
        failingSince: null,
      });
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
