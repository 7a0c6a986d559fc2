/**
 * catalog:sync --provider clubkonnect against the fake Clubkonnect's plan listing over real HTTP
 * (src/test/fake-clubkonnect.ts): a listed plan's new cost moves only its Clubkonnect route's costPrice, a
 * new plan becomes an inactive data plan routed to Clubkonnect, a plan gone from the listing switches its
 * route off, a dry run writes nothing, a listing that is not one changes nothing, and the CLI runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { ClubkonnectClient } from "~/server/providers/clubkonnect/clubkonnect-client";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeClubkonnect, type FakeClubkonnect } from "~/test/fake-clubkonnect";
import { operator, rejection } from "~/test/fixtures";
import { ensureSandboxCatalog, fundedAccount } from "~/test/purchase-fixtures";
import { syncClubkonnectPlans } from "./sync-clubkonnect-plans";

let fake: FakeClubkonnect;
let client: ClubkonnectClient;

const MTN_1GB = { PRODUCT_ID: "1000.0", PRODUCT_NAME: "1 GB SME - 30 days", PRODUCT_AMOUNT: "250.00" };
const MTN_500MB = { PRODUCT_ID: "500.0", PRODUCT_NAME: "500 MB SME - 30 days", PRODUCT_AMOUNT: "130" };
const GLO_200MB = { PRODUCT_ID: "200", PRODUCT_NAME: "200 MB - 14 days", PRODUCT_AMOUNT: "95" };

beforeAll(async () => {
  await ensureSandboxCatalog();
  fake = await startFakeClubkonnect();
  client = new ClubkonnectClient({
    baseUrl: fake.baseUrl,
    ...fake.credentials,
    vendTimeoutMs: 5_000,
    queryTimeoutMs: 5_000,
    retries: 0,
    retryDelayMs: 10,
  });
  // MTN's airtime goes to Clubkonnect network 01 (which says which network of ours 01 is); one MTN plan is routed there at ₦230.
  await db.$executeRaw`
    INSERT INTO product_routes (service, product_code, position, provider, upstream_service, upstream_code, commission_bps, cost_price)
    VALUES ('AIRTIME', 'mtn', 1, 'clubkonnect', '01', NULL, 350, NULL),
           ('DATA', 'mtn-1gb-30d', 1, 'clubkonnect', '01', '1000.0', NULL, 23000)`;
  fake.planListing = [
    { network: "MTN", id: "01", products: [MTN_1GB, MTN_500MB] },
    { network: "Glo", id: "02", products: [GLO_200MB] },
  ];
});
afterAll(async () => {
  await fake.close();
});

const clubkonnectRoutes = () =>
  db.productRoute.findMany({
    where: { provider: "clubkonnect", service: "DATA" },
    select: { productCode: true, upstreamService: true, upstreamCode: true, costPrice: true, enabled: true },
    orderBy: { productCode: "asc" },
  });

describe("catalog:sync with Clubkonnect", () => {
  it("a dry run reports what it would do and writes nothing, not even audit entries", async () => {
    const routes = await clubkonnectRoutes();
    const audit = await db.auditLogEntry.count();
    const summary = await syncClubkonnectPlans(operator, client, { dryRun: true });
    expect(summary).toMatchObject({
      dryRun: true,
      created: { plans: ["clubkonnect-01-500.0"] },
      updated: { plans: ["mtn-1gb-30d"] },
      routesDisabled: { plans: [] },
      skipped: [{ network: "02", code: "200", reason: "no network of ours is routed to Clubkonnect network 02" }],
    });
    expect(await clubkonnectRoutes()).toEqual(routes);
    expect(await db.dataPlan.findUnique({ where: { id: "clubkonnect-01-500.0" } })).toBeNull();
    expect(await db.auditLogEntry.count()).toBe(audit);
  });

  it("moves a routed plan's cost to the listed one and creates a new plan inactive, routed to Clubkonnect, audited", async () => {
    const summary = await syncClubkonnectPlans(operator, client);
    expect(summary).toMatchObject({ dryRun: false, created: { plans: ["clubkonnect-01-500.0"] }, updated: { plans: ["mtn-1gb-30d"] } });
    expect(await clubkonnectRoutes()).toEqual([
      { productCode: "clubkonnect-01-500.0", upstreamService: "01", upstreamCode: "500.0", costPrice: 13_000n, enabled: true },
      { productCode: "mtn-1gb-30d", upstreamService: "01", upstreamCode: "1000.0", costPrice: 25_000n, enabled: true },
    ]);
    // The plan's own cost and price are ours: only the route's cost follows Clubkonnect.
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-1gb-30d" } })).toMatchObject({ active: true, upstreamCode: null });
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "clubkonnect-01-500.0" } })).toMatchObject({
      networkId: "mtn",
      name: "500 MB SME - 30 days",
      costPrice: 13_000n,
      active: false,
      upstreamService: null,
    });
    const audited = await db.auditLogEntry.findMany({ where: { action: { in: ["route.cost", "routes.set"] } }, orderBy: { id: "asc" } });
    expect(audited.map(({ action, targetId }) => [action, targetId])).toEqual([
      ["route.cost", "DATA:mtn-1gb-30d"],
      ["routes.set", "DATA:clubkonnect-01-500.0"],
    ]);

    // Run again: nothing left to change.
    expect(await syncClubkonnectPlans(operator, client)).toMatchObject({
      created: { plans: [] },
      updated: { plans: [] },
      unchanged: { plans: ["mtn-1gb-30d", "clubkonnect-01-500.0"] },
    });
  });

  it("switches off the route of a plan Clubkonnect no longer lists, keeping the plan", async () => {
    fake.planListing = [{ network: "MTN", id: "01", products: [MTN_500MB] }];
    const summary = await syncClubkonnectPlans(operator, client);
    expect(summary.routesDisabled.plans).toEqual(["mtn-1gb-30d"]);
    expect((await clubkonnectRoutes()).find((route) => route.productCode === "mtn-1gb-30d")).toMatchObject({ enabled: false });
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-1gb-30d" } })).toMatchObject({ active: true });
    expect(await db.auditLogEntry.count({ where: { action: "route.disable", targetId: "DATA:mtn-1gb-30d" } })).toBe(1);
    fake.planListing = [{ network: "MTN", id: "01", products: [MTN_1GB, MTN_500MB] }];
  });

  it("changes nothing when the answer is not the listing (credentials refused, a plan without its amount)", async () => {
    const routes = await clubkonnectRoutes();
    const refused = new ClubkonnectClient({
      baseUrl: fake.baseUrl,
      userId: "CK1",
      apiKey: "wrong",
      vendTimeoutMs: 5_000,
      queryTimeoutMs: 5_000,
      retries: 0,
      retryDelayMs: 10,
    });
    expect((await rejection(syncClubkonnectPlans(operator, refused))).code).toBe("provider.unavailable");
    fake.planListing = [{ network: "MTN", id: "01", products: [{ ...MTN_1GB, PRODUCT_AMOUNT: "about 250" }, MTN_500MB] }];
    expect((await rejection(syncClubkonnectPlans(operator, client))).code).toBe("provider.unavailable");
    fake.planListing = [{ network: "MTN", id: "01", products: [MTN_1GB, MTN_500MB] }];
    expect(await clubkonnectRoutes()).toEqual(routes);
  });

  it("is for operators only, and runs from the CLI", async () => {
    const { actor: reseller } = await fundedAccount(0n);
    expect((await rejection(syncClubkonnectPlans(reseller, client))).code).toBe("forbidden");
    const dry = await adminWithEnv(fake.env(), "catalog:sync", "--provider", "clubkonnect", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json).toMatchObject({
      dryRun: true,
      provider: "clubkonnect",
      unchanged: { plans: ["mtn-1gb-30d", "clubkonnect-01-500.0"] },
    });
    const wrong = await adminWithEnv(fake.env(), "catalog:sync", "--provider", "http");
    expect(wrong.code).not.toBe(0);
    expect(wrong.json.error.name).toBe("validation.failed");
  }, 60_000);
});
