/**
 * The circuit that opens on an upstream balance below a floor (docs/operating.md "Upstream health", "The
 * floor"), with both upstreams as fakes with their own books and wallets: MTN airtime routed to VTpass then
 * Clubkonnect, an MTN data plan to Clubkonnect only. The balance poll records each wallet (and nothing when
 * a read fails); with VTpass's last read below the floor an operator set, its orders go to Clubkonnect and
 * none reaches VTpass; funded and read again, VTpass sells again. Each crossing is audited once; the floor's
 * input is refused by field with nothing changed; however many processes poll at once, one reads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "~/bin/admin-commands";
import { env } from "~/env";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import type { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { getUpstreamHealth } from "~/server/services/routing/get-upstream-health";
import { setUpstreamFloor } from "~/server/services/routing/set-upstream-floor";
import type { FakeClubkonnect } from "~/test/fake-clubkonnect";
import { startTwoUpstreams, stopTwoUpstreams, useRouteProviders, vtpassProviderAt } from "~/test/two-upstreams";
import type { FakeVtpass } from "~/test/fake-vtpass";
import { createAccountWithKey, operator, rejection } from "~/test/fixtures";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { readUpstreamBalances } from "./read-upstream-balances";
import { pollUpstreamBalances, UPSTREAM_BALANCE_POLL } from "./upstream-balance-poll";

let vtpassFake: FakeVtpass;
let clubkonnectFake: FakeClubkonnect;

const vtpassAt = (baseUrl: string): VtpassProvider => vtpassProviderAt(vtpassFake, baseUrl);
const useProviders = (vtpass: VtpassProvider): void => useRouteProviders(vtpass, clubkonnectFake);

async function upstreamRow(name: string) {
  return db.upstreamProvider.findUniqueOrThrow({
    where: { name },
    select: { minBalance: true, balance: true, balanceCheckedAt: true, circuitOpenedAt: true, updatedAt: true },
  });
}

async function auditOf(action: string) {
  return db.auditLogEntry.findMany({ where: { action }, orderBy: { id: "asc" } });
}

async function providerOf(transactionId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ provider: string }[]>`
    SELECT provider FROM vend_attempts WHERE transaction_id = ${transactionId}::uuid ORDER BY attempt_number`;
  return rows.map(({ provider }) => provider);
}

function airtime(actor: Awaited<ReturnType<typeof fundedAccount>>["actor"], phone: string) {
  return purchaseAirtime(actor, { clientReference: reference(), networkId: "mtn", phone, amount: 50_000 });
}

beforeAll(async () => {
  ({ vtpass: vtpassFake, clubkonnect: clubkonnectFake } = await startTwoUpstreams());
});
beforeEach(async () => {
  useProviders(vtpassAt(vtpassFake.baseUrl));
  vtpassFake.clear();
  vtpassFake.balance = 250_000;
  clubkonnectFake.balance = 100_000;
  await db.$executeRaw`
    UPDATE upstream_providers SET min_balance = 0, balance = NULL, balance_checked_at = NULL, consecutive_failures = 0,
      circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL`;
  await db.$executeRaw`DELETE FROM job_leases WHERE name = ${UPSTREAM_BALANCE_POLL}`;
  await db.auditLogEntry.deleteMany({ where: { action: { in: ["upstream.floor", "upstream.below_floor", "upstream.above_floor"] } } });
});
afterAll(() => stopTwoUpstreams({ vtpass: vtpassFake, clubkonnect: clubkonnectFake }));

describe("the balance poll", () => {
  it("records each routed upstream's wallet, in kobo, with the time it was read", async () => {
    vtpassFake.balance = 250_000.5;
    clubkonnectFake.balance = 42_000;
    const before = new Date();
    const { upstreams } = await readUpstreamBalances({ kind: "system" });
    expect(upstreams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: "vtpass", read: true, balanceKobo: 25_000_050n, floorKobo: 0n, belowFloor: false }),
        expect.objectContaining({ provider: "clubkonnect", read: true, balanceKobo: 4_200_000n, belowFloor: false }),
        // The default upstream of the tests is the sandbox, which has no wallet: reported, nothing written.
        expect.objectContaining({ provider: "sandbox", read: false }),
      ]),
    );
    const vtpass = await upstreamRow("vtpass");
    expect(vtpass.balance).toBe(25_000_050n);
    expect(vtpass.balanceCheckedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect((await upstreamRow("clubkonnect")).balance).toBe(4_200_000n);
    expect((await upstreamRow("sandbox")).balanceCheckedAt).toBeNull();
    // The console and `upstream:health` show the read, from the same row.
    const health = await getUpstreamHealth(operator);
    expect(health.upstreams.find(({ name }) => name === "vtpass")!.wallet).toMatchObject({
      balanceKobo: 25_000_050n,
      checkedAt: vtpass.balanceCheckedAt,
      floorKobo: 0n,
      belowFloor: false,
      stale: false,
    });
  });

  it("writes nothing when a read fails (a 5xx, a time-out, a body without a balance): the last read stands with its time", async () => {
    await readUpstreamBalances(operator, { provider: "vtpass" });
    const read = await upstreamRow("vtpass");
    vtpassFake.balance = 1;
    for (const fault of [
      { kind: "status", status: 502 },
      { kind: "hang" },
      { kind: "raw", status: 200, body: '{"code":1,"contents":{}}' },
    ] as const) {
      vtpassFake.inject("balance", { ...fault, times: 1 });
      const { upstreams } = await readUpstreamBalances(operator, { provider: "vtpass" });
      expect(upstreams).toEqual([{ provider: "vtpass", read: false, reason: expect.any(String) }]);
      expect(await upstreamRow("vtpass")).toEqual(read);
    }
    const wallet = async () => (await getUpstreamHealth(operator)).upstreams.find(({ name }) => name === "vtpass")!.wallet;
    expect(await wallet()).toMatchObject({ balanceKobo: read.balance, checkedAt: read.balanceCheckedAt, stale: false });
    // Three poll intervals without a read that worked: the console says it has not been read lately.
    await db.$executeRaw`
      UPDATE upstream_providers SET balance_checked_at = now() - make_interval(secs => ${(3 * env.UPSTREAM_BALANCE_POLL_MS) / 1000 + 1})
      WHERE name = 'vtpass'`;
    expect(await wallet()).toMatchObject({ balanceKobo: read.balance, stale: true });
  });

  it("is one read per interval however many processes poll at once, and none before the interval is out", async () => {
    const readsBefore = vtpassFake.balanceReads;
    const passes = await Promise.all(Array.from({ length: 6 }, () => pollUpstreamBalances(60_000)));
    expect(passes.filter(Boolean)).toHaveLength(1);
    expect(vtpassFake.balanceReads).toBe(readsBefore + 1);
    expect((await upstreamRow("vtpass")).balance).toBe(25_000_000n);

    // Finished, but started less than an interval ago: nobody reads.
    expect(await pollUpstreamBalances(60_000)).toBe(false);
    expect(vtpassFake.balanceReads).toBe(readsBefore + 1);

    // An interval later, one of them reads again.
    await db.$executeRaw`UPDATE job_leases SET last_started_at = now() - interval '61 seconds' WHERE name = ${UPSTREAM_BALANCE_POLL}`;
    const later = await Promise.all(Array.from({ length: 6 }, () => pollUpstreamBalances(60_000)));
    expect(later.filter(Boolean)).toHaveLength(1);
    expect(vtpassFake.balanceReads).toBe(readsBefore + 2);
  });
});

describe("the floor", () => {
  it("below it, airtime routed VTpass then Clubkonnect sells through Clubkonnect with no request reaching VTpass; funded and read, through VTpass again", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    await setUpstreamFloor(operator, { provider: "vtpass", floor: 30_000_000n });
    vtpassFake.balance = 250_000;
    await readUpstreamBalances({ kind: "system" });
    expect((await getUpstreamHealth(operator)).upstreams.find(({ name }) => name === "vtpass")!.wallet.belowFloor).toBe(true);

    const paysBefore = vtpassFake.payRequests.length;
    const diverted = await airtime(actor, "08031120001");
    expect(diverted.transaction.status).toBe("successful");
    expect(await providerOf(diverted.transaction.id)).toEqual(["clubkonnect"]);
    expect(vtpassFake.payRequests).toHaveLength(paysBefore);
    expect(clubkonnectFake.delivered().some(({ params }) => params.MobileNumber === "08031120001")).toBe(true);
    // Not a failure of VTpass's: its circuit stays closed, so it comes back as soon as its wallet does.
    expect((await upstreamRow("vtpass")).circuitOpenedAt).toBeNull();

    vtpassFake.balance = 300_000;
    await readUpstreamBalances({ kind: "system" });
    const restored = await airtime(actor, "08031120002");
    expect(restored.transaction.status).toBe("successful");
    expect(await providerOf(restored.transaction.id)).toEqual(["vtpass"]);
    expect(vtpassFake.payRequests).toHaveLength(paysBefore + 1);
    expect(await balanceOf(accountId)).toBe(900_000n);
  });

  it("takes a product whose only route's upstream is below its floor off sale, as the console says: provider.unavailable, nothing charged or sent", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    clubkonnectFake.balance = 100;
    await readUpstreamBalances(operator, { provider: "clubkonnect" });
    await setUpstreamFloor(operator, { provider: "clubkonnect", floor: "500000" });
    const health = await getUpstreamHealth(operator);
    expect(health.productsOffSale).toContainEqual(expect.objectContaining({ service: "DATA", productCode: "mtn-1gb-30d" }));

    const sent = clubkonnectFake.received.length;
    const error = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031120003" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code).toBe("provider.unavailable");
    expect(await balanceOf(accountId)).toBe(1_000_000n);
    expect(clubkonnectFake.received).toHaveLength(sent);

    // No floor, no stop: the same read no longer takes it off sale.
    await setUpstreamFloor(operator, { provider: "clubkonnect", floor: 0 });
    expect((await getUpstreamHealth(operator)).productsOffSale).not.toContainEqual(
      expect.objectContaining({ service: "DATA", productCode: "mtn-1gb-30d" }),
    );
  });

  it("audits each crossing once by system, however often the balance is read, and the floor set with before → after", async () => {
    await readUpstreamBalances(operator, { provider: "vtpass" });
    await setUpstreamFloor(operator, { provider: "vtpass", floor: 20_000_000n });
    vtpassFake.balance = 150_000;
    for (let read = 0; read < 3; read += 1) await readUpstreamBalances({ kind: "system" });
    vtpassFake.balance = 200_000;
    for (let read = 0; read < 3; read += 1) await readUpstreamBalances(operator, { provider: "vtpass" });

    const floors = await auditOf("upstream.floor");
    expect(floors.map(({ actorType, targetId, details }) => [actorType, targetId, details])).toEqual([
      ["OPERATOR_CLI", "vtpass", { before: "0", after: "20000000", balance: "25000000", belowFloorBefore: false, belowFloor: false }],
    ]);
    const below = await auditOf("upstream.below_floor");
    const above = await auditOf("upstream.above_floor");
    expect(below.map(({ actorType, targetId, details }) => [actorType, targetId, details])).toEqual([
      ["SYSTEM", "vtpass", { balance: "15000000", floor: "20000000" }],
    ]);
    expect(above.map(({ actorType, targetId, details }) => [actorType, targetId, details])).toEqual([
      ["SYSTEM", "vtpass", { balance: "20000000", floor: "20000000" }],
    ]);

    // A floor raised over the last read says so in its own entry; the next read, still below, adds none.
    const raised = await setUpstreamFloor(operator, { provider: "vtpass", floor: 25_000_000n });
    expect(raised).toMatchObject({ floorKobo: 25_000_000n, balanceKobo: 20_000_000n, belowFloor: true });
    expect((await auditOf("upstream.floor")).at(-1)!.details).toMatchObject({ belowFloorBefore: false, belowFloor: true });
    await readUpstreamBalances({ kind: "system" });
    expect(await auditOf("upstream.below_floor")).toHaveLength(1);
  });

  it.each([
    ["a negative amount", { provider: "vtpass", floor: "-100" }, "floor"],
    ["a negative number", { provider: "vtpass", floor: -100 }, "floor"],
    ["naira with a decimal point", { provider: "vtpass", floor: "500.50" }, "floor"],
    ["words", { provider: "vtpass", floor: "fifty thousand" }, "floor"],
    ["no amount", { provider: "vtpass" }, "floor"],
    ["an unknown upstream", { provider: "paystack", floor: "100" }, "provider"],
  ])("refuses %s by its field and changes nothing", async (_case, input, field) => {
    const before = await upstreamRow("vtpass");
    const error = await rejection(setUpstreamFloor(operator, input as never));
    expect(error.code).toBe("validation.failed");
    expect(error.fieldErrors?.map(({ name }) => name)).toEqual([field]);
    expect(await upstreamRow("vtpass")).toEqual(before);
    expect(await auditOf("upstream.floor")).toHaveLength(0);
  });

  it("is set by the CLI in kobo as the console sets it, and only by operators", async () => {
    await expect(COMMANDS["upstream:set-floor"]!.run(operator, { provider: "clubkonnect", floor: "1000000" })).resolves.toMatchObject({
      provider: "clubkonnect",
      floorKobo: 1_000_000n,
    });
    expect((await upstreamRow("clubkonnect")).minBalance).toBe(1_000_000n);
    const { accountId, keyId } = await createAccountWithKey();
    const reseller = { kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.1" } as const;
    expect((await rejection(setUpstreamFloor(reseller, { provider: "clubkonnect", floor: 0 }))).code).toBe("forbidden");
    expect((await rejection(readUpstreamBalances(reseller))).code).toBe("forbidden");
    expect((await upstreamRow("clubkonnect")).minBalance).toBe(1_000_000n);
  });
});
