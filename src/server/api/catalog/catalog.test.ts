/**
 * The catalog endpoints over real sockets against the production server (DESIGN.md §3.2): per-account
 * prices and pricing basis, the product-catalog fields, the network filter, bill products of every
 * service, and response bodies that match the documented schemas in src/schemas/api.ts.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { billProduct, billProductList, networkList, plan, planList, problemDetails } from "~/schemas/api";
import { BILL_SERVICE_PATHS, type BillServicePath } from "~/schemas/services";
import { db } from "~/server/db";
import { SANDBOX_NETWORKS, upsertSandboxCatalog } from "~/server/seed/catalog";
import { setProductCatalog } from "~/server/services/catalog/set-product-catalog";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { useTestServer } from "~/test/server";

type Plan = z.infer<typeof plan>;
type BillProduct = z.infer<typeof billProduct>;

const server = useTestServer();

const get = (path: string, auth: Record<string, string>) => request(server.url(path), { headers: auth });

/** A 200 JSON body, parsed with its documented schema. */
function parseOk<S extends z.ZodType>(response: HttpResponse, schema: S): z.infer<S> {
  expect(response.status, response.text).toBe(200);
  expect(response.headers["content-type"]).toContain("application/json");
  expect(response.headers["x-request-id"]).toBeTruthy();
  return schema.parse(response.json());
}

function expectProblem(response: HttpResponse, status: number, name: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  const body = problemDetails.parse(response.json());
  expect(body.status).toBe(status);
  expect(body.errors[0]!.name).toBe(name);
  return body;
}

const PLAN_KEYS = Object.keys(plan.shape).sort();
const CATALOG_FIELDS = ["productId", "sizeMb", "validityDays", "isUnlimited", "class"] as const;

const unique = () => randomBytes(4).toString("hex");

/** Two networks of this file's own, with plans of both bases, and an account with overrides. */
async function createCatalog() {
  const id = unique();
  const networkA = `tnet-a-${id}`;
  const networkB = `tnet-b-${id}`;
  const emptyNetwork = `tnet-e-${id}`;
  for (const [index, network] of [networkA, networkB, emptyNetwork].entries()) {
    await db.network.create({
      data: { id: network, name: `Test ${network}`, sortOrder: 100 + index, airtimeMinAmount: 5_000n, airtimeMaxAmount: 5_000_000n },
    });
  }
  const plans = {
    retail: {
      id: `${networkA}-1gb`,
      networkId: networkA,
      name: "1GB Gifting",
      price: 34_000n,
      pricingBasis: "RETAIL",
      retailPrice: 35_000n,
      productId: "data-1gb-1d",
      sizeMb: 1024,
      validityDays: 1,
      isUnlimited: false,
      class: "Gifting",
    },
    special: {
      id: `${networkA}-500mb`,
      networkId: networkA,
      name: "500MB SME",
      price: 15_000n,
      pricingBasis: "SPECIAL",
      retailPrice: null,
      productId: "data-500mb-30d",
      sizeMb: 500,
      validityDays: 30,
      isUnlimited: false,
      class: "SME",
    },
    unlimited: {
      id: `${networkA}-unl`,
      networkId: networkA,
      name: "Unlimited Gifting",
      price: 1_950_000n,
      pricingBasis: "RETAIL",
      retailPrice: 2_000_000n,
      productId: "data-unlimited-30d",
      sizeMb: null,
      validityDays: 30,
      isUnlimited: true,
      class: "Gifting",
    },
    inactive: {
      id: `${networkA}-old`,
      networkId: networkA,
      name: "Retired",
      price: 10_000n,
      pricingBasis: "SPECIAL",
      retailPrice: null,
      productId: "data-old",
      sizeMb: 100,
      validityDays: 7,
      isUnlimited: false,
      class: "SME",
      active: false,
    },
    other: {
      id: `${networkB}-2gb`,
      networkId: networkB,
      name: "2GB Corporate",
      price: 60_000n,
      pricingBasis: "SPECIAL",
      retailPrice: null,
      productId: "data-2gb-30d",
      sizeMb: 2048,
      validityDays: 30,
      isUnlimited: false,
      class: "Corporate",
    },
  } as const;
  for (const [index, data] of Object.values(plans).entries()) await db.dataPlan.create({ data: { ...data, sortOrder: index } });
  return { networkA, networkB, emptyNetwork, plans };
}

function byId(plans: Plan[]): Map<string, Plan> {
  return new Map(plans.map((item) => [item.planId, item]));
}

describe("GET /api/v1/plans", () => {
  let catalog: Awaited<ReturnType<typeof createCatalog>>;
  beforeAll(async () => {
    catalog = await createCatalog();
  });

  it("shows the default price and basis, retailPrice only with the retail basis, and no catalog fields off the product catalog", async () => {
    const { auth } = await createAccountWithKey();
    const { data } = parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, auth), planList);
    const plans = byId(data);
    expect([...plans.keys()]).toEqual([catalog.plans.retail.id, catalog.plans.special.id, catalog.plans.unlimited.id]);
    for (const item of data) {
      expect(Object.keys(item).sort()).toEqual(PLAN_KEYS);
      expect(item.networkId).toBe(catalog.networkA);
      for (const field of CATALOG_FIELDS) expect(item[field], field).toBeNull();
    }
    expect(plans.get(catalog.plans.retail.id)).toMatchObject({
      price: 34_000,
      retailPrice: 35_000,
      pricingBasis: "retail",
      name: "1GB Gifting",
    });
    expect(plans.get(catalog.plans.special.id)).toMatchObject({ price: 15_000, retailPrice: null, pricingBasis: "special" });
    expect(plans.get(catalog.plans.unlimited.id)).toMatchObject({ price: 1_950_000, retailPrice: 2_000_000, pricingBasis: "retail" });
  });

  it("shows an account its own price and basis: a retail plan overridden to special loses its retailPrice", async () => {
    const { accountId, auth } = await createAccountWithKey();
    const bystander = await createAccountWithKey();
    await db.accountPlanPrice.createMany({
      data: [
        { accountId, planId: catalog.plans.retail.id, price: 33_000n, pricingBasis: "SPECIAL" },
        { accountId, planId: catalog.plans.special.id, price: 14_000n, pricingBasis: "SPECIAL" },
        { accountId, planId: catalog.plans.unlimited.id, price: 1_900_000n, pricingBasis: "RETAIL" },
      ],
    });

    const plans = byId(parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, auth), planList).data);
    expect(plans.get(catalog.plans.retail.id)).toMatchObject({ price: 33_000, retailPrice: null, pricingBasis: "special" });
    expect(plans.get(catalog.plans.special.id)).toMatchObject({ price: 14_000, retailPrice: null, pricingBasis: "special" });
    expect(plans.get(catalog.plans.unlimited.id)).toMatchObject({ price: 1_900_000, retailPrice: 2_000_000, pricingBasis: "retail" });

    // Overrides are one account's business only.
    const others = byId(parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, bystander.auth), planList).data);
    expect(others.get(catalog.plans.retail.id)).toMatchObject({ price: 34_000, retailPrice: 35_000, pricingBasis: "retail" });
    expect(others.get(catalog.plans.special.id)).toMatchObject({ price: 15_000 });
  });

  it("fills productId, sizeMb, validityDays, isUnlimited and class once the account is on the product catalog", async () => {
    const { accountId, auth } = await createAccountWithKey();
    await db.accountPlanPrice.create({ data: { accountId, planId: catalog.plans.retail.id, price: 30_000n, pricingBasis: "SPECIAL" } });
    await setProductCatalog(operator, { accountId, on: true });

    const plans = byId(parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, auth), planList).data);
    for (const item of plans.values()) {
      for (const field of ["productId", "validityDays", "isUnlimited", "class"] as const) expect(item[field], field).not.toBeNull();
    }
    expect(plans.get(catalog.plans.retail.id)).toMatchObject({
      productId: "data-1gb-1d",
      sizeMb: 1024,
      validityDays: 1,
      isUnlimited: false,
      class: "Gifting",
      // The product-catalog view does not change pricing.
      price: 30_000,
      retailPrice: null,
      pricingBasis: "special",
    });
    expect(plans.get(catalog.plans.special.id)).toMatchObject({
      productId: "data-500mb-30d",
      sizeMb: 500,
      validityDays: 30,
      isUnlimited: false,
      class: "SME",
    });
    // An unlimited bundle has no size: sizeMb stays null, isUnlimited says why.
    expect(plans.get(catalog.plans.unlimited.id)).toMatchObject({
      productId: "data-unlimited-30d",
      sizeMb: null,
      validityDays: 30,
      isUnlimited: true,
      class: "Gifting",
    });

    await setProductCatalog(operator, { accountId, on: false });
    const off = parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, auth), planList).data;
    for (const item of off) for (const field of CATALOG_FIELDS) expect(item[field], field).toBeNull();
  });

  it("shows every catalog change on the very next request (the served copy follows the catalog version)", async () => {
    const { accountId, auth } = await createAccountWithKey();
    const plansNow = async () => byId(parseOk(await get(`/api/v1/plans?networkId=${catalog.networkA}`, auth), planList).data);
    expect((await plansNow()).get(catalog.plans.special.id)).toMatchObject({ price: 15_000 });

    await db.accountPlanPrice.create({ data: { accountId, planId: catalog.plans.special.id, price: 14_500n, pricingBasis: "SPECIAL" } });
    expect((await plansNow()).get(catalog.plans.special.id)).toMatchObject({ price: 14_500 });

    await db.accountPlanPrice.update({
      where: { accountId_planId: { accountId, planId: catalog.plans.special.id } },
      data: { price: 14_400n },
    });
    expect((await plansNow()).get(catalog.plans.special.id)).toMatchObject({ price: 14_400 });

    await db.accountPlanPrice.delete({ where: { accountId_planId: { accountId, planId: catalog.plans.special.id } } });
    await db.dataPlan.update({ where: { id: catalog.plans.retail.id }, data: { name: "1GB Gifting (renamed)" } });
    const renamed = await plansNow();
    expect(renamed.get(catalog.plans.special.id)).toMatchObject({ price: 15_000 });
    expect(renamed.get(catalog.plans.retail.id)).toMatchObject({ name: "1GB Gifting (renamed)" });

    await db.dataPlan.update({ where: { id: catalog.plans.retail.id }, data: { active: false } });
    expect((await plansNow()).has(catalog.plans.retail.id)).toBe(false);
    await db.dataPlan.update({ where: { id: catalog.plans.retail.id }, data: { active: true, name: "1GB Gifting" } });
    expect((await plansNow()).get(catalog.plans.retail.id)).toMatchObject({ name: "1GB Gifting" });
  });

  it("filters by networkId, and lists every network's active plans without it", async () => {
    const { auth } = await createAccountWithKey();
    const onlyB = parseOk(await get(`/api/v1/plans?networkId=${catalog.networkB}`, auth), planList).data;
    expect(onlyB.map((item) => item.planId)).toEqual([catalog.plans.other.id]);

    const all = parseOk(await get("/api/v1/plans", auth), planList).data.map((item) => item.planId);
    expect(all).toEqual(
      expect.arrayContaining([catalog.plans.retail.id, catalog.plans.special.id, catalog.plans.unlimited.id, catalog.plans.other.id]),
    );
    expect(all).not.toContain(catalog.plans.inactive.id);

    expect(parseOk(await get(`/api/v1/plans?networkId=${catalog.emptyNetwork}`, auth), planList).data).toEqual([]);
  });

  it("answers 404 network.not_found for an unknown network and 400 on networkId for an empty one", async () => {
    const { auth } = await createAccountWithKey();
    expectProblem(await get(`/api/v1/plans?networkId=no-such-network-${unique()}`, auth), 404, "network.not_found");
    expectProblem(await get("/api/v1/plans?networkId=", auth), 400, "networkId");
  });
});

describe("GET /api/v1/networks", () => {
  it("lists each network's id and name, with its airtime bounds", async () => {
    const { networkA, networkB } = await createCatalog();
    const { auth } = await createAccountWithKey();
    const { data } = parseOk(await get("/api/v1/networks", auth), networkList);
    expect(data).toEqual(
      expect.arrayContaining([
        { id: networkA, name: `Test ${networkA}`, airtimeMinAmount: 5_000, airtimeMaxAmount: 5_000_000 },
        { id: networkB, name: `Test ${networkB}`, airtimeMinAmount: 5_000, airtimeMaxAmount: 5_000_000 },
      ]),
    );
  });
});

describe("GET /api/v1/bills/{service}/products", () => {
  function expectShape(product: BillProduct) {
    if (product.amountType === "fixed") {
      expect(Number.isInteger(product.price), product.planId).toBe(true);
      expect(product.minAmount).toBeNull();
      expect(product.maxAmount).toBeNull();
    } else {
      expect(product.price, product.planId).toBeNull();
      expect(Number.isInteger(product.minAmount)).toBe(true);
      expect(Number.isInteger(product.maxAmount)).toBe(true);
      expect(product.minAmount!).toBeLessThanOrEqual(product.maxAmount!);
    }
  }

  it("lists each service's active products, fixed with a price and variable with bounds", async () => {
    const id = unique();
    const fixed = (service: "CABLE_TV" | "EDUCATION" | "BROADBAND", price: bigint) => ({
      id: `t-${service.toLowerCase()}-${id}`,
      service,
      productId: `t-${service.toLowerCase()}`,
      name: `Test ${service}`,
      biller: "Test biller",
      amountType: "FIXED" as const,
      price,
    });
    await db.billProduct.createMany({
      data: [
        fixed("CABLE_TV", 1_900_000n),
        fixed("EDUCATION", 390_000n),
        fixed("BROADBAND", 700_000n),
        {
          id: `t-electricity-${id}`,
          service: "ELECTRICITY",
          productId: "t-electricity",
          name: "Test disco",
          biller: "Test Electric",
          amountType: "VARIABLE",
          minAmount: 100_000n,
          maxAmount: 50_000_000n,
        },
        {
          id: `t-retired-${id}`,
          service: "CABLE_TV",
          productId: "t-retired",
          name: "Retired bouquet",
          biller: "Test biller",
          amountType: "FIXED",
          price: 100n,
          active: false,
        },
      ],
    });
    const { auth } = await createAccountWithKey();
    const expected: Record<BillServicePath, Partial<BillProduct>> = {
      "cable-tv": {
        planId: `t-cable_tv-${id}`,
        amountType: "fixed",
        price: 1_900_000,
        minAmount: null,
        maxAmount: null,
        biller: "Test biller",
      },
      electricity: {
        planId: `t-electricity-${id}`,
        productId: "t-electricity",
        amountType: "variable",
        price: null,
        minAmount: 100_000,
        maxAmount: 50_000_000,
        biller: "Test Electric",
      },
      education: { planId: `t-education-${id}`, amountType: "fixed", price: 390_000 },
      broadband: { planId: `t-broadband-${id}`, amountType: "fixed", price: 700_000 },
    };
    for (const service of Object.keys(BILL_SERVICE_PATHS) as BillServicePath[]) {
      const { data } = parseOk(await get(`/api/v1/bills/${service}/products`, auth), billProductList);
      for (const product of data) {
        expect(Object.keys(product).sort()).toEqual(Object.keys(billProduct.shape).sort());
        expectShape(product);
      }
      expect(
        data.find((product) => product.planId === expected[service].planId),
        service,
      ).toMatchObject(expected[service]);
      expect(data.map((product) => product.planId)).not.toContain(`t-retired-${id}`);
    }
  });

  it("answers 404 service.not_found for anything but the four services", async () => {
    const { auth } = await createAccountWithKey();
    for (const service of ["water", "CABLE_TV", "cable_tv"]) {
      expectProblem(await get(`/api/v1/bills/${service}/products`, auth), 404, "service.not_found");
    }
  });
});

describe("the seeded sandbox catalog", () => {
  it("has at least 20 plans of both bases, a retail price on every retail plan, and products for every bill service", async () => {
    await upsertSandboxCatalog(db);
    const { auth } = await createAccountWithKey();
    const sandboxNetworks = new Set(SANDBOX_NETWORKS.map((network) => network.id));
    const plans = parseOk(await get("/api/v1/plans", auth), planList).data.filter((item) => sandboxNetworks.has(item.networkId));
    expect(plans.length).toBeGreaterThanOrEqual(20);
    expect(new Set(plans.map((item) => item.pricingBasis))).toEqual(new Set(["retail", "special"]));
    for (const item of plans) {
      if (item.pricingBasis === "retail") {
        expect(Number.isInteger(item.retailPrice), item.planId).toBe(true);
        expect(item.retailPrice!, item.planId).toBeGreaterThanOrEqual(item.price);
      } else {
        expect(item.retailPrice, item.planId).toBeNull();
      }
    }

    const networks = parseOk(await get("/api/v1/networks", auth), networkList).data.map((network) => network.id);
    expect(networks).toEqual(expect.arrayContaining([...sandboxNetworks]));
    for (const service of Object.keys(BILL_SERVICE_PATHS)) {
      const { data } = parseOk(await get(`/api/v1/bills/${service}/products`, auth), billProductList);
      expect(data.length, service).toBeGreaterThan(0);
    }
  });
});
