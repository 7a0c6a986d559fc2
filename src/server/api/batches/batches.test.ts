/**
 * Batches (issue 36, DESIGN.md §7.1) over real sockets against the production server, with the batch
 * worker run in this process where a test needs to decide when orders are bought: the server here is
 * started with BATCH_WORKER=0, so nothing is bought until a test starts a worker (the same one every
 * server process runs, src/server/services/batches/batch-worker.ts). batch-crash-safety.test.ts proves
 * the server's own workers across a SIGKILL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { problemDetails } from "~/schemas/api";
import { batch as batchSchema, batchTransactionList } from "~/schemas/batches";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { startBatchWorker, type BatchWorkerOptions } from "~/server/services/batches/batch-worker";
import { claimBatchOrders } from "~/server/services/batches/claim-batch-orders";
import { processBatchOrder } from "~/server/services/batches/process-batch-order";
import { operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";

const server = useTestServer({ BATCH_WORKER: "0" });

type Auth = Record<string, string>;
type Json = Record<string, unknown>;

function call(auth: Auth, method: string, path: string, body?: unknown): Promise<HttpResponse> {
  return request(server.url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: "127.0.0.1",
  });
}

const airtime = (amount = 10_000, phone = "08031234567") => ({
  kind: "airtime",
  clientReference: reference("b-air"),
  networkId: "mtn",
  phone,
  amount,
});
const data = (phone = "08031234567") => ({ kind: "data", clientReference: reference("b-data"), planId: "mtn-1gb-30d", phone });
const cable = (customerId = "7012345678") => ({
  kind: "bill",
  service: "cable-tv",
  clientReference: reference("b-tv"),
  planId: "dstv-padi",
  customerId,
});

function problems(response: HttpResponse): Record<string, string> {
  return Object.fromEntries(problemDetails.parse(response.json()).errors.map((error) => [error.name, error.reason]));
}

let stopWorker: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stopWorker?.();
  stopWorker = null;
});

function runWorker(options: BatchWorkerOptions = {}) {
  stopWorker = startBatchWorker({ pollMs: 20, ...options });
}

async function completed(auth: Auth, batchReference: string) {
  let last: Json = {};
  await expect
    .poll(
      async () => {
        last = (await call(auth, "GET", `/api/v1/batches/${batchReference}`)).json() as Json;
        return last.status;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe("completed");
  return batchSchema.parse(last);
}

async function ordersOf(auth: Auth, batchReference: string) {
  const response = await call(auth, "GET", `/api/v1/batches/${batchReference}/transactions?limit=500`);
  expect(response.status).toBe(200);
  return batchTransactionList.parse(response.json()).data;
}

describe("POST /api/v1/batches: validated first", () => {
  it("answers every row's problems by path, schema and catalog alike, and accepts nothing", async () => {
    const account = await fundedAccount(10_000_000n);
    const first = data();
    const body = {
      batchReference: reference("batch"),
      orders: [
        first,
        { ...data(), phone: "12345" },
        { ...data(), planId: "no-such-plan" },
        { ...airtime(), clientReference: undefined },
        { ...airtime(), clientReference: first.clientReference },
        { ...airtime(), amount: 100_000_000 },
        { kind: "gas", clientReference: reference("b") },
        { ...cable(), service: "water" },
      ],
    };
    const response = await call(account.auth, "POST", "/api/v1/batches", body);
    expect(response.status, response.text).toBe(400);
    expect(Object.keys(problems(response))).toEqual([
      "orders[1].phone",
      "orders[2].planId",
      "orders[3].clientReference",
      "orders[4].clientReference",
      "orders[5].amount",
      "orders[6].kind",
      "orders[7].service",
    ]);
    expect(problems(response)["orders[4].clientReference"]).toContain("orders[0].clientReference");
    expect(await db.batch.count({ where: { accountId: account.accountId } })).toBe(0);
    expect(await balanceOf(account.accountId)).toBe(10_000_000n);
    expect((await call(account.auth, "GET", `/api/v1/batches/${body.batchReference}`)).status).toBe(404);
  });

  it("refuses the batch and its reference when it holds no orders, too many, or no reference", async () => {
    const account = await fundedAccount(10_000_000n);
    expect(problems(await call(account.auth, "POST", "/api/v1/batches", { batchReference: reference("b"), orders: [] }))).toHaveProperty(
      "orders",
    );
    const tooMany = Array.from({ length: 5_001 }, () => ({ kind: "airtime" }));
    expect(
      problems(await call(account.auth, "POST", "/api/v1/batches", { batchReference: reference("b"), orders: tooMany })),
    ).toHaveProperty("orders");
    expect(problems(await call(account.auth, "POST", "/api/v1/batches", { orders: [airtime()] }))).toHaveProperty("batchReference");
  });

  it("is 402 when the balance does not cover the total, and nothing is accepted", async () => {
    const account = await fundedAccount(25_000n);
    const body = { batchReference: reference("batch"), orders: [airtime(), airtime(), airtime()] };
    const response = await call(account.auth, "POST", "/api/v1/batches", body);
    expect(response.status).toBe(402);
    expect(problemDetails.parse(response.json()).errors).toEqual([
      { name: "wallet.insufficient_funds", reason: expect.stringContaining("30000") },
    ]);
    expect((await call(account.auth, "GET", `/api/v1/batches/${body.batchReference}`)).status).toBe(404);
    // What it covers is accepted.
    expect((await call(account.auth, "POST", "/api/v1/batches", { ...body, orders: body.orders.slice(1) })).status).toBe(202);
  });
});

describe("a batch accepted", () => {
  it("is 202, bought in the background as ordinary purchases of the key, counted, and announced by batch.completed", async () => {
    const account = await fundedAccount(10_000_000n);
    // An endpoint made with the default event types takes batch.completed.
    const endpoint = await call(account.auth, "POST", "/api/v1/webhook-endpoints", { url: "https://example.com/hooks/batches" });
    expect(endpoint.status, endpoint.text).toBe(201);
    expect((endpoint.json() as { eventTypes: string[] }).eventTypes).toContain("batch.completed");
    const orders = [data(), airtime(20_000), cable(), airtime(10_000, "08031230000")];
    const body = { batchReference: reference("batch"), orders };
    const accepted = await call(account.auth, "POST", "/api/v1/batches", body);
    expect(accepted.status, accepted.text).toBe(202);
    const view = batchSchema.parse(accepted.json());
    expect(view).toMatchObject({
      status: "accepted",
      counts: { total: 4, pending: 4, successful: 0, failed: 0 },
      spent: 0,
      livemode: true,
    });
    // Nothing is bought inside the request, nor without a worker.
    expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(0);

    runWorker();
    const done = await completed(account.auth, body.batchReference);
    expect(done).toMatchObject({ id: view.id, counts: { total: 4, pending: 0, successful: 3, failed: 1 }, stoppedReason: null });
    expect(done.completedAt).not.toBeNull();

    const transactions = await db.transaction.findMany({ where: { accountId: account.accountId } });
    expect(transactions).toHaveLength(4);
    // Recorded as a single purchase by this key would be.
    for (const row of transactions)
      expect(row).toMatchObject({ channel: "API", apiKeyId: account.keyId, sourceIp: "127.0.0.1", livemode: true });
    const spent = transactions.filter((row) => row.status === "SUCCESSFUL").reduce((sum, row) => sum + row.amount, 0n);
    expect(BigInt(done.spent)).toBe(spent);
    expect(await balanceOf(account.accountId)).toBe(10_000_000n - spent);

    const listed = await ordersOf(account.auth, body.batchReference);
    expect(listed.map((order) => [order.position, order.clientReference, order.status])).toEqual([
      [0, orders[0]!.clientReference, "successful"],
      [1, orders[1]!.clientReference, "successful"],
      [2, orders[2]!.clientReference, "successful"],
      [3, orders[3]!.clientReference, "failed"],
    ]);
    expect(listed[3]?.transaction?.status).toBe("failed");
    expect(listed[0]?.transaction?.clientReference).toBe(orders[0]!.clientReference);

    const events = await db.webhookEvent.findMany({ where: { accountId: account.accountId, type: "batch.completed" } });
    expect(events).toHaveLength(1);
    expect(await db.webhookDelivery.count({ where: { eventId: events[0]!.id } })).toBe(1);
    const listedEvents = (await call(account.auth, "GET", "/api/v1/events?type=batch.completed")).json() as { data: { data: Json }[] };
    expect(listedEvents.data.map((event) => event.data)).toEqual([{ ...done }]);
  });

  it("pages its transactions with a cursor", async () => {
    const account = await fundedAccount(10_000_000n);
    const body = { batchReference: reference("batch"), orders: [airtime(), airtime(), airtime()] };
    expect((await call(account.auth, "POST", "/api/v1/batches", body)).status).toBe(202);
    const first = batchTransactionList.parse(
      (await call(account.auth, "GET", `/api/v1/batches/${body.batchReference}/transactions?limit=2`)).json(),
    );
    expect(first.data.map((order) => order.position)).toEqual([0, 1]);
    expect(first.data.every((order) => order.status === "pending" && order.transaction === null)).toBe(true);
    const rest = batchTransactionList.parse(
      (await call(account.auth, "GET", `/api/v1/batches/${body.batchReference}/transactions?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(rest).toMatchObject({ data: [{ position: 2 }], nextCursor: null });
  });

  it("posted again is the same batch (Idempotent-Replay); its reference with other orders is 409", async () => {
    const account = await fundedAccount(10_000_000n);
    const body = { batchReference: reference("batch"), orders: [airtime(), data()] };
    const first = await call(account.auth, "POST", "/api/v1/batches", body);
    expect(first.status).toBe(202);
    // Another spelling of the same orders (a phone in +234 form) is the same batch.
    const again = await call(account.auth, "POST", "/api/v1/batches", {
      ...body,
      orders: [body.orders[0], { ...body.orders[1], phone: "+2348031234567" }],
    });
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replay"]).toBe("true");
    expect((again.json() as Json).id).toBe((first.json() as Json).id);

    const conflict = await call(account.auth, "POST", "/api/v1/batches", { ...body, orders: [airtime()] });
    expect(conflict.status).toBe(409);
    expect(problemDetails.parse(conflict.json()).errors.map((error) => error.name)).toEqual(["batch.idempotency_conflict"]);
    expect(await db.batch.count({ where: { accountId: account.accountId } })).toBe(1);
    expect(await db.batchOrder.count({ where: { accountId: account.accountId } })).toBe(2);

    // Two at once are still one batch.
    const racing = { batchReference: reference("batch"), orders: [airtime(), airtime()] };
    const answers = await Promise.all([1, 2, 3].map(() => call(account.auth, "POST", "/api/v1/batches", racing)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 202]);
    expect(await db.batch.count({ where: { accountId: account.accountId, batchReference: racing.batchReference } })).toBe(1);
  });

  it("treats an order whose reference is already in use as that purchase: a replay never charged again, or a 409 on the row", async () => {
    const account = await fundedAccount(10_000_000n);
    const bought = airtime(20_000);
    const single = await call(account.auth, "POST", "/api/v1/airtime", { ...bought, kind: undefined });
    expect(single.status).toBe(201);
    const clash = airtime(30_000);
    expect((await call(account.auth, "POST", "/api/v1/airtime", { ...clash, kind: undefined, amount: 40_000 })).status).toBe(201);
    const before = await balanceOf(account.accountId);

    const body = { batchReference: reference("batch"), orders: [bought, clash, airtime(10_000)] };
    const accepted = batchSchema.parse((await call(account.auth, "POST", "/api/v1/batches", body)).json());
    // Only the new order counts toward what the balance must cover.
    expect(accepted.amount).toBe(10_000);

    runWorker();
    const done = await completed(account.auth, body.batchReference);
    expect(done.counts).toEqual({ total: 3, pending: 0, successful: 2, failed: 1 });
    expect(done.spent).toBe(10_000);
    expect(await balanceOf(account.accountId)).toBe(before - 10_000n);
    const listed = await ordersOf(account.auth, body.batchReference);
    expect(listed[0]).toMatchObject({ status: "successful", error: null });
    expect(listed[0]?.transaction?.id).toBe((single.json() as Json).id);
    expect(listed[1]).toMatchObject({ status: "failed", transaction: null, error: { name: "transaction.idempotency_conflict" } });
    expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(3);
  });

  it("stops when the wallet no longer covers an order: the rest fail with wallet.insufficient_funds, uncharged, and the batch says so", async () => {
    const account = await fundedAccount(100_000n);
    const body = { batchReference: reference("batch"), orders: Array.from({ length: 5 }, () => airtime(10_000)) };
    expect((await call(account.auth, "POST", "/api/v1/batches", body)).status).toBe(202);
    // Another purchase drains the wallet after acceptance: 25,000 left covers two orders.
    expect((await call(account.auth, "POST", "/api/v1/airtime", { ...airtime(75_000), kind: undefined })).status).toBe(201);

    runWorker({ concurrency: 1, perAccount: 1 });
    const done = await completed(account.auth, body.batchReference);
    expect(done).toMatchObject({
      counts: { total: 5, pending: 0, successful: 2, failed: 3 },
      spent: 20_000,
      stoppedReason: "wallet.insufficient_funds",
    });
    expect(await balanceOf(account.accountId)).toBe(5_000n);
    const listed = await ordersOf(account.auth, body.batchReference);
    expect(listed.map((order) => order.error?.name ?? order.status)).toEqual([
      "successful",
      "successful",
      "wallet.insufficient_funds",
      "wallet.insufficient_funds",
      "wallet.insufficient_funds",
    ]);
    expect(listed.slice(2).every((order) => order.transaction === null)).toBe(true);
    // Only the drain and the two orders were ever charged.
    expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(3);
  });

  it("with a pk_test_ key uses the test wallet and the sandbox, apart from the live batches", async () => {
    const account = await fundedAccount(1_000_000n);
    const { apiKey } = await createApiKey(operator, { accountId: account.accountId, name: uniqueName("test"), mode: "test" });
    const test = { authorization: `Bearer ${apiKey}` };
    const testBefore = await balanceOf(account.accountId, false);
    const body = { batchReference: reference("batch"), orders: [airtime(10_000), data()] };
    const accepted = batchSchema.parse((await call(test, "POST", "/api/v1/batches", body)).json());
    expect(accepted.livemode).toBe(false);
    // The live key does not see it, and may use the same reference for a live batch of its own.
    expect((await call(account.auth, "GET", `/api/v1/batches/${body.batchReference}`)).status).toBe(404);

    runWorker();
    const done = await completed(test, body.batchReference);
    expect(done.counts.successful).toBe(2);
    expect(await balanceOf(account.accountId, false)).toBe(testBefore - BigInt(done.spent));
    expect(await balanceOf(account.accountId)).toBe(1_000_000n);
    const rows = await db.transaction.findMany({ where: { accountId: account.accountId } });
    expect(rows.map((row) => row.livemode)).toEqual([false, false]);
  });
});

describe("the batch workers", () => {
  it("claim at most the account's limit at once across every worker, other accounts' orders beside them", async () => {
    const [one, other] = await Promise.all([fundedAccount(10_000_000n), fundedAccount(10_000_000n)]);
    for (const account of [one, other]) {
      const body = { batchReference: reference("batch"), orders: Array.from({ length: 4 }, () => airtime()) };
      expect((await call(account.auth, "POST", "/api/v1/batches", body)).status).toBe(202);
    }
    const mine = (orders: { maker: { accountId: string } }[], account: { accountId: string }) =>
      orders.filter((order) => order.maker.accountId === account.accountId).length;
    const first = await claimBatchOrders({ limit: 100, perAccount: 3, leaseMs: 60_000 });
    const second = await claimBatchOrders({ limit: 100, perAccount: 3, leaseMs: 60_000 });
    expect([mine(first, one), mine(first, other)]).toEqual([3, 3]);
    // The limit counts what the first worker holds: the second gets nothing of these accounts.
    expect([mine(second, one), mine(second, other)]).toEqual([0, 0]);
  });

  it("claim an order again once its lease ran out, and buying it twice charges it once", async () => {
    const account = await fundedAccount(1_000_000n);
    const body = { batchReference: reference("batch"), orders: [airtime(10_000)] };
    expect((await call(account.auth, "POST", "/api/v1/batches", body)).status).toBe(202);
    const ofAccount = async (leaseMs: number) =>
      (await claimBatchOrders({ limit: 100, perAccount: 10, leaseMs })).filter((order) => order.maker.accountId === account.accountId);
    const [claimed] = await ofAccount(1_000);
    expect(claimed?.attempts).toBe(1);
    // Leased: nobody else gets it.
    expect(await ofAccount(60_000)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The first worker "died": another claims the order.
    const [again] = await ofAccount(60_000);
    expect(again).toMatchObject({ id: claimed!.id, attempts: 2 });

    // Both buy it (the first was only slow): one purchase, one charge, one outcome.
    const results = await Promise.all([processBatchOrder(claimed!), processBatchOrder(again!)]);
    expect(results.filter(Boolean)).toEqual([true]);
    expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(1);
    expect(await balanceOf(account.accountId)).toBe(990_000n);
    const done = await completed(account.auth, body.batchReference);
    expect(done.counts).toEqual({ total: 1, pending: 0, successful: 1, failed: 0 });
  });
});
