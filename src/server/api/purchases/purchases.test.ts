/**
 * DESIGN.md §3.3 over HTTP against the production server and real PostgreSQL: the endpoints, status
 * codes, the replay header, source address/channel/key recorded, and one reference sent to two
 * server processes at once being charged once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

let server: TestServer;
let second: TestServer;
beforeAll(async () => {
  [server, second] = await Promise.all([
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL! }),
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL! }),
  ]);
}, 90_000);

type Json = Record<string, unknown>;

function call(
  auth: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
  options: { localAddress?: string; target?: TestServer } = {},
) {
  return request((options.target ?? server).url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: options.localAddress ?? "127.0.0.1",
  });
}

/** POSTs a new order to `path`: the fields given under a fresh client reference. */
function placeOrder(auth: Record<string, string>, path: string, fields: Json) {
  return call(auth, "POST", path, { clientReference: reference(), ...fields });
}

const TRANSACTION_KEYS = [
  "amount",
  "clientReference",
  "completedAt",
  "createdAt",
  "customerName",
  "failureReason",
  "id",
  "livemode",
  "networkId",
  "planId",
  "productName",
  "providerReference",
  "recipient",
  "service",
  "status",
  "token",
  "pins",
  "units",
  "bonusToken",
].sort();

describe("POST /api/v1/data", () => {
  it("buys a plan: 201 with the contract's Transaction, charged the account's price, recorded with its source", async () => {
    const { accountId, keyId, auth } = await fundedAccount(100_000n);
    const clientReference = reference();
    const response = await call(
      auth,
      "POST",
      "/api/v1/data",
      { clientReference, planId: "mtn-1gb-30d", phone: "08031234567", ported: true },
      { localAddress: "127.0.0.42" },
    );
    expect(response.status).toBe(201);
    expect(response.headers["idempotent-replay"]).toBeUndefined();
    const body = response.json() as Json;
    expect(Object.keys(body).sort()).toEqual(TRANSACTION_KEYS);
    expect(body).toMatchObject({
      service: "Data",
      status: "successful",
      clientReference,
      planId: "mtn-1gb-30d",
      networkId: "mtn",
      recipient: "08031234567",
      amount: 28_000,
      token: null,
    });
    expect(body.providerReference).toMatch(/^SBX-/);
    expect(body.completedAt).toEqual(expect.any(String));
    expect(await balanceOf(accountId)).toBe(72_000n);

    const row = await db.transaction.findUniqueOrThrow({ where: { id: body.id as string } });
    expect(row).toMatchObject({ sourceIp: "127.0.0.42", channel: "API", apiKeyId: keyId, userId: null });
  });

  it("replays with 200, the Idempotent-Replay header and the stored transaction as it stands", async () => {
    const { accountId, auth } = await fundedAccount(100_000n);
    const order = { clientReference: reference(), planId: "glo-1gb-30d", phone: "08051231111" };
    const first = (await call(auth, "POST", "/api/v1/data", order)).json() as Json;
    expect(first.status).toBe("pending");

    const replay = await call(auth, "POST", "/api/v1/data", order);
    expect(replay.status).toBe(200);
    expect(replay.headers["idempotent-replay"]).toBe("true");
    expect(replay.json()).toEqual({ ...first, idempotentReplay: true });

    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const later = await call(auth, "POST", "/api/v1/data", order);
    expect(later.json()).toMatchObject({ id: first.id, status: "successful", idempotentReplay: true });
    expect((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE")).toHaveLength(1);
  });

  it("answers 409 for the reference reused with a different order, and 402 when funds are short, charging nothing", async () => {
    const { accountId, auth } = await fundedAccount(30_000n);
    const clientReference = reference();
    expect((await call(auth, "POST", "/api/v1/data", { clientReference, planId: "mtn-1gb-30d", phone: "08031234567" })).status).toBe(201);

    const conflict = await call(auth, "POST", "/api/v1/data", { clientReference, planId: "mtn-2gb-30d", phone: "08031234567" });
    expect(conflict.status).toBe(409);
    expect((conflict.json() as Json).errors).toEqual([
      { name: "transaction.idempotency_conflict", reason: (conflict.json() as Json).detail },
    ]);
    const otherKind = await call(auth, "POST", "/api/v1/airtime", {
      clientReference,
      networkId: "mtn",
      phone: "08031234567",
      amount: 10_000,
    });
    expect(otherKind.status).toBe(409);

    const poor = await placeOrder(auth, "/api/v1/data", { planId: "mtn-1gb-30d", phone: "08031234567" });
    expect(poor.status).toBe(402);
    expect((poor.json() as Json).errors).toEqual([expect.objectContaining({ name: "wallet.insufficient_funds" })]);
    expect(await balanceOf(accountId)).toBe(2_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(1);
  });

  it("reports failed vends as failed with the debit reversed, and unknown plans as 404 plan.not_found", async () => {
    const { accountId, auth } = await fundedAccount(50_000n);
    const failed = await placeOrder(auth, "/api/v1/data", { planId: "mtn-1gb-30d", phone: "08031230000" });
    expect(failed.status).toBe(201);
    expect(failed.json()).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/rejected/) });
    expect(await balanceOf(accountId)).toBe(50_000n);

    const unknown = await placeOrder(auth, "/api/v1/data", {
      planId: "no-such-plan",
      phone: "08031234567",
    });
    expect(unknown.status).toBe(404);
    expect((unknown.json() as Json).errors).toEqual([expect.objectContaining({ name: "plan.not_found" })]);
  });

  it("charges a reference sent to two server processes at the same moment exactly once", async () => {
    const { accountId, auth } = await fundedAccount(1_000_000n);
    const order = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call(auth, "POST", "/api/v1/data", order, { target: index % 2 === 0 ? server : second })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(19);
    expect(new Set(responses.map((response) => (response.json() as Json).id)).size).toBe(1);
    expect(await balanceOf(accountId)).toBe(1_000_000n - 28_000n);
    expect((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE")).toHaveLength(1);
  });
});

describe("POST /api/v1/airtime", () => {
  it("charges the amount, within the network's bounds", async () => {
    const { accountId, auth } = await fundedAccount(100_000n);
    const ok = await placeOrder(auth, "/api/v1/airtime", {
      networkId: "airtel",
      phone: "08021234567",
      amount: 20_000,
    });
    expect(ok.status).toBe(201);
    expect(ok.json()).toMatchObject({ service: "Airtime", status: "successful", planId: null, networkId: "airtel", amount: 20_000 });
    expect(await balanceOf(accountId)).toBe(80_000n);

    for (const [fields, status, error] of [
      [{ networkId: "airtel", phone: "08021234567", amount: 100 }, 422, "amount.out_of_range"],
      [{ networkId: "nope", phone: "08021234567", amount: 10_000 }, 404, "network.not_found"],
    ] as const) {
      const refused = await placeOrder(auth, "/api/v1/airtime", fields);
      expect(refused.status).toBe(status);
      expect((refused.json() as Json).errors).toEqual([expect.objectContaining({ name: error })]);
    }
    expect(await balanceOf(accountId)).toBe(80_000n);
  });
});

describe("bills", () => {
  it("verifies a customer, and refuses an invalid one with 422 customer.invalid", async () => {
    const { auth } = await fundedAccount(10n);
    const ok = await call(auth, "POST", "/api/v1/bills/cable-tv/verify", { planId: "dstv-padi", customerId: "7012345678" });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ customerId: "7012345678", customerName: expect.stringMatching(/\w+ \w+/) });
    const invalid = await call(auth, "POST", "/api/v1/bills/cable-tv/verify", { planId: "dstv-padi", customerId: "7012349999" });
    expect(invalid.status).toBe(422);
    expect((invalid.json() as Json).errors).toEqual([expect.objectContaining({ name: "customer.invalid" })]);
    const wrongService = await call(auth, "POST", "/api/v1/bills/electricity/verify", { planId: "dstv-padi", customerId: "7012345678" });
    expect(wrongService.status).toBe(404);
    const noService = await call(auth, "POST", "/api/v1/bills/water/verify", { planId: "dstv-padi", customerId: "7012345678" });
    expect((noService.json() as Json).errors).toEqual([expect.objectContaining({ name: "service.not_found" })]);
  });

  it("pays electricity with the chosen amount and returns a 20-digit token; education returns a PIN", async () => {
    const { accountId, auth } = await fundedAccount(1_000_000n);
    const electricity = await placeOrder(auth, "/api/v1/bills/electricity/pay", {
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
      amount: 500_000,
      phone: "08031234567",
    });
    expect(electricity.status).toBe(201);
    expect(electricity.json()).toMatchObject({
      service: "Electricity",
      status: "successful",
      amount: 500_000,
      recipient: "45012345678",
      token: expect.stringMatching(/^\d{20}$/),
    });
    const education = await placeOrder(auth, "/api/v1/bills/education/pay", {
      planId: "neco-result-token",
      customerId: "NECO-12345",
    });
    expect(education.status).toBe(201);
    expect(education.json()).toMatchObject({ service: "Education", amount: 130_000, token: expect.stringMatching(/^\d+$/) });
    expect(await balanceOf(accountId)).toBe(1_000_000n - 500_000n - 130_000n);
  });

  it("enforces the amount rules: required and bounded for variable products, refused for fixed ones", async () => {
    const { accountId, auth } = await fundedAccount(100_000_000n);
    for (const [path, fields, status, error] of [
      ["/api/v1/bills/electricity/pay", { planId: "eko-electric-prepaid", customerId: "45012345678" }, 400, "amount"],
      [
        "/api/v1/bills/electricity/pay",
        { planId: "eko-electric-prepaid", customerId: "45012345678", amount: 50 },
        422,
        "amount.out_of_range",
      ],
      ["/api/v1/bills/cable-tv/pay", { planId: "gotv-max", customerId: "7012345678", amount: 850_000 }, 400, "amount"],
      ["/api/v1/bills/cable-tv/pay", { planId: "gotv-max", customerId: "7012349999" }, 422, "customer.invalid"],
    ] as const) {
      const refused = await placeOrder(auth, path, fields);
      expect(refused.status).toBe(status);
      expect((refused.json() as Json).errors).toEqual([expect.objectContaining({ name: error })]);
    }
    expect(await balanceOf(accountId)).toBe(100_000_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
  });

  it("treats an electricity amount as order-defining: same reference, other amount is 409", async () => {
    const { auth } = await fundedAccount(10_000_000n);
    const clientReference = reference();
    const order = { clientReference, planId: "abuja-electric-prepaid", customerId: "45012345678", amount: 200_000 };
    expect((await call(auth, "POST", "/api/v1/bills/electricity/pay", order)).status).toBe(201);
    expect((await call(auth, "POST", "/api/v1/bills/electricity/pay", order)).status).toBe(200);
    expect((await call(auth, "POST", "/api/v1/bills/electricity/pay", { ...order, amount: 300_000 })).status).toBe(409);
  });
});

describe("GET /api/v1/transactions", () => {
  it("looks a transaction up by reference, only within the caller's account", async () => {
    const mine = await fundedAccount(100_000n);
    const theirs = await fundedAccount(100_000n);
    const clientReference = reference();
    await call(mine.auth, "POST", "/api/v1/data", { clientReference, planId: "mtn-1gb-30d", phone: "08031234567" });
    const found = await call(mine.auth, "GET", `/api/v1/transactions/${clientReference}`);
    expect(found.status).toBe(200);
    expect(found.json()).toMatchObject({ clientReference, status: "successful" });
    expect((found.json() as Json).idempotentReplay).toBeUndefined();
    const foreign = await call(theirs.auth, "GET", `/api/v1/transactions/${clientReference}`);
    expect(foreign.status).toBe(404);
    expect((foreign.json() as Json).errors).toEqual([expect.objectContaining({ name: "transaction.not_found" })]);
  });

  it("pages newest first with a cursor, and filters by date range", async () => {
    const { accountId, auth } = await fundedAccount(1_000_000n);
    for (let index = 0; index < 5; index += 1) {
      await call(auth, "POST", "/api/v1/airtime", {
        clientReference: `page-${index}`,
        networkId: "mtn",
        phone: "08031234567",
        amount: 5_000,
      });
    }
    const first = (await call(auth, "GET", "/api/v1/transactions?limit=2")).json() as { data: Json[]; nextCursor: string };
    expect(first.data.map((item) => item.clientReference)).toEqual(["page-4", "page-3"]);
    const secondPage = (await call(auth, "GET", `/api/v1/transactions?limit=2&cursor=${first.nextCursor}`)).json() as {
      data: Json[];
      nextCursor: string;
    };
    expect(secondPage.data.map((item) => item.clientReference)).toEqual(["page-2", "page-1"]);
    const last = (await call(auth, "GET", `/api/v1/transactions?limit=2&cursor=${secondPage.nextCursor}`)).json() as {
      data: Json[];
      nextCursor: string | null;
    };
    expect(last.data.map((item) => item.clientReference)).toEqual(["page-0"]);
    expect(last.nextCursor).toBeNull();

    const future = (await call(auth, "GET", "/api/v1/transactions?from=2099-01-01")).json() as { data: Json[] };
    expect(future.data).toEqual([]);
    const past = (await call(auth, "GET", "/api/v1/transactions?to=2000-01-01")).json() as { data: Json[] };
    expect(past.data).toEqual([]);
    expect((await call(auth, "GET", "/api/v1/transactions?limit=0")).status).toBe(400);
    expect((await call(auth, "GET", "/api/v1/transactions?cursor=garbage")).status).toBe(400);
    expect(await db.transaction.count({ where: { accountId } })).toBe(5);
  });
});

describe("after the suite", () => {
  it("ledger:check passes for every account", async () => {
    const result = await checkLedger(operator);
    expect(result.mismatches).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
