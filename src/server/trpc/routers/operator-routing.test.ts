/**
 * The console's Upstreams page and routes pages at the tRPC level (docs/operating.md "Upstream health",
 * "Routes and failover"): the page shows exactly what the CLI's `upstream:health` prints (one service);
 * circuits read closed, open until when, or half-open; routes are saved in order through the service the
 * CLI calls, audited with the signed-in operator and what the list was before; bad input is refused by its
 * field and changes nothing. Who may call them at all is operator.test.ts's probe over every procedure.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "~/bin/admin-commands";
import { env } from "~/env";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { createCallerFactory } from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";
import { operator as cli } from "~/test/fixtures";
import { ensureSandboxCatalog } from "~/test/purchase-fixtures";

const createCaller = createCallerFactory(appRouter);
const UNUSED_HASH = "$2b$10$abcdefghijklmnopqrstuuE6kyYlN5dBnmPxXIN9BbAjYy2lFZx2W";

let operator: UserActor;
const console_ = () => createCaller({ actor: operator }).operator;

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause;
  expect(cause).toBeInstanceOf(AppError);
  return cause as AppError;
}

const AIRTIME_ROUTES = [
  { provider: "vtpass", upstreamService: "mtn", commissionBps: 300 },
  { provider: "clubkonnect", upstreamService: "01", commissionBps: 350 },
];

async function routesAndAudit() {
  return Promise.all([
    db.productRoute.findMany({ orderBy: [{ service: "asc" }, { productCode: "asc" }, { position: "asc" }] }),
    db.upstreamProvider.findMany({ orderBy: { name: "asc" } }),
    db.auditLogEntry.count(),
  ]);
}

beforeAll(async () => {
  await ensureSandboxCatalog();
  const user = await db.user.create({
    data: { email: `operator-${randomUUID()}@routing.test`, passwordHash: UNUSED_HASH, role: "OPERATOR", accountId: null },
  });
  operator = { kind: "user", userId: user.id, email: user.email, role: "OPERATOR", accountId: null, sourceIp: "198.51.100.40" };
});

beforeEach(async () => {
  await db.productRoute.deleteMany({});
  await db.$executeRaw`
    UPDATE upstream_providers SET enabled = true, disabled_reason = NULL, consecutive_failures = 0,
      circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL`;
});

describe("the Upstreams page", () => {
  it("shows what `upstream:health` prints, from the one service", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    await db.$executeRaw`UPDATE upstream_providers SET circuit_opened_at = now(), circuit_reason = 'wallet empty' WHERE name = 'clubkonnect'`;
    const page = await console_().upstreamHealth();
    const printed = await COMMANDS["upstream:health"]!.run(cli, {});
    expect(page).toEqual(printed);
    expect(page.upstreams.map(({ name }) => name)).toEqual(["clubkonnect", "http", "sandbox", "vtpass"]);
  });

  it("reads a circuit as closed, open until its cool-down ends, or half-open with or without its trial out", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    const cooldownMs = env.UPSTREAM_CIRCUIT_COOLDOWN_MS;
    await db.$executeRaw`
      UPDATE upstream_providers SET circuit_opened_at = now() - interval '1 second', circuit_reason = 'timed out' WHERE name = 'vtpass'`;
    await db.$executeRaw`
      UPDATE upstream_providers SET circuit_opened_at = now() - ${`${cooldownMs + 5_000} milliseconds`}::interval,
        circuit_reason = 'refused', trial_started_at = now() WHERE name = 'clubkonnect'`;
    await db.$executeRaw`
      UPDATE upstream_providers SET circuit_opened_at = now() - ${`${cooldownMs + 5_000} milliseconds`}::interval,
        circuit_reason = '5xx' WHERE name = 'http'`;
    const { upstreams } = await console_().upstreamHealth();
    const circuit = (name: string) => upstreams.find((upstream) => upstream.name === name)!.circuit;

    expect(circuit("sandbox")).toEqual({ state: "closed" });
    const vtpass = circuit("vtpass");
    expect(vtpass).toMatchObject({ state: "open", reason: "timed out" });
    if (vtpass.state !== "open") throw new Error("not open");
    expect(vtpass.halfOpensAt.getTime() - vtpass.openedAt.getTime()).toBe(cooldownMs);
    expect(circuit("clubkonnect")).toMatchObject({ state: "half-open", reason: "refused", trialInFlight: true });
    expect(circuit("http")).toMatchObject({ state: "half-open", reason: "5xx", trialInFlight: false });
  });

  it("names the products a switch-off would take off sale, and the products already off sale", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    await console_().setProductRoutes({
      service: "DATA",
      productCode: "mtn-1gb-30d",
      routes: [{ provider: "clubkonnect", upstreamService: "01", upstreamCode: "1000.0", costPrice: "23000" }],
    });
    await console_().setProductRoutes({ service: "CABLE_TV", productCode: "dstv-padi", routes: [{ provider: "vtpass", enabled: false }] });
    const mtnAirtime = { service: "AIRTIME", productCode: "mtn", name: "MTN airtime" };
    const mtnData = { service: "DATA", productCode: "mtn-1gb-30d", name: "MTN 1GB (SME) – 30 days" };
    const padi = { service: "CABLE_TV", productCode: "dstv-padi", name: "DStv Padi" };

    let health = await console_().upstreamHealth();
    const lastRouteOf = (name: string) => health.upstreams.find((upstream) => upstream.name === name)!.lastRouteOf;
    // Both upstreams carry MTN airtime: neither alone is its last route. The plan has only Clubkonnect.
    expect(lastRouteOf("vtpass")).toEqual([]);
    expect(lastRouteOf("clubkonnect")).toEqual([mtnData]);
    expect(health.productsOffSale).toEqual([padi]);

    await console_().setUpstreamEnabled({ provider: "clubkonnect", enabled: false, reason: "maintenance" });
    health = await console_().upstreamHealth();
    expect(lastRouteOf("vtpass")).toEqual([mtnAirtime]);
    expect(health.productsOffSale).toEqual([padi, mtnData]);
    expect(health.upstreams.find(({ name }) => name === "clubkonnect")).toMatchObject({ enabled: false, disabledReason: "maintenance" });
  });

  it("sets an upstream's floor in kobo, audited with the operator and before → after; a bad one is refused by its field, nothing saved", async () => {
    const before = await routesAndAudit();
    expect((await refusal(console_().setUpstreamFloor({ provider: "vtpass", floor: -100 }))).fieldErrors).toEqual([
      expect.objectContaining({ name: "floor" }),
    ]);
    expect((await refusal(console_().setUpstreamFloor({ provider: "vtpass", floor: "1,000" }))).fieldErrors).toEqual([
      expect.objectContaining({ name: "floor" }),
    ]);
    expect((await refusal(console_().setUpstreamFloor({ provider: "nosuchupstream", floor: 100 }))).fieldErrors).toEqual([
      expect.objectContaining({ name: "provider" }),
    ]);
    expect(await routesAndAudit()).toEqual(before);

    try {
      await expect(console_().setUpstreamFloor({ provider: "vtpass", floor: 5_000_000 })).resolves.toMatchObject({
        provider: "vtpass",
        floorKobo: 5_000_000n,
        belowFloor: false,
      });
      const { wallet } = (await console_().upstreamHealth()).upstreams.find(({ name }) => name === "vtpass")!;
      expect(wallet.floorKobo).toBe(5_000_000n);
      const [entry] = await db.auditLogEntry.findMany({ where: { action: "upstream.floor" }, orderBy: { id: "desc" }, take: 1 });
      expect(entry).toMatchObject({
        actorType: "USER",
        actorId: operator.userId,
        sourceIp: "198.51.100.40",
        targetId: "vtpass",
        details: expect.objectContaining({ before: "0", after: "5000000" }),
      });
    } finally {
      await db.$executeRaw`UPDATE upstream_providers SET min_balance = 0`;
    }
  });
});

describe("a product's routes", () => {
  it("are saved in order, shown with their circuits, and audited with the operator and the list before", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: [...AIRTIME_ROUTES].reverse() });
    await db.$executeRaw`UPDATE product_routes SET circuit_opened_at = now(), circuit_reason = 'plan unknown' WHERE provider = 'vtpass'`;

    const shown = await console_().productRoutes({ service: "AIRTIME", productCode: "mtn" });
    expect(shown).toMatchObject({ name: "MTN airtime", costBasis: "commission" });
    expect(shown.routes.map(({ provider, commissionBps, circuit }) => [provider, commissionBps, circuit.state])).toEqual([
      ["clubkonnect", 350, "closed"],
      ["vtpass", 300, "open"],
    ]);
    expect(shown.providers).toEqual(expect.arrayContaining(["vtpass", "clubkonnect"]));
    expect((await console_().productRoutes({ service: "DATA", productCode: "mtn-1gb-30d" })).costBasis).toBe("cost");

    const [entry] = await db.auditLogEntry.findMany({ where: { action: "routes.set" }, orderBy: { id: "desc" }, take: 1 });
    expect(entry).toMatchObject({ actorType: "USER", actorLabel: operator.email, sourceIp: "198.51.100.40", targetId: "AIRTIME:mtn" });
    const details = entry!.details as { before: { provider: string }[]; routes: { provider: string }[] };
    expect(details.before.map(({ provider }) => provider)).toEqual(["vtpass", "clubkonnect"]);
    expect(details.routes.map(({ provider }) => provider)).toEqual(["clubkonnect", "vtpass"]);
  });

  it("refuse bad input by its field and change nothing", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    const before = await routesAndAudit();
    const set = (routes: unknown[], productCode = "mtn") =>
      refusal(console_().setProductRoutes({ service: "AIRTIME", productCode, routes: routes as never }));

    const fields = async (routes: unknown[]) => (await set(routes)).fieldErrors?.map(({ name }) => name);
    expect(await fields([{ provider: "vtpass" }, { provider: "nosuchupstream" }])).toEqual(["routes.1.provider"]);
    expect(await fields([{ provider: "vtpass" }, { provider: "clubkonnect" }, { provider: "vtpass" }])).toEqual(["routes.2.provider"]);
    expect(await fields([{ provider: "vtpass", costPrice: "12.50" }])).toEqual(["routes.0.costPrice"]);
    expect(await fields([{ provider: "vtpass", costPrice: "-1" }])).toEqual(["routes.0.costPrice"]);
    expect(await fields([{ provider: "vtpass", commissionBps: 2.5 }])).toEqual(["routes.0.commissionBps"]);
    expect((await set([{ provider: "vtpass" }], "no-such-network")).code).toBe("service.not_found");
    expect((await refusal(console_().productRoutes({ service: "DATA", productCode: "no-such-plan" }))).code).toBe("service.not_found");
    expect((await refusal(console_().setUpstreamEnabled({ provider: "nosuchupstream", enabled: false }))).fieldErrors).toEqual([
      expect.objectContaining({ name: "provider" }),
    ]);
    expect(
      (await refusal(console_().setRouteEnabled({ service: "AIRTIME", productCode: "mtn", provider: "http", enabled: false }))).code,
    ).toBe("service.not_found");

    expect(await routesAndAudit()).toEqual(before);
  });

  it("are switched off and on one at a time, audited with the operator", async () => {
    await console_().setProductRoutes({ service: "AIRTIME", productCode: "mtn", routes: AIRTIME_ROUTES });
    await console_().setRouteEnabled({ service: "AIRTIME", productCode: "mtn", provider: "vtpass", enabled: false });
    const shown = await console_().productRoutes({ service: "AIRTIME", productCode: "mtn" });
    expect(shown.routes.map(({ provider, enabled }) => [provider, enabled])).toEqual([
      ["vtpass", false],
      ["clubkonnect", true],
    ]);
    const [entry] = await db.auditLogEntry.findMany({ where: { action: "route.disable" }, orderBy: { id: "desc" }, take: 1 });
    expect(entry).toMatchObject({ actorLabel: operator.email, targetId: "AIRTIME:mtn", details: { provider: "vtpass" } });
  });
});
