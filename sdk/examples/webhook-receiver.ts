/**
 * A webhook receiver: verifies each delivery's signature with the endpoint's secret and acts on the
 * event once (deliveries are retried until answered with 2xx, with the same event id).
 *   RESELLER_WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx examples/webhook-receiver.ts
 * Register it with client.createWebhookEndpoint({ url: "https://your-host/webhooks" }) and keep the
 * `secret` that answer shows once.
 */
import http from "node:http";
import { verifyWebhook, WebhookVerificationError } from "reseller-purchase-sdk";

const secret = process.env.RESELLER_WEBHOOK_SECRET ?? "";
/** Event ids already handled; a real receiver keeps them in its database. */
const handled = new Set<string>();

async function receive(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    // The raw body, exactly as received: the signature covers its bytes.
    const event = verifyWebhook(Buffer.concat(chunks), request.headers, secret);
    if (!handled.has(event.id)) {
      handled.add(event.id);
      switch (event.type) {
        case "transaction.successful":
          console.log(`${event.id}: ${event.data.clientReference} delivered (${event.data.productName})`);
          break;
        case "transaction.failed":
          console.log(`${event.id}: ${event.data.clientReference} failed and was refunded: ${event.data.failureReason}`);
          break;
        case "wallet.low_balance":
          console.log(`${event.id}: balance ₦${event.data.balance / 100} is below ₦${event.data.amount / 100}`);
          break;
        default:
          console.log(`${event.id}: ${event.type}`);
      }
    }
    response.writeHead(204).end();
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      response.writeHead(400).end("bad signature");
    } else {
      // Not acknowledged: the platform retries the event later.
      console.error(error);
      response.writeHead(500).end();
    }
  }
}

const server = http.createServer((request, response) => void receive(request, response));

server.listen(Number(process.env.PORT ?? 4000), () => console.log(`listening on ${process.env.PORT ?? 4000}`));
