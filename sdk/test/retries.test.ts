/**
 * The SDK's retries against the production server: a purchase whose answer the network lost is sent
 * again with the same reference and charged once; a 429 is retried after its Retry-After; a 503 is
 * retried and then thrown as the typed error; a non-idempotent change is not resent after a lost answer.
 */
import { ApiError, NetworkError, ResellerClient } from "reseller-purchase-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { freePort } from "~/server/http/free-port";
import { balanceOf, fundedAccount, ledgerOf } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";
import { startTcpProxy, type TcpProxy } from "~/test/tcp-proxy";

const RATE_LIMIT = 3;

let server: TestServer;
/** Three requests per key per 2 s. */
let limited: TestServer;
/**
 * An upstream that cannot be reached: every verification a 503. (Not the rate-limited server: a purchase
 * there is refused before it is sent, a definite "not executed", so it fails rather than going through.)
 */
let unreachable: TestServer;
/** Between the SDK and `server`: loses an answer when told to. */
let network: TcpProxy;

beforeAll(async () => {
  [server, limited, unreachable] = await Promise.all([
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL! }),
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, API_RATE_LIMIT: String(RATE_LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: "2" }),
    startTestServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      VEND_PROVIDER: "http",
      VEND_HTTP_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      VEND_HTTP_API_KEY: "unreachable",
      VEND_HTTP_RETRIES: "0",
    }),
  ]);
  network = await startTcpProxy({ host: "127.0.0.1", port: server.port });
}, 90_000);

/** The API's request log lines for one path, as the server wrote them. */
const requestsTo = (target: TestServer, route: string) =>
  target.logs().filter((line) => line.msg.startsWith("api request") && line.route === route);

describe("a purchase whose answer was lost", () => {
  it("is sent again with the same reference, and charged once: the retry is a replay", async () => {
    const account = await fundedAccount(100_000n);
    const client = new ResellerClient({ apiKey: account.apiKey, baseUrl: `http://127.0.0.1:${network.port}`, retryDelayMs: 1 });
    const before = requestsTo(server, "/api/v1/data").length;

    network.dropNextAnswer();
    const transaction = await client.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });

    // The server took the order twice: once on the connection that was cut, once on the retry.
    const handled = requestsTo(server, "/api/v1/data").slice(before);
    expect(handled.map((line) => line.status)).toEqual([201, 200]);
    expect(transaction).toMatchObject({ status: "successful", amount: 28_000, idempotentReplay: true });

    expect(await balanceOf(account.accountId)).toBe(100_000n - 28_000n);
    const purchases = (await ledgerOf(account.accountId)).filter((entry) => entry.kind === "PURCHASE");
    expect(purchases).toHaveLength(1);
    expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(1);
  });

  it("with retries exhausted, throws a NetworkError carrying the reference to look the order up by", async () => {
    const account = await fundedAccount(100_000n);
    const client = new ResellerClient({
      apiKey: account.apiKey,
      baseUrl: `http://127.0.0.1:${network.port}`,
      retryDelayMs: 1,
      maxRetries: 0,
    });
    network.dropNextAnswer();
    const error = await client
      .purchaseData({ clientReference: "lost-1", planId: "mtn-1gb-30d", phone: "08031234567" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).clientReference).toBe("lost-1");
    // The order was made; asking for it by its reference finds it, charged once.
    expect(await client.getTransaction("lost-1")).toMatchObject({ clientReference: "lost-1", status: "successful" });
    expect(await balanceOf(account.accountId)).toBe(100_000n - 28_000n);
  });

  it("is not resent when the call is not idempotent: creating a webhook endpoint twice would make two", async () => {
    const account = await fundedAccount(0n);
    const client = new ResellerClient({ apiKey: account.apiKey, baseUrl: `http://127.0.0.1:${network.port}`, retryDelayMs: 1 });
    network.dropNextAnswer();
    await expect(client.createWebhookEndpoint({ url: "http://127.0.0.1:9/hooks" })).rejects.toBeInstanceOf(NetworkError);
    expect((await client.listWebhookEndpoints()).data).toHaveLength(1);
  });
});

describe("answers that say to come back", () => {
  it("waits out a 429's Retry-After, then the purchase goes through, once", async () => {
    const account = await fundedAccount(100_000n);
    const client = new ResellerClient({ apiKey: account.apiKey, baseUrl: limited.url(""), retryDelayMs: 1 });
    for (let request = 0; request < RATE_LIMIT; request += 1) await client.getBalance();
    const started = performance.now();
    const transaction = await client.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });
    const waited = performance.now() - started;

    const answered = requestsTo(limited, "/api/v1/data").filter((line) => line.accountId === account.accountId);
    expect(answered.map((line) => line.status)).toEqual([429, 201]);
    // Retry-After is a whole number of seconds, at least 1; the backoff alone would have been 1 ms.
    expect(waited).toBeGreaterThanOrEqual(1_000);
    // Taken and charged once.
    expect(transaction).toMatchObject({ status: "successful", amount: 28_000 });
    expect(await balanceOf(account.accountId)).toBe(100_000n - 28_000n);
  });

  it("retries a 503, then throws it as the typed error", async () => {
    const account = await fundedAccount(0n);
    const client = new ResellerClient({ apiKey: account.apiKey, baseUrl: unreachable.url(""), retryDelayMs: 1, maxRetries: 2 });
    const error = (await client
      .verifyCustomer("electricity", { planId: "ikeja-electric-prepaid", customerId: "45012345678" })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: "provider.unavailable", status: 503 });
    const answered = requestsTo(unreachable, "/api/v1/bills/electricity/verify").filter((line) => line.accountId === account.accountId);
    expect(answered.map((line) => line.status)).toEqual([503, 503, 503]);
  });
});
