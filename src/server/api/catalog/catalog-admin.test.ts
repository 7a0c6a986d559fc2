/**
 * What catalog administration (issue 16) does to the public REST API, over real sockets against the
 * production server: listings show only what is on sale, each account at its own price, and a change
 * is visible to the very next request; a purchase of something deactivated is a 422 problem with
 * nothing charged, while a replay of an earlier order still answers 200; and no reseller response
 * anywhere carries a cost, a commission or a margin.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { problemDetails } from "~/schemas/api";
import { db } from "~/server/db";
import { updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { updateNetwork } from "~/server/services/catalog/save-network";
import { updatePlan } from "~/server/services/catalog/save-plan";
import { setPriceListPrice } from "~/server/services/pricing/manage-price-lists";
import { setAccountPrice } from "~/server/services/pricing/set-account-price";
import { accountOnPriceList, createTestCatalog, OK_CUSTOMER, OK_PHONE, type TestCatalog } from "~/test/catalog-fixtures";
import { operator } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL! });
}, 60_000);

type Json = Record<string, unknown>;
type Auth = Record<string, string>;

function call(auth: Auth, method: string, path: string, body?: unknown): Promise<HttpResponse> {
  return request(server.url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: "127.0.0.1",
  });
}

const planOf = async (auth: Auth, catalog: TestCatalog) => {
  const response = await call(auth, "GET", `/api/v1/plans?networkId=${catalog.network.id}`);
  expect(response.status, response.text).toBe(200);
  return ((response.json() as { data: Json[] }).data as Json[]).find((row) => row.planId === catalog.plan.id);
};
const tvProductOf = async (auth: Auth, catalog: TestCatalog) => {
  const response = await call(auth, "GET", "/api/v1/bills/cable-tv/products");
  expect(response.status, response.text).toBe(200);
  return ((response.json() as { data: Json[] }).data as Json[]).find((row) => row.planId === catalog.fixed.id);
};

/** Two accounts priced differently: one on a price list with an own price for the plan, one on the defaults. */
async function twoAccounts() {
  const catalog = await createTestCatalog();
  const priced = await accountOnPriceList(10_000_000n);
  const plain = await fundedAccount(10_000_000n);
  await setPriceListPrice(operator, { priceListId: priced.priceListId, productId: catalog.fixed.id, price: 4_500n });
  await setAccountPrice(operator, { accountId: priced.accountId, planId: catalog.plan.id, price: 25_000n, pricingBasis: "SPECIAL" });
  return { catalog, priced, plain };
}

describe("listings", () => {
  it("show each account its own price, and a change on the very next request", async () => {
    const { catalog, priced, plain } = await twoAccounts();
    expect(await planOf(priced.auth, catalog)).toMatchObject({ price: 25_000, pricingBasis: "special", retailPrice: null });
    expect(await planOf(plain.auth, catalog)).toMatchObject({ price: 30_000, pricingBasis: "retail", retailPrice: 35_000 });
    expect(await tvProductOf(priced.auth, catalog)).toMatchObject({ price: 4_500 });
    expect(await tvProductOf(plain.auth, catalog)).toMatchObject({ price: 5_000 });

    // The catalog version: no stale listing after a change, from the default, a list or an own price.
    await updatePlan(operator, { id: catalog.plan.id, price: 30_500n });
    expect(await planOf(plain.auth, catalog)).toMatchObject({ price: 30_500 });
    await setAccountPrice(operator, { accountId: priced.accountId, planId: catalog.plan.id, price: 24_000n });
    expect(await planOf(priced.auth, catalog)).toMatchObject({ price: 24_000, pricingBasis: "special" });
    await setPriceListPrice(operator, { priceListId: priced.priceListId, productId: catalog.fixed.id, price: 4_400n });
    expect(await tvProductOf(priced.auth, catalog)).toMatchObject({ price: 4_400 });
  });

  it("hide deactivated plans, products and networks (and a deactivated network's plans)", async () => {
    const { catalog, priced } = await twoAccounts();
    const networks = async () => ((await call(priced.auth, "GET", "/api/v1/networks")).json() as { data: Json[] }).data.map((n) => n.id);
    expect(await networks()).toContain(catalog.network.id);

    await updatePlan(operator, { id: catalog.plan.id, active: false });
    await updateBillProduct(operator, { id: catalog.fixed.id, active: false });
    expect(await planOf(priced.auth, catalog)).toBeUndefined();
    expect(await tvProductOf(priced.auth, catalog)).toBeUndefined();

    await updatePlan(operator, { id: catalog.plan.id, active: true });
    expect(await planOf(priced.auth, catalog)).toBeDefined();
    await updateNetwork(operator, { id: catalog.network.id, active: false });
    expect(await networks()).not.toContain(catalog.network.id);
    expect(await planOf(priced.auth, catalog)).toBeUndefined();
  });
});

describe("purchases of what is not on sale", () => {
  function expectProblem(response: HttpResponse, status: number, name: string) {
    expect(response.status, response.text).toBe(status);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    const body = problemDetails.parse(response.json());
    expect(body).toMatchObject({ status, title: "Unprocessable Entity" });
    expect(body.errors).toEqual([{ name, reason: body.detail }]);
  }

  it("are 422 plan.unavailable / network.unavailable with nothing charged, for data, bills and airtime", async () => {
    const { catalog, priced } = await twoAccounts();
    const other = await createTestCatalog(); // a plan whose network, not the plan itself, is withdrawn
    await updatePlan(operator, { id: catalog.plan.id, active: false });
    await updateBillProduct(operator, { id: catalog.fixed.id, active: false });
    await updateBillProduct(operator, { id: catalog.variable.id, active: false });
    await updateNetwork(operator, { id: other.network.id, active: false });
    const before = await balanceOf(priced.accountId);
    const attempts: [string, unknown, string][] = [
      ["/api/v1/data", { planId: catalog.plan.id, phone: OK_PHONE }, "plan.unavailable"],
      ["/api/v1/data", { planId: other.plan.id, phone: OK_PHONE }, "plan.unavailable"],
      ["/api/v1/bills/cable-tv/pay", { planId: catalog.fixed.id, customerId: OK_CUSTOMER }, "plan.unavailable"],
      ["/api/v1/bills/electricity/pay", { planId: catalog.variable.id, customerId: OK_CUSTOMER, amount: 20_000 }, "plan.unavailable"],
      ["/api/v1/airtime", { networkId: other.network.id, phone: OK_PHONE, amount: 10_000 }, "network.unavailable"],
    ];
    for (const [path, body, name] of attempts) {
      expectProblem(await call(priced.auth, "POST", path, { clientReference: reference(), ...(body as Json) }), 422, name);
    }
    expect(await balanceOf(priced.accountId)).toBe(before);
    expect(await db.transaction.count({ where: { accountId: priced.accountId } })).toBe(0);
  });

  it("still replays an order made before the plan was withdrawn: 200, the stored transaction, no charge", async () => {
    const { catalog, priced } = await twoAccounts();
    const order = { clientReference: reference(), planId: catalog.plan.id, phone: OK_PHONE };
    const first = await call(priced.auth, "POST", "/api/v1/data", order);
    expect(first.status, first.text).toBe(201);
    const bill = { clientReference: reference(), planId: catalog.fixed.id, customerId: OK_CUSTOMER };
    expect((await call(priced.auth, "POST", "/api/v1/bills/cable-tv/pay", bill)).status).toBe(201);
    await updatePlan(operator, { id: catalog.plan.id, active: false, price: 99_000n });
    await updateBillProduct(operator, { id: catalog.fixed.id, active: false });
    const balance = await balanceOf(priced.accountId);

    const replay = await call(priced.auth, "POST", "/api/v1/data", order);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers["idempotent-replay"]).toBe("true");
    expect(replay.json()).toMatchObject({ ...(first.json() as Json), idempotentReplay: true, amount: 25_000 });
    const billReplay = await call(priced.auth, "POST", "/api/v1/bills/cable-tv/pay", bill);
    expect(billReplay.status, billReplay.text).toBe(200);
    expect(await balanceOf(priced.accountId)).toBe(balance);
  });
});

describe("no reseller response carries cost", () => {
  /** Every key of a JSON value, at any depth. */
  function keysOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(keysOf);
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }

  it("in any endpoint's body: listings, verification, purchases, replays, transactions, balance, errors", async () => {
    const { catalog, priced } = await twoAccounts();
    const auth = priced.auth;
    const data = { clientReference: reference(), planId: catalog.plan.id, phone: OK_PHONE };
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/v1/balance"],
      ["GET", "/api/v1/plans"],
      ["GET", "/api/v1/networks"],
      ...(["cable-tv", "electricity", "education", "broadband"] as const).map((service): [string, string] => [
        "GET",
        `/api/v1/bills/${service}/products`,
      ]),
      ["POST", "/api/v1/bills/electricity/verify", { planId: catalog.variable.id, customerId: OK_CUSTOMER }],
      ["POST", "/api/v1/data", data],
      ["POST", "/api/v1/data", data],
      ["POST", "/api/v1/airtime", { clientReference: reference(), networkId: catalog.network.id, phone: OK_PHONE, amount: 10_000 }],
      ["POST", "/api/v1/bills/cable-tv/pay", { clientReference: reference(), planId: catalog.fixed.id, customerId: OK_CUSTOMER }],
      [
        "POST",
        "/api/v1/bills/electricity/pay",
        { clientReference: reference(), planId: catalog.variable.id, customerId: OK_CUSTOMER, amount: 20_000 },
      ],
      ["GET", `/api/v1/transactions/${data.clientReference}`],
      ["GET", "/api/v1/transactions"],
      ["POST", "/api/v1/data", { clientReference: reference(), planId: "no-such-plan", phone: OK_PHONE }],
    ];
    const seen: string[] = [];
    for (const [method, path, body] of calls) {
      const response = await call(auth, method, path, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(500);
      const keys = keysOf(response.json());
      expect(
        keys.filter((key) => /cost|margin|commission/i.test(key)),
        `${method} ${path}`,
      ).toEqual([]);
      seen.push(...keys);
    }
    // The scan looked at real bodies: prices, transactions and errors were all among them.
    expect(seen).toEqual(expect.arrayContaining(["price", "amount", "balance", "errors", "customerName"]));
  });
});
