/**
 * Test mode over real sockets against the production server (docs/integrating.md "Test mode", issue 21): a pk_test_
 * key of an account buys with the account's test wallet through the sandbox, beside its live keys,
 * and nothing it does reaches the live wallet, ledger, invoices, margins, dashboard or live webhooks.
 * Each check the live API is held to (replay, 409, 402, races, pending settlement, the allowlist) is
 * made here with a test key, and with a live key on the same account and reference to show the two
 * worlds apart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { balanceResponse, problemDetails, transaction, transactionList } from "~/schemas/api";
import { webhookEndpointWithSecret } from "~/schemas/webhooks";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { getDashboardSummary } from "~/server/services/dashboard/get-dashboard-summary";
import { getInvoiceSummary } from "~/server/services/invoices/invoice-summary";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { getMarginReport } from "~/server/services/reports/margin-report";
import { resetTestWallet, topUpTestWallet } from "~/server/services/wallet/test-wallet";
import { TEST_WALLET_OPENING_BALANCE_KOBO } from "~/schemas/account-admin";
import { operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";

const server = useTestServer({ WEBHOOK_POLL_INTERVAL_MS: "100" });

type Auth = Record<string, string>;
type Json = Record<string, unknown>;
const OPENING = BigInt(TEST_WALLET_OPENING_BALANCE_KOBO);

function call(auth: Auth, method: string, path: string, body?: unknown, from = "127.0.0.1"): Promise<HttpResponse> {
  return request(server.url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: from,
  });
}

/** A funded account with a live key and a test key: the two worlds of one reseller. */
async function accountWithBothKeys(funding = 100_000n, options: Parameters<typeof fundedAccount>[1] = {}) {
  const account = await fundedAccount(funding, options);
  const test = await createApiKey(operator, { accountId: account.accountId, name: uniqueName("test-key"), mode: "test" });
  return { accountId: account.accountId, live: account.auth, test: { authorization: `Bearer ${test.apiKey}` }, testKey: test };
}

function buyData(auth: Auth, clientReference: string, phone = "08031234567", planId = "mtn-1gb-30d") {
  return call(auth, "POST", "/api/v1/data", { clientReference, planId, phone });
}

function problemNames(response: HttpResponse): string[] {
  return problemDetails.parse(response.json()).errors.map((error) => error.name);
}

describe("test keys", () => {
  it("begin with pk_test_, are stored by hash with their mode, and authenticate as test mode", async () => {
    const { accountId, test, testKey } = await accountWithBothKeys();
    expect(testKey.apiKey).toMatch(/^pk_test_[0-9A-Za-z]{40}$/);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: testKey.keyId } });
    expect(stored).toMatchObject({ accountId, prefix: "pk_test_", livemode: false });
    expect(JSON.stringify(stored)).not.toContain(testKey.apiKey);

    const balance = await call(test, "GET", "/api/v1/balance");
    expect(balance.status).toBe(200);
    expect(balanceResponse.parse(balance.json())).toEqual({ balance: Number(OPENING), currency: "NGN", livemode: false });
  });

  it("are refused once revoked, and a test-shaped key that does not exist gets 401 like a live one", async () => {
    const { test, testKey } = await accountWithBothKeys();
    await db.apiKey.update({ where: { id: testKey.keyId }, data: { revokedAt: new Date() } });
    expect((await call(test, "GET", "/api/v1/balance")).status).toBe(401);
    const unknown = await call({ authorization: `Bearer pk_test_${"A".repeat(40)}` }, "GET", "/api/v1/balance");
    expect(unknown.status).toBe(401);
    expect(problemNames(unknown)).toEqual(["generalErrors"]);
  });
});

describe("a test-mode purchase", () => {
  it("is charged to the test wallet, goes to the sandbox, says livemode false, and leaves the live wallet alone", async () => {
    const { accountId, live, test } = await accountWithBothKeys(100_000n);
    const response = await buyData(test, reference("t"));
    expect(response.status).toBe(201);
    const body = transaction.parse(response.json());
    expect(body).toMatchObject({ status: "successful", amount: 28_000, livemode: false });
    expect(body.providerReference).toMatch(/^SBX-/);

    expect(await balanceOf(accountId, false)).toBe(OPENING - 28_000n);
    expect(await balanceOf(accountId)).toBe(100_000n);
    expect(balanceResponse.parse((await call(live, "GET", "/api/v1/balance")).json())).toEqual({
      balance: 100_000,
      currency: "NGN",
      livemode: true,
    });
    // The live ledger holds only the live funding; the test ledger the opening balance and the purchase.
    expect((await ledgerOf(accountId)).map((entry) => entry.kind)).toEqual(["FUNDING"]);
    expect((await ledgerOf(accountId, false)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ["ADJUSTMENT", OPENING],
      ["PURCHASE", -28_000n],
    ]);
    const live201 = transaction.parse((await buyData(live, reference("l"))).json());
    expect(live201.livemode).toBe(true);
  });

  it("keeps clientReference unique per mode: the same one once live and once in test, each replaying in its own mode", async () => {
    const { accountId, live, test } = await accountWithBothKeys(100_000n);
    const clientReference = reference("both");
    const testFirst = await buyData(test, clientReference, "08031234567");
    const liveFirst = await buyData(live, clientReference, "08031234567", "mtn-2gb-30d");
    expect([testFirst.status, liveFirst.status]).toEqual([201, 201]);
    const [testTx, liveTx] = [transaction.parse(testFirst.json()), transaction.parse(liveFirst.json())];
    expect(testTx.id).not.toBe(liveTx.id);

    // A replay in each mode answers that mode's transaction; the other mode's order is a 409 in this one.
    const testReplay = await buyData(test, clientReference, "08031234567");
    expect(testReplay.status).toBe(200);
    expect(testReplay.json()).toEqual({ ...testTx, idempotentReplay: true });
    const liveReplay = await buyData(live, clientReference, "08031234567", "mtn-2gb-30d");
    expect(liveReplay.json()).toEqual({ ...liveTx, idempotentReplay: true });
    const conflict = await buyData(test, clientReference, "08031234567", "mtn-2gb-30d");
    expect(conflict.status).toBe(409);
    expect(problemNames(conflict)).toEqual(["transaction.idempotency_conflict"]);

    // Reads are per mode too.
    expect(transaction.parse((await call(test, "GET", `/api/v1/transactions/${clientReference}`)).json()).id).toBe(testTx.id);
    expect(transaction.parse((await call(live, "GET", `/api/v1/transactions/${clientReference}`)).json()).id).toBe(liveTx.id);
    const testList = transactionList.parse((await call(test, "GET", "/api/v1/transactions")).json());
    const liveList = transactionList.parse((await call(live, "GET", "/api/v1/transactions")).json());
    expect(testList.data.map((item) => item.id)).toEqual([testTx.id]);
    expect(liveList.data.map((item) => item.id)).toEqual([liveTx.id]);

    expect(await db.ledgerEntry.count({ where: { accountId, kind: "PURCHASE" } })).toBe(2);
    expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);
  });

  it("answers 402 with nothing charged when the test wallet cannot pay, and works again after a top-up", async () => {
    const { accountId, test } = await accountWithBothKeys(100_000n);
    await resetTestWallet(operator, { accountId, balance: 10_000 });
    const refused = await buyData(test, reference("poor"));
    expect(refused.status).toBe(402);
    expect(problemNames(refused)).toEqual(["wallet.insufficient_funds"]);
    expect(await balanceOf(accountId, false)).toBe(10_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);

    await topUpTestWallet(operator, { accountId, amount: 50_000 });
    expect((await buyData(test, reference("rich"))).status).toBe(201);
    expect(await balanceOf(accountId, false)).toBe(32_000n);
    expect(await balanceOf(accountId)).toBe(100_000n);
    expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);
  });

  it("charges once for one reference sent many times at once", async () => {
    const { accountId, test } = await accountWithBothKeys();
    const clientReference = reference("race");
    const answers = await Promise.all(Array.from({ length: 12 }, () => buyData(test, clientReference)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(await balanceOf(accountId, false)).toBe(OPENING - 28_000n);
    expect(await db.transaction.count({ where: { accountId, livemode: false } })).toBe(1);
  });

  it("settles a pending purchase through the reconciler against the sandbox, and a failed one is refunded to the test wallet", async () => {
    const { accountId, test } = await accountWithBothKeys();
    const pending = transaction.parse((await buyData(test, reference("p"), "08031231111")).json());
    const failed = transaction.parse((await buyData(test, reference("f"), "08031230000")).json());
    expect([pending.status, failed.status]).toEqual(["pending", "failed"]);
    expect(await balanceOf(accountId, false)).toBe(OPENING - 28_000n);

    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const settled = transaction.parse((await call(test, "GET", `/api/v1/transactions/${pending.clientReference}`)).json());
    expect(settled).toMatchObject({ status: "successful", livemode: false });
    expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);
  });

  it("is held to the account's allowlist like a live one", async () => {
    const { test } = await accountWithBothKeys(0n, { allowlist: ["127.0.0.5"] });
    const elsewhere = await buyData(test, reference("ip"), "08031234567");
    expect(elsewhere.status).toBe(403);
    expect(problemNames(elsewhere)).toEqual(["ip.not_allowed"]);
    const listed = await call(
      test,
      "POST",
      "/api/v1/data",
      { clientReference: reference("ip"), planId: "mtn-1gb-30d", phone: "08031234567" },
      "127.0.0.5",
    );
    expect(listed.status).toBe(201);
  });
});

describe("live figures", () => {
  it("are untouched by test purchases: invoice, margin report and dashboard", async () => {
    const { accountId, live, test } = await accountWithBothKeys(200_000n);
    await buyData(live, reference("l"));
    const period = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit" }).format(new Date());
    const keyActor = { kind: "api-key", apiKeyId: "00000000-0000-4000-8000-000000000000", accountId, sourceIp: "127.0.0.1" } as const;
    const before = {
      invoice: await getInvoiceSummary(operator, { accountId, period }),
      margin: await getMarginReport(operator, { period, accountId }),
      dashboard: await getDashboardSummary(keyActor),
    };
    for (const phone of ["08031234567", "08031230000", "08031231111"]) await buyData(test, reference("t"), phone);
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const after = {
      invoice: await getInvoiceSummary(operator, { accountId, period }),
      margin: await getMarginReport(operator, { period, accountId }),
      dashboard: await getDashboardSummary(keyActor),
    };
    expect(after).toEqual(before);
    expect(await db.transaction.count({ where: { accountId, livemode: false } })).toBe(3);
  });
});

describe("webhooks in test mode", () => {
  let receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    receivers = [];
  });

  it("go to endpoints of the event's mode only, signed like live ones", async () => {
    const { live, test } = await accountWithBothKeys(100_000n);
    const liveReceiver = await startWebhookReceiver();
    const testReceiver = await startWebhookReceiver();
    receivers = [liveReceiver, testReceiver];
    const liveEndpoint = webhookEndpointWithSecret.parse(
      (await call(live, "POST", "/api/v1/webhook-endpoints", { url: liveReceiver.url, eventTypes: ["transaction.successful"] })).json(),
    );
    const testEndpoint = webhookEndpointWithSecret.parse(
      (await call(test, "POST", "/api/v1/webhook-endpoints", { url: testReceiver.url, eventTypes: ["transaction.successful"] })).json(),
    );
    expect([liveEndpoint.livemode, testEndpoint.livemode]).toEqual([true, false]);
    liveReceiver.secrets = [liveEndpoint.secret];
    testReceiver.secrets = [testEndpoint.secret];
    // Each key sees only its mode's endpoints.
    const listed = (auth: Auth) =>
      call(auth, "GET", "/api/v1/webhook-endpoints").then((r) => (r.json() as { data: Json[] }).data.map((e) => e.id));
    expect(await listed(test)).toEqual([testEndpoint.id]);
    expect(await listed(live)).toEqual([liveEndpoint.id]);
    expect((await call(test, "GET", `/api/v1/webhook-endpoints/${liveEndpoint.id}`)).status).toBe(404);

    const testPurchase = transaction.parse((await buyData(test, reference("wt"))).json());
    const livePurchase = transaction.parse((await buyData(live, reference("wl"))).json());
    const [testDelivery] = await testReceiver.waitFor(1);
    const [liveDelivery] = await liveReceiver.waitFor(1);
    expect(testDelivery!.verifiedBy).toBe(0);
    expect(testDelivery!.payload).toMatchObject({
      type: "transaction.successful",
      livemode: false,
      data: { id: testPurchase.id, livemode: false },
    });
    expect(liveDelivery!.payload).toMatchObject({
      type: "transaction.successful",
      livemode: true,
      data: { id: livePurchase.id, livemode: true },
    });
    // Nothing crossed over, then or later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([testReceiver.received.length, liveReceiver.received.length]).toEqual([1, 1]);

    // GET /events is per mode as well.
    const events = (auth: Auth) =>
      call(auth, "GET", "/api/v1/events").then((r) => (r.json() as { data: Json[] }).data.map((event) => [event.type, event.livemode]));
    expect(await events(test)).toEqual(expect.arrayContaining([["transaction.successful", false]]));
    expect((await events(test)).every(([, livemode]) => livemode === false)).toBe(true);
    expect((await events(live)).every(([, livemode]) => livemode === true)).toBe(true);
  });
});
