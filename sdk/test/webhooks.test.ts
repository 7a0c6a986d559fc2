/**
 * verifyWebhook on real deliveries: the production server signs and POSTs an event to a receiver on
 * loopback, and the SDK verifies the raw body and headers as they arrived and returns the typed event,
 * whose id is the delivery's `webhook-id`; a changed body, another secret or an old signature is refused.
 */
import { Webhook } from "standardwebhooks";
import { ResellerClient, verifyWebhook, WebhookVerificationError } from "reseller-purchase-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { fundedAccount } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from "~/test/webhook-receiver";

const server = useTestServer();

let receiver: WebhookReceiver;
let client: ResellerClient;
let secret: string;
let endpointId: string;

const headersOf = (delivery: ReceivedDelivery) => ({
  "webhook-id": delivery.id,
  "webhook-timestamp": delivery.timestamp,
  "webhook-signature": delivery.signature,
});

beforeAll(async () => {
  const account = await fundedAccount(1_000_000n);
  client = new ResellerClient({ apiKey: account.apiKey, baseUrl: server.url("") });
  receiver = await startWebhookReceiver();
  const endpoint = await client.createWebhookEndpoint({ url: receiver.url });
  secret = endpoint.secret;
  endpointId = endpoint.id;
  receiver.secrets = [secret];
  return () => receiver.close();
});

describe("verifyWebhook", () => {
  it("returns a purchase's event, typed, from the delivery as it arrived; its id is the webhook-id", async () => {
    const transaction = await client.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });
    const [delivery] = await receiver.waitFor(1);
    const event = verifyWebhook(delivery!.body, headersOf(delivery!), secret);
    expect(event.id).toBe(delivery!.id);
    expect(event.type).toBe("transaction.successful");
    if (event.type !== "transaction.successful") throw new Error("unreachable");
    expect(event.data).toMatchObject({ id: transaction.id, clientReference: transaction.clientReference, status: "successful" });

    // The same delivery given as bytes, with fetch's Headers, is the same event.
    const asBytes = verifyWebhook(new TextEncoder().encode(delivery!.body), new Headers(headersOf(delivery!)), secret);
    expect(asBytes).toEqual(event);
  });

  it("returns the test event an owner asks for", async () => {
    const { eventId } = await client.sendTestWebhook(endpointId);
    const deliveries = await receiver.waitFor(2);
    const delivery = deliveries.find((candidate) => candidate.id === eventId)!;
    const event = verifyWebhook(delivery.body, headersOf(delivery), secret);
    expect(event).toMatchObject({ id: eventId, type: "webhook.test", data: { endpointId } });
  });

  it("refuses a changed body, another endpoint's secret, and a signature from long ago", async () => {
    const [delivery] = await receiver.waitFor(1);
    const headers = headersOf(delivery!);
    expect(() => verifyWebhook(delivery!.body.replace("successful", "failed"), headers, secret)).toThrow(WebhookVerificationError);
    const other = await client.createWebhookEndpoint({ url: receiver.url });
    expect(() => verifyWebhook(delivery!.body, headers, other.secret)).toThrow(WebhookVerificationError);

    // Signed correctly, but an hour ago: a captured delivery replayed later.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const replayed = {
      ...headers,
      "webhook-timestamp": String(Math.floor(anHourAgo.getTime() / 1_000)),
      "webhook-signature": new Webhook(secret).sign(delivery!.id, anHourAgo, delivery!.body),
    };
    expect(() => verifyWebhook(delivery!.body, replayed, secret)).toThrow(WebhookVerificationError);
  });
});
