/**
 * The webhooks issue's "done when", end to end against the production server: a reseller's endpoint
 * hears about a pending purchase the moment the server's own reconciler settles it, signed so that
 * the `standardwebhooks` library verifies it, with the same Transaction object the REST API returns;
 * and the opt-in transaction.pending arrives first. Deliveries run in the server's worker, never in
 * the purchase's request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createWebhookEndpoint } from "~/server/services/webhooks/manage-webhook-endpoints";
import { request } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";

// The sandbox answers a recipient ending in 1111 "pending", and a requery settles it successful; the
// server's reconciler asks after a second, and the worker polls every 100 ms.
const server = useTestServer({ RECONCILE_GRACE_MS: "1000", RECONCILE_INTERVAL_MS: "200", WEBHOOK_POLL_INTERVAL_MS: "100" });

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

type Json = Record<string, unknown>;

describe("a pending purchase settled by the reconciler", () => {
  it("is delivered as transaction.pending, then transaction.successful once settled, signed and in order", async () => {
    const account = await fundedAccount(1_000_000n);
    const endpoint = await createWebhookEndpoint(account.actor, null, {
      url: receiver.url,
      eventTypes: ["transaction.pending", "transaction.successful", "transaction.failed"],
    });
    receiver.secrets = [endpoint.secret];
    // Slow to answer: a purchase must not wait for its delivery.
    receiver.answers = [{ status: 204, delayMs: 2_000 }, { status: 204 }];

    const clientReference = reference("wh-pending");
    const started = Date.now();
    const bought = await request(server.url("/api/v1/data"), {
      method: "POST",
      headers: { ...account.auth, "content-type": "application/json" },
      body: JSON.stringify({ clientReference, planId: "mtn-1gb-30d", phone: "08031231111" }),
    });
    expect(bought.status).toBe(201);
    expect((bought.json() as Json).status).toBe("pending");
    expect(Date.now() - started).toBeLessThan(1_500);

    const [pending, settled] = await receiver.waitFor(2, 20_000);
    expect([pending!.payload.type, settled!.payload.type]).toEqual(["transaction.pending", "transaction.successful"]);
    expect([pending!.verifiedBy, settled!.verifiedBy]).toEqual([0, 0]);

    const stored = await db.transaction.findFirstOrThrow({ where: { accountId: account.accountId, clientReference } });
    expect(stored.status).toBe("SUCCESSFUL");
    const rest = await request(server.url(`/api/v1/transactions/${clientReference}`), { headers: account.auth });
    expect(settled!.payload.data).toEqual(rest.json());
    // "The moment": the delivery went out right behind the settlement, not on some later sweep.
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: settled!.id } });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id }, include: { attemptLog: true } });
    const sentAfterMs = delivery.attemptLog[0]!.attemptedAt.getTime() - stored.completedAt!.getTime();
    expect(sentAfterMs).toBeLessThan(3_000);
    expect(event.createdAt.getTime()).toBe(stored.completedAt!.getTime());
  });
});
