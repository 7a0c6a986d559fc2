/**
 * The SDK against the production server over real sockets (the built package, as a reseller imports
 * it): every operation of the OpenAPI document through its method, live and test keys, the typed
 * errors with the request id the server logged, and `for await` over every page.
 */
import { ApiError, ResellerClient, type Transaction } from "reseller-purchase-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { toLagosInputValue } from "~/components/dates";
import { createAccountWithKey } from "~/test/fixtures";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { startWebhookReceiver } from "~/test/webhook-receiver";

const server = useTestServer();

/** The operations this file called through the client, checked against the document at the end. */
const called = new Set<string>();
let account: Awaited<ReturnType<typeof fundedAccount>>;
let client: ResellerClient;

/** A client that records which operations were called (by the method's name, which is the operationId). */
function recordingClient(apiKey: string): ResellerClient {
  const target = new ResellerClient({ apiKey, baseUrl: server.url(""), retryDelayMs: 1 });
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        called.add(String(property));
        return (value as (...inner: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

/** What `read` finds, once it finds something (the worker records a delivery's answer after sending it). */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("not found in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  account = await fundedAccount(10_000_000n);
  client = recordingClient(account.apiKey);
});

describe("every operation, through its method", () => {
  it("reads the balance and the catalog, and verifies a customer", async () => {
    expect(client.mode).toBe("live");
    expect(await client.getBalance()).toEqual({ balance: 10_000_000, currency: "NGN", livemode: true });
    const plans = await client.listPlans({ networkId: "mtn" });
    expect(plans.data.length).toBeGreaterThan(0);
    expect(plans.data.every((plan) => plan.networkId === "mtn")).toBe(true);
    expect((await client.listNetworks()).data.map((network) => network.id)).toContain("airtel");
    const products = await client.listBillProducts("electricity");
    expect(products.data.map((product) => product.planId)).toContain("ikeja-electric-prepaid");
    const customer = await client.verifyCustomer("electricity", { planId: "ikeja-electric-prepaid", customerId: "45012345678" });
    expect(customer).toMatchObject({ customerId: "45012345678", planId: "ikeja-electric-prepaid" });
    expect(customer.customerName.length).toBeGreaterThan(0);
  });

  it("buys data, airtime and bills, making up a reference when none is given", async () => {
    const data = await client.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });
    expect(data).toMatchObject({ service: "Data", status: "successful", planId: "mtn-1gb-30d", amount: 28_000, livemode: true });
    expect(data.clientReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.idempotentReplay).toBeUndefined();

    const airtimeReference = reference("airtime");
    const airtime = await client.purchaseAirtime({
      clientReference: airtimeReference,
      networkId: "airtel",
      phone: "08021234567",
      amount: 50_000,
    });
    expect(airtime).toMatchObject({ service: "Airtime", clientReference: airtimeReference, amount: 50_000, status: "successful" });

    const electricity = await client.payBill("electricity", {
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
      amount: 500_000,
    });
    expect(electricity).toMatchObject({ service: "Electricity", status: "successful", amount: 500_000 });
    expect(electricity.token).toMatch(/^\d{20}$/);

    expect(await balanceOf(account.accountId)).toBe(10_000_000n - 28_000n - 50_000n - 500_000n);
  });

  it("looks a transaction up, lists a page, and downloads the month's invoice", async () => {
    const bought = await client.purchaseData({ planId: "mtn-500mb-30d", phone: "08031234567" });
    expect(await client.getTransaction(bought.clientReference)).toEqual(bought);
    const page = await client.listTransactions({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));

    // The month of the purchase, in Lagos time, whatever today is.
    const period = toLagosInputValue(new Date(bought.createdAt)).slice(0, 7);
    expect(await client.getInvoiceCsv(period)).toContain(bought.clientReference);
    const pdf = await client.getInvoicePdf(period);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
  });

  it("manages a webhook endpoint and reads the account's events", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await client.createWebhookEndpoint({ url: receiver.url, description: "SDK test" });
      expect(created.secret).toMatch(/^whsec_/);
      expect((await client.listWebhookEndpoints()).data.map((endpoint) => endpoint.id)).toContain(created.id);
      expect(await client.getWebhookEndpoint(created.id)).toMatchObject({ id: created.id, description: "SDK test", enabled: true });
      expect(await client.updateWebhookEndpoint(created.id, { description: "renamed" })).toMatchObject({ description: "renamed" });
      const rotated = await client.rotateWebhookSecret(created.id, { overlapHours: 0 });
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(created.secret);
      const test = await client.sendTestWebhook(created.id);
      expect(test.eventId).toEqual(expect.any(String));
      await receiver.waitFor(1);
      const delivered = await eventually(async () => {
        const page = await client.listWebhookDeliveries(created.id, { status: "succeeded" });
        return page.data.find((delivery) => delivery.eventId === test.eventId);
      });
      expect(delivered.attempts.length).toBeGreaterThan(0);
      expect(await client.resendWebhookDelivery(created.id, delivered.id)).toEqual({ resent: 1 });
      expect(await client.resendFailedWebhooks(created.id, { since: new Date(Date.now() - 3_600_000).toISOString() })).toEqual({
        resent: 0,
      });
      const logged: string[] = [];
      for await (const delivery of client.allWebhookDeliveries(created.id, { limit: 1 })) logged.push(delivery.eventId);
      expect(logged).toEqual([test.eventId, test.eventId]);
      expect(await client.deleteWebhookEndpoint(created.id)).toEqual({ id: created.id, deleted: true });
    } finally {
      await receiver.close();
    }
    expect(await client.setLowBalanceThreshold({ threshold: 5_000_000 })).toEqual({ threshold: 5_000_000 });
    expect(await client.getLowBalanceThreshold()).toEqual({ threshold: 5_000_000 });
    expect(await client.setLowBalanceThreshold({ threshold: null })).toEqual({ threshold: null });
    const events = await client.listEvents({ type: "transaction.successful" });
    expect(events.data.length).toBeGreaterThan(0);
    expect(events.data.every((event) => event.type === "transaction.successful")).toBe(true);
  });

  it("reads the funding accounts and the fundings, and simulates a transfer with a test key", async () => {
    // Live funding by bank transfer is not configured on the test server: the list says so.
    expect(await client.listFundingAccounts()).toMatchObject({ data: [], available: false });
    const test = await createAccountWithKey({ mode: "test" });
    const testClient = recordingClient(test.apiKey);
    const before = (await testClient.getBalance()).balance;
    const funding = await testClient.simulateFunding({ amount: 500_000 });
    expect(funding.amount + funding.fee).toBe(500_000);
    expect((await testClient.getBalance()).balance).toBe(before + funding.amount);
    expect((await testClient.listFundings()).data.map((item) => item.id)).toContain(funding.id);
    const all: string[] = [];
    for await (const item of testClient.allFundings({ limit: 1 })) all.push(item.id);
    expect(all).toContain(funding.id);
    // A live key is refused: simulated money never reaches a live wallet.
    expect((await rejection(client.simulateFunding({ amount: 500_000 }))).name).toBe("funding.test_mode_only");
  });

  it("buys in bulk: creates a batch (twice is one batch), follows it to completed, and reads its orders", async () => {
    const batchReference = reference("sdk-batch");
    const orders = [
      { kind: "airtime" as const, clientReference: reference("sdk-b"), networkId: "mtn", phone: "08031234567", amount: 10_000 },
      { kind: "data" as const, clientReference: reference("sdk-b"), planId: "mtn-1gb-30d", phone: "08031234567" },
      {
        kind: "bill" as const,
        service: "cable-tv" as const,
        clientReference: reference("sdk-b"),
        planId: "dstv-padi",
        customerId: "7012345678",
      },
    ];
    const created = await client.createBatch({ batchReference, orders });
    expect(created).toMatchObject({ batchReference, counts: { total: 3 } });
    expect(await client.createBatch({ batchReference, orders })).toMatchObject({ id: created.id, idempotentReplay: true });
    await expect.poll(async () => (await client.getBatch(batchReference)).status, { timeout: 60_000, interval: 200 }).toBe("completed");
    expect((await client.getBatch(batchReference)).counts).toEqual({ total: 3, pending: 0, successful: 3, failed: 0 });
    const page = await client.listBatchTransactions(batchReference, { limit: 2 });
    expect(page.data.map((order) => order.clientReference)).toEqual(orders.slice(0, 2).map((order) => order.clientReference));
    const all: string[] = [];
    for await (const order of client.allBatchTransactions(batchReference, { limit: 2 })) all.push(order.transaction?.clientReference ?? "");
    expect(all).toEqual(orders.map((order) => order.clientReference));
  });

  it("reads the OpenAPI document, and has a method for each of its operations, each called above", async () => {
    const document = (await client.getOpenApiDocument()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(operationIds.length).toBeGreaterThan(20);
    for (const operationId of operationIds) expect(typeof Reflect.get(client, operationId), operationId).toBe("function");
    expect([...called].filter((name) => operationIds.includes(name)).sort()).toEqual([...operationIds].sort());
  });
});

describe("test and live keys", () => {
  it("buys with a test key from the sandbox and the test wallet, never the live one", async () => {
    const test = await createAccountWithKey({ mode: "test", funding: 1_000_000n });
    const testClient = new ResellerClient({ apiKey: test.apiKey, baseUrl: server.url("") });
    expect(testClient.mode).toBe("test");
    const before = await testClient.getBalance();
    expect(before.livemode).toBe(false);
    const transaction = await testClient.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });
    expect(transaction.livemode).toBe(false);
    expect((await testClient.getBalance()).balance).toBe(before.balance - 28_000);
    expect(await balanceOf(test.accountId)).toBe(1_000_000n);
  });

  it("refuses anything but an API key, and a base URL that is not http(s)", () => {
    expect(() => new ResellerClient({ apiKey: "sk_live_123", baseUrl: server.url("") })).toThrow(/pk_live_/);
    expect(() => new ResellerClient({ apiKey: "pk_live_x", baseUrl: "localhost:3000" })).toThrow(/http/);
  });
});

describe("typed errors from problem+json, with the request id the server logged", () => {
  it("names the error as the API does, and keeps the id support finds the request by", async () => {
    const broke = await fundedAccount(1_000n);
    const error = await rejection(
      new ResellerClient({ apiKey: broke.apiKey, baseUrl: server.url("") }).purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" }),
    );
    expect(error).toMatchObject({ name: "wallet.insufficient_funds", status: 402, title: "Insufficient funds" });
    expect(error.errors).toEqual([{ name: "wallet.insufficient_funds", reason: error.detail }]);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.logs().find((line) => line.requestId === error.requestId)).toMatchObject({
      outcome: "wallet.insufficient_funds",
      status: 402,
    });
    expect(await balanceOf(broke.accountId)).toBe(1_000n);
  });

  it("a 400 names the offending field, and lists every one", async () => {
    const error = await rejection(client.purchaseAirtime({ networkId: "airtel", phone: "123", amount: -5 }));
    expect(error.status).toBe(400);
    expect(error.name).toBe("phone");
    expect(error.errors.map((problem) => problem.name).sort()).toEqual(["amount", "phone"]);
  });

  it("401, 404 and 409 by their names", async () => {
    const stranger = new ResellerClient({ apiKey: "pk_live_notakeyatallnotakeyatallnotakey", baseUrl: server.url("") });
    expect(await rejection(stranger.getBalance())).toMatchObject({ name: "generalErrors", status: 401 });
    expect(await rejection(client.getTransaction("no-such-order"))).toMatchObject({ name: "transaction.not_found", status: 404 });
    const clientReference = reference("conflict");
    await client.purchaseData({ clientReference, planId: "mtn-1gb-30d", phone: "08031234567" });
    const conflict = await rejection(client.purchaseData({ clientReference, planId: "mtn-500mb-30d", phone: "08031234567" }));
    expect(conflict).toMatchObject({ name: "transaction.idempotency_conflict", status: 409 });
  });
});

describe("for await over paged lists", () => {
  it("yields every transaction and every event of a range, page after page", async () => {
    const paged = await fundedAccount(1_000_000n);
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const pagedClient = new ResellerClient({ apiKey: paged.apiKey, baseUrl: server.url(""), fetch: counting });
    const bought: Transaction[] = [];
    for (let index = 0; index < 5; index += 1)
      bought.push(await pagedClient.purchaseData({ planId: "mtn-500mb-30d", phone: "08031234567" }));

    requests = 0;
    const listed: string[] = [];
    for await (const transaction of pagedClient.allTransactions({ limit: 2 })) listed.push(transaction.clientReference);
    expect(listed.sort()).toEqual(bought.map((transaction) => transaction.clientReference).sort());
    expect(requests).toBe(3);

    const events: string[] = [];
    for await (const event of pagedClient.allEvents({ type: "transaction.successful", limit: 2 })) {
      if (event.type === "transaction.successful") events.push(event.data.clientReference);
    }
    expect(events.sort()).toEqual(listed.sort());
  });
});
