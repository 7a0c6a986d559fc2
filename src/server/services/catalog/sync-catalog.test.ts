/**
 * catalog:sync against the fake VTpass over real HTTP (src/test/fake-vtpass.ts): new variations become
 * inactive rows with the upstream's cost, a price change moves only costPrice, a variation gone
 * upstream is deactivated, a dry run writes nothing, and the CLI runs it end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { VtpassClient } from "~/server/providers/vtpass/vtpass-client";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { operator, rejection } from "~/test/fixtures";
import { createNetwork } from "./save-network";
import { updatePlan } from "./save-plan";
import { nairaToKobo, syncCatalog, syncedId } from "./sync-catalog";

let fake: FakeVtpass;
let client: VtpassClient;

beforeAll(async () => {
  fake = await startFakeVtpass();
  client = new VtpassClient({
    baseUrl: fake.baseUrl,
    ...fake.keys,
    vendTimeoutMs: 5_000,
    queryTimeoutMs: 5_000,
    retries: 0,
    retryDelayMs: 10,
  });
  // The catalog: networks only, with their VTpass airtime service (mtn-data and glo-data become plans).
  await createNetwork(operator, {
    id: "sync-mtn",
    name: "MTN",
    airtimeMinAmount: 5000,
    airtimeMaxAmount: 500000,
    airtimeUpstreamService: "mtn",
  });
  await createNetwork(operator, {
    id: "sync-glo",
    name: "Glo",
    airtimeMinAmount: 5000,
    airtimeMaxAmount: 500000,
    airtimeUpstreamService: "glo",
  });
});
afterAll(async () => {
  await fake.close();
});

const rowsOf = async () => ({
  plans: await db.dataPlan.findMany({ where: { upstreamService: { not: null } }, orderBy: { id: "asc" } }),
  products: await db.billProduct.findMany({ where: { upstreamService: { not: null } }, orderBy: { id: "asc" } }),
});

describe("catalog:sync with VTpass", () => {
  it("reads naira exactly as kobo and derives our ids", () => {
    expect(nairaToKobo("1850.00")).toBe(185_000n);
    expect(nairaToKobo("99.5")).toBe(9_950n);
    expect(nairaToKobo("1,850.00")).toBeNull();
    expect(nairaToKobo("1850.001")).toBeNull();
    expect(syncedId("glo-data", "GLO1000")).toBe("glo-data-glo1000");
    expect(syncedId("smile-direct", "516")).toBe("smile-direct-516");
  });

  it("a dry run reports what it would create and writes nothing, not even audit entries", async () => {
    const audit = await db.auditLogEntry.count();
    const summary = await syncCatalog(operator, client, { dryRun: true });
    expect(summary.dryRun).toBe(true);
    expect(summary.created.plans).toEqual(["mtn-data-mtn-10mb-100", "glo-data-glo1000"]);
    expect(summary.created.billProducts).toEqual(["dstv-dstv-padi", "waec-waecdirect"]);
    expect(await rowsOf()).toEqual({ plans: [], products: [] });
    expect(await db.auditLogEntry.count()).toBe(audit);
  });

  it("creates new variations inactive, with the upstream's cost and placeholders, through the audited services", async () => {
    const summary = await syncCatalog(operator, client);
    expect(summary).toMatchObject({
      dryRun: false,
      created: { plans: ["mtn-data-mtn-10mb-100", "glo-data-glo1000"], billProducts: ["dstv-dstv-padi", "waec-waecdirect"] },
      updated: { plans: [], billProducts: [] },
      deactivated: { plans: [], billProducts: [] },
    });
    // Electricity (variable amounts) is not a category the sync reads.
    expect(summary.skipped).toEqual([]);
    const { plans, products } = await rowsOf();
    expect(plans.find((plan) => plan.id === "glo-data-glo1000")).toMatchObject({
      networkId: "sync-glo",
      upstreamService: "glo-data",
      upstreamCode: "glo1000",
      costPrice: 100_000n,
      price: 100_000n,
      active: false,
      class: "UNSET",
      validityDays: 1,
      sizeMb: null,
    });
    expect(products.find((product) => product.id === "dstv-dstv-padi")).toMatchObject({
      service: "CABLE_TV",
      amountType: "FIXED",
      upstreamCode: "dstv-padi",
      costPrice: 185_000n,
      active: false,
      biller: "UNSET",
    });
    expect(await db.auditLogEntry.count({ where: { targetId: "glo-data-glo1000", action: "plan.created" } })).toBe(1);
  });

  it("a second sync with one price changed updates only costPrice and keeps our price and state", async () => {
    await updatePlan(operator, { id: "glo-data-glo1000", price: 105_000n, class: "Corporate", validityDays: 30, active: true });
    fake.variations["glo-data"]![0]!.variation_amount = "980.50";
    const summary = await syncCatalog(operator, client);
    expect(summary.created).toEqual({ plans: [], billProducts: [] });
    expect(summary.updated).toEqual({ plans: ["glo-data-glo1000"], billProducts: [] });
    expect(summary.unchanged.plans).toEqual(["mtn-data-mtn-10mb-100"]);
    const plan = await db.dataPlan.findUniqueOrThrow({ where: { id: "glo-data-glo1000" } });
    expect(plan).toMatchObject({ costPrice: 98_050n, price: 105_000n, class: "Corporate", validityDays: 30, active: true });
  });

  it("deactivates a variation that disappeared upstream, never deletes it, and does not bring it back", async () => {
    // A synced placeholder cannot go on sale until the operator fills in what VTpass does not give.
    const refused = await rejection(updatePlan(operator, { id: "mtn-data-mtn-10mb-100", active: true }));
    expect(refused.fieldErrors).toEqual([expect.objectContaining({ name: "class" })]);
    await updatePlan(operator, { id: "mtn-data-mtn-10mb-100", active: true, class: "SME", validityDays: 1 });
    const removed = fake.variations["mtn-data"]!.splice(0, 1);
    const summary = await syncCatalog(operator, client);
    expect(summary.deactivated).toEqual({ plans: ["mtn-data-mtn-10mb-100"], billProducts: [] });
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-data-mtn-10mb-100" } })).toMatchObject({ active: false });

    fake.variations["mtn-data"]!.push(...removed);
    const back = await syncCatalog(operator, client);
    expect(back.deactivated.plans).toEqual([]);
    expect(back.created.plans).toEqual([]);
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-data-mtn-10mb-100" } })).toMatchObject({ active: false });
  });

  it("changes nothing when VTpass cannot be read", async () => {
    const audit = await db.auditLogEntry.count();
    const dstv = fake.variations.dstv!;
    fake.variations.dstv = [];
    fake.variations.waec![0]!.variation_amount = "nine hundred";
    await expect(syncCatalog(operator, client)).rejects.toMatchObject({ code: "provider.unavailable" });
    expect(await db.auditLogEntry.count()).toBe(audit);
    expect(await db.billProduct.findUniqueOrThrow({ where: { id: "dstv-dstv-padi" } })).toMatchObject({
      active: false,
      costPrice: 185_000n,
    });
    fake.variations.waec![0]!.variation_amount = "900.00";
    fake.variations.dstv = dstv;
  });

  it("runs from the CLI with the VTPASS_* environment, dry run and for real", async () => {
    fake.variations["glo-data"]!.push({
      variation_code: "glo2000",
      name: "Glo Data N2000",
      variation_amount: "2000.00",
      fixedPrice: "Yes",
    });
    const env = {
      VTPASS_BASE_URL: fake.baseUrl,
      VTPASS_API_KEY: fake.keys.apiKey,
      VTPASS_PUBLIC_KEY: fake.keys.publicKey,
      VTPASS_SECRET_KEY: fake.keys.secretKey,
    };
    const dry = await adminWithEnv(env, "catalog:sync", "--provider", "vtpass", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json).toMatchObject({ dryRun: true, created: { plans: ["glo-data-glo2000"] } });
    expect(dry.json.deactivated).toEqual({ plans: [], billProducts: [] });
    expect(await db.dataPlan.findUnique({ where: { id: "glo-data-glo2000" } })).toBeNull();

    const real = await adminWithEnv(env, "catalog:sync", "--provider", "vtpass");
    expect(real.code, real.stderr).toBe(0);
    expect(real.json).toMatchObject({ dryRun: false, created: { plans: ["glo-data-glo2000"] } });
    expect(real.json.note).toMatch(/inactive/);
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "glo-data-glo2000" } })).toMatchObject({
      costPrice: 200_000n,
      active: false,
    });

    const wrong = await adminWithEnv(env, "catalog:sync", "--provider", "http");
    expect(wrong.code).not.toBe(0);
    expect(wrong.json.error.name).toBe("validation.failed");
  }, 60_000);
});
