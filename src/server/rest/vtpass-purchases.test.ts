/**
 * Issue 17's "done when", over REST: the production server with VEND_PROVIDER=vtpass pointed at the
 * fake VTpass (src/test/fake-vtpass.ts) sells every kind through /api/v1 — data, airtime, cable TV,
 * electricity (its token), an education PIN and broadband — each sent under the transaction's own
 * request id; a pending purchase is settled by the operator's `reconcile --all` (a requery with that
 * id) and another by VTpass's callback; `018` is a 503 with nothing charged; `ledger:check` is clean.
 * The money is judged by the fake's books (what VTpass executed) as well as ours.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { adminWithEnv } from "~/test/admin-cli";
import { contractDelivery, startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const FUNDING = 10_000_000n;
const DEFAULT_PHONE = "08011111111";
const CALLBACK_TOKEN = "vtpass-e2e-callback-token-0123456789";

let fake: FakeVtpass;
let server: TestServer;

/** How the server and the CLI reach the fake VTpass. */
function providerEnv(): Record<string, string> {
  return fake.env({
    VTPASS_TIMEOUT_MS: "2000",
    VTPASS_QUERY_TIMEOUT_MS: "1000",
    VTPASS_RETRIES: "0",
    // Their `phone` is mandatory on every /api/pay: the number sent for a bill payment that gives none.
    VTPASS_DEFAULT_PHONE: DEFAULT_PHONE,
  });
}

beforeAll(async () => {
  fake = await startFakeVtpass();
  await fundedAccount(1n); // the sandbox catalog, then the VTpass names it lacks
  await db.dataPlan.update({ where: { id: "mtn-1gb-30d" }, data: { upstreamService: "mtn-data", upstreamCode: "mtn-1gb-test" } });
  await db.billProduct.update({ where: { id: "smile-10gb-30d" }, data: { upstreamService: "smile-direct", upstreamCode: "624" } });
  server = await startTestServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    // Only the CLI's reconcile and the callback settle anything here.
    RECONCILE_INTERVAL_MS: "3600000",
    RECONCILE_GRACE_MS: "3600000",
    VTPASS_CALLBACK_TOKEN: CALLBACK_TOKEN,
    VTPASS_CALLBACK_ALLOWED_IPS: "127.0.0.1/32, ::1",
    ...providerEnv(),
  });
}, 90_000);
afterAll(() => fake?.close());

type Json = Record<string, unknown>;

function call(auth: Record<string, string>, method: string, path: string, body?: unknown) {
  return request(server.url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** POSTs a new order under a fresh client reference; the answer and the stored VTpass request id. */
async function buy(auth: Record<string, string>, path: string, fields: Json) {
  const clientReference = reference("vt");
  const response = await call(auth, "POST", path, { clientReference, ...fields });
  const body = response.json() as Json;
  const row = response.status === 201 ? await db.transaction.findUniqueOrThrow({ where: { id: body.id as string } }) : null;
  return { status: response.status, body, clientReference, requestId: row?.upstreamRequestId ?? null };
}

async function reconcile() {
  const run = await adminWithEnv(providerEnv(), "reconcile", "--all");
  expect(run.code, run.stderr).toBe(0);
  return run.json as { settled: number; stillPending: number; checked: number };
}

async function statusOf(auth: Record<string, string>, clientReference: string): Promise<Json> {
  const response = await call(auth, "GET", `/api/v1/transactions/${clientReference}`);
  expect(response.status).toBe(200);
  return response.json() as Json;
}

/** What VTpass was sent for a request id: exactly one /api/pay. */
function payOf(requestId: string): Json {
  const sent = fake.payRequests.filter((arrival) => arrival.requestId === requestId);
  expect(sent).toHaveLength(1);
  return sent[0]!.body;
}

describe("VEND_PROVIDER=vtpass over /api/v1", () => {
  it("sells every kind, each under its own request id, with electricity's token and the education PIN", async () => {
    const { accountId, auth } = await fundedAccount(FUNDING);
    const orders: [string, Json, Json][] = [
      ["/api/v1/data", { planId: "mtn-1gb-30d", phone: "08031234567" }, { serviceID: "mtn-data", variation_code: "mtn-1gb-test" }],
      ["/api/v1/airtime", { networkId: "mtn", phone: "08031234567", amount: 50_000 }, { serviceID: "mtn", amount: 500 }],
      [
        "/api/v1/bills/cable-tv/pay",
        { planId: "dstv-padi", customerId: "7012345678" },
        { serviceID: "dstv", variation_code: "dstv-padi", billersCode: "7012345678", phone: DEFAULT_PHONE },
      ],
      [
        "/api/v1/bills/electricity/pay",
        { planId: "ikeja-electric-prepaid", customerId: "45012345678", amount: 250_000, phone: "08029876543" },
        { serviceID: "ikeja-electric", variation_code: "prepaid", billersCode: "45012345678", amount: 2500, phone: "08029876543" },
      ],
      [
        "/api/v1/bills/education/pay",
        { planId: "waec-result-checker", customerId: "candidate-7", phone: "08051234567" },
        { serviceID: "waec", phone: "08051234567" },
      ],
      [
        "/api/v1/bills/broadband/pay",
        { planId: "smile-10gb-30d", customerId: "1402000567" },
        { serviceID: "smile-direct", variation_code: "624", billersCode: "1402000567" },
      ],
    ];
    let spent = 0n;
    const tokens: Record<string, unknown> = {};
    for (const [path, fields, sent] of orders) {
      const bought = await buy(auth, path, fields);
      expect(bought.status, `${path}: ${JSON.stringify(bought.body)}`).toBe(201);
      expect(bought.body, path).toMatchObject({ status: "successful", clientReference: bought.clientReference });
      expect(bought.requestId, path).toMatch(/^\d{12}[0-9a-f]{32}$/);
      expect(payOf(bought.requestId!), path).toMatchObject(sent);
      const executed = fake.orders.get(bought.requestId!)!;
      expect(executed.status, path).toBe("delivered");
      expect(bought.body.providerReference, path).toBe(executed.transactionId);
      tokens[path] = bought.body.token;
      spent += BigInt(bought.body.amount as number);
    }
    // What VTpass delivered is what each purchase answered, and what is stored.
    const stored = await db.transaction.findMany({ where: { accountId } });
    expect(fake.disagreementsWith(stored)).toEqual([]);
    expect(tokens["/api/v1/bills/electricity/pay"]).toMatch(/^\d{20}$/);
    expect(tokens["/api/v1/bills/education/pay"]).toMatch(/^\d{12}$/);
    expect(await balanceOf(accountId)).toBe(FUNDING - spent);
    expect((await ledgerOf(accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", ...orders.map(() => "PURCHASE")]);
  });

  it("verifies a customer through VTpass's merchant-verify, and refuses an invalid one with 422", async () => {
    const { auth } = await fundedAccount(1n);
    const ok = await call(auth, "POST", "/api/v1/bills/cable-tv/verify", { planId: "dstv-padi", customerId: "7012345678" });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ customerName: "TEST CUSTOMER" });
    const invalid = await call(auth, "POST", "/api/v1/bills/cable-tv/verify", { planId: "dstv-padi", customerId: "7012349999" });
    expect(invalid.status).toBe(422);
    expect((invalid.json() as { errors: { name: string }[] }).errors[0]!.name).toBe("customer.invalid");
  });

  it("settles pending purchases by the reconciler's requery under the same request id: delivered charged, reversed refunded", async () => {
    const { accountId, auth } = await fundedAccount(FUNDING);
    fake.outcomeFor("08035551001", { pending: 0, then: "delivered" });
    fake.outcomeFor("7035551002", { pending: 0, then: "reversed" });
    const delivered = await buy(auth, "/api/v1/data", { planId: "mtn-1gb-30d", phone: "08035551001" });
    const reversed = await buy(auth, "/api/v1/bills/cable-tv/pay", { planId: "dstv-padi", customerId: "7035551002" });
    for (const bought of [delivered, reversed]) {
      expect(bought.status).toBe(201);
      expect(bought.body.status).toBe("pending");
    }
    const run = await reconcile();
    expect(run).toMatchObject({ settled: 2, stillPending: 0 });

    expect(await statusOf(auth, delivered.clientReference)).toMatchObject({ status: "successful" });
    expect(await statusOf(auth, reversed.clientReference)).toMatchObject({ status: "failed" });
    for (const bought of [delivered, reversed]) payOf(bought.requestId!); // sent once, never re-sent
    expect(fake.orders.get(delivered.requestId!)!.status).toBe("delivered");
    expect(await balanceOf(accountId)).toBe(FUNDING - BigInt(delivered.body.amount as number));
    expect((await ledgerOf(accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", "PURCHASE", "PURCHASE", "REVERSAL"]);
  });

  it("settles a pending purchase by VTpass's callback, confirmed by a requery", async () => {
    const { accountId, auth } = await fundedAccount(FUNDING);
    fake.outcomeFor("45035551003", { pending: 100, then: "delivered" });
    const bought = await buy(auth, "/api/v1/bills/electricity/pay", {
      planId: "ikeja-electric-prepaid",
      customerId: "45035551003",
      amount: 300_000,
    });
    expect(bought.body).toMatchObject({ status: "pending", token: null });

    // VTpass resolves the order, then tells us.
    fake.orders.get(bought.requestId!)!.status = "delivered";
    const answer = await request(server.url(`/api/upstream/vtpass/callback?token=${CALLBACK_TOKEN}`), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fake.callbackBody(bought.requestId!)),
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ response: "success" });

    expect(await statusOf(auth, bought.clientReference)).toMatchObject({
      status: "successful",
      ...contractDelivery(fake.orders.get(bought.requestId!)!.delivered),
    });
    payOf(bought.requestId!);
    expect(await balanceOf(accountId)).toBe(FUNDING - 300_000n);
  });

  it("answers 018 (VTpass's wallet low) with 503 provider.unavailable and nothing charged; the reference replays failed", async () => {
    const { accountId, auth } = await fundedAccount(FUNDING);
    fake.outcomeFor("08035551004", { code: "018" });
    const order = { clientReference: reference("vt"), networkId: "mtn", phone: "08035551004", amount: 20_000 };
    const refused = await call(auth, "POST", "/api/v1/airtime", order);
    expect(refused.status).toBe(503);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    expect((refused.json() as { errors: { name: string }[] }).errors[0]!.name).toBe("provider.unavailable");
    expect(await balanceOf(accountId)).toBe(FUNDING);

    const replay = await call(auth, "POST", "/api/v1/airtime", order);
    expect(replay.status).toBe(200);
    expect(replay.json()).toMatchObject({ status: "failed", idempotentReplay: true });
    expect(await balanceOf(accountId)).toBe(FUNDING);
  });

  it('sends nothing upstream for a pk_test_ key: test mode buys from the sandbox with the test wallet (docs/integrating.md "Test mode")', async () => {
    const { accountId } = await fundedAccount(FUNDING);
    const key = await createApiKey(operator, { accountId, mode: "test" });
    const auth = { authorization: `Bearer ${key.apiKey}` };
    const sentBefore = fake.payRequests.length;
    const testBalance = await balanceOf(accountId, false);
    // Every kind, the sandbox's recipients deciding: success (with the sandbox's token and PIN), failure,
    // pending (settled by the same reconcile run).
    const delivered = await buy(auth, "/api/v1/data", { planId: "mtn-1gb-30d", phone: "08031234567" });
    const failed = await buy(auth, "/api/v1/bills/cable-tv/pay", { planId: "dstv-padi", customerId: "7012340000" });
    const pending = await buy(auth, "/api/v1/airtime", { networkId: "mtn", phone: "08031231111", amount: 20_000 });
    const others = [
      await buy(auth, "/api/v1/bills/electricity/pay", { planId: "ikeja-electric-prepaid", customerId: "45012345678", amount: 100_000 }),
      await buy(auth, "/api/v1/bills/education/pay", { planId: "waec-result-checker", customerId: "candidate-7" }),
      await buy(auth, "/api/v1/bills/broadband/pay", { planId: "smile-10gb-30d", customerId: "1402000567" }),
    ];
    expect([delivered.body.status, failed.body.status, pending.body.status]).toEqual(["successful", "failed", "pending"]);
    for (const bought of [delivered, ...others]) {
      expect(bought.body).toMatchObject({ status: "successful", livemode: false, providerReference: expect.stringMatching(/^SBX-/) });
    }
    expect(others[0]!.body.token).toMatch(/^\d{20}$/);
    expect(others[1]!.body.token).toMatch(/^\d{12}$/);
    // A sandbox customer check, not VTpass's merchant-verify: 9999 is the sandbox's invalid customer.
    const invalid = await call(auth, "POST", "/api/v1/bills/cable-tv/verify", { planId: "dstv-padi", customerId: "7012349999" });
    expect(invalid.status).toBe(422);

    await reconcile();
    expect(await statusOf(auth, pending.clientReference)).toMatchObject({ status: "successful", livemode: false });
    expect(fake.payRequests.length).toBe(sentBefore);
    expect(await balanceOf(accountId)).toBe(FUNDING);
    const charged = [delivered, ...others].reduce((sum, bought) => sum + BigInt(bought.body.amount as number), 20_000n);
    expect(await balanceOf(accountId, false)).toBe(testBalance - charged);
  });

  it("leaves nothing pending and the ledger check clean", async () => {
    expect(await reconcile()).toMatchObject({ stillPending: 0 });
    expect(await db.transaction.count({ where: { status: "PENDING" } })).toBe(0);
    const check = await adminWithEnv(providerEnv(), "ledger:check");
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
    // Nothing reached VTpass that it did not accept, and no credentials were refused.
    expect(fake.unauthorized).toBe(0);
  });
});
