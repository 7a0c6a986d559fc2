/**
 * Routes per product and failover (docs/operating.md "Routes and failover"), with both upstreams as fakes
 * with their own books: MTN airtime routed to VTpass then Clubkonnect, an MTN data plan to Clubkonnect.
 * A refusal before anything was executed fails over and vends once on the next route; a time-out never
 * reaches the next route, and settles by requery on its own; what each upstream delivered is what we
 * settled successful on it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import type { VendOutcome, VendProvider } from "~/server/providers";
import type { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { getMarginReport } from "~/server/services/reports/margin-report";
import { getUpstreamHealth } from "~/server/services/routing/get-upstream-health";
import { setRouteEnabled } from "~/server/services/routing/set-route-enabled";
import { setUpstreamEnabled } from "~/server/services/routing/set-upstream-enabled";
import { readUpstreamBalances } from "~/server/services/upstream/read-upstream-balances";
import type { FakeClubkonnect } from "~/test/fake-clubkonnect";
import { startTwoUpstreams, stopTwoUpstreams, useRouteProviders, vtpassProviderAt } from "~/test/two-upstreams";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { operator } from "~/test/fixtures";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { planOf, statementsDuring } from "~/test/statements";
import { purchaseAirtime } from "./purchase-airtime";
import { purchaseData } from "./purchase-data";

let vtpassFake: FakeVtpass;
let clubkonnectFake: FakeClubkonnect;

const vtpassAt = (baseUrl: string): VtpassProvider => vtpassProviderAt(vtpassFake, baseUrl);
const useProviders = (vtpass: VtpassProvider): void => useRouteProviders(vtpass, clubkonnectFake);

async function attemptsOf(transactionId: string) {
  return db.$queryRaw<{ provider: string; status: string; upstream_request_id: string; cost: bigint | null }[]>`
    SELECT provider, status::text, upstream_request_id, cost FROM vend_attempts WHERE transaction_id = ${transactionId}::uuid
    ORDER BY attempt_number`;
}

async function storedOf(transactionId: string) {
  const [row] = await db.$queryRaw<{ status: string; provider: string | null; upstream_request_id: string; cost: bigint | null }[]>`
    SELECT status::text, provider, upstream_request_id, cost FROM transactions WHERE id = ${transactionId}::uuid`;
  return row!;
}

function airtime(actor: Awaited<ReturnType<typeof fundedAccount>>["actor"], phone: string, clientReference = reference()) {
  return purchaseAirtime(actor, { clientReference, networkId: "mtn", phone, amount: 50_000 });
}

beforeAll(async () => {
  ({ vtpass: vtpassFake, clubkonnect: clubkonnectFake } = await startTwoUpstreams());
});
beforeEach(async () => {
  useProviders(vtpassAt(vtpassFake.baseUrl));
  vtpassFake.clear();
  await db.$executeRaw`
    UPDATE upstream_providers SET consecutive_failures = 0, circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL`;
  await db.$executeRaw`UPDATE product_routes SET enabled = true, consecutive_failures = 0, circuit_opened_at = NULL, trial_started_at = NULL`;
});
afterAll(() => stopTwoUpstreams({ vtpass: vtpassFake, clubkonnect: clubkonnectFake }));

describe("routes and failover", () => {
  it("with VTpass's wallet empty (018), airtime sells through Clubkonnect, once, under a request id of its own, with no error", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    vtpassFake.outcomeFor("08031110001", { code: "018" });
    const result = await airtime(actor, "08031110001");
    expect(result.transaction.status).toBe("successful");
    const attempts = await attemptsOf(result.transaction.id);
    expect(attempts.map(({ provider, status }) => [provider, status])).toEqual([
      ["vtpass", "REFUSED"],
      ["clubkonnect", "DELIVERED"],
    ]);
    const [refused, executed] = attempts;
    expect(refused!.upstream_request_id).not.toBe(executed!.upstream_request_id);
    expect(vtpassFake.orders.has(refused!.upstream_request_id)).toBe(false);
    const order = clubkonnectFake.orders.get(executed!.upstream_request_id)!;
    expect(order.params).toMatchObject({ MobileNetwork: "01", Amount: "500", MobileNumber: "08031110001" });
    // The transaction's upstream, request id and cost are the executing attempt's: 3.5 % commission of ₦500.
    expect(await storedOf(result.transaction.id)).toMatchObject({
      provider: "clubkonnect",
      upstream_request_id: executed!.upstream_request_id,
      cost: 48_250n,
    });
    expect(await balanceOf(accountId)).toBe(950_000n);

    // VTpass's circuit opened on its empty wallet: the next order goes straight to Clubkonnect.
    const sentToVtpass = vtpassFake.payRequests.length;
    const next = await airtime(actor, "08031110002");
    expect(next.transaction.status).toBe("successful");
    expect((await attemptsOf(next.transaction.id)).map(({ provider }) => provider)).toEqual(["clubkonnect"]);
    expect(vtpassFake.payRequests).toHaveLength(sentToVtpass);
  });

  it("costs the purchase no statement of its own: the claim records the first attempt, the settlement settles it; only a failover adds one", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const routed = await statementsDuring(() =>
      purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031110012" }),
    );
    expect(routed.result.transaction.status).toBe("successful");
    expect(routed.statements).toHaveLength(2);
    expect(routed.statements[0]).toMatch(/begin_data_purchase[\s\S]*begin_vend_attempt/);
    expect(routed.statements[1]).toContain("settle_purchase_attempt");
    // The attempt was committed with the claim, under the request id the order went out with.
    const [attempt] = await attemptsOf(routed.result.transaction.id);
    expect(clubkonnectFake.orders.has(attempt!.upstream_request_id)).toBe(true);

    vtpassFake.outcomeFor("08031110013", { code: "018" });
    const failedOver = await statementsDuring(() => airtime(actor, "08031110013"));
    expect(failedOver.result.transaction.status).toBe("successful");
    // From the claim on (airtime reads its network first): the refusal's settlement starts the next attempt in
    // the same statement, and that attempt's answer settles the purchase in one more.
    const fromClaim = failedOver.statements.slice(failedOver.statements.findIndex((text) => text.includes("begin_purchase")));
    expect(fromClaim).toHaveLength(3);
    expect(fromClaim.slice(1).every((text) => text.includes("settle_purchase_attempt"))).toBe(true);
  });

  it("an answer about the order ends its upstream's and route's runs of failures; while none is on record, it writes neither row", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const health = async () => {
      const [row] = await db.$queryRaw<{ upstream: number; route: number; upstream_at: Date; route_at: Date }[]>`
        SELECT u.consecutive_failures AS upstream, r.consecutive_failures AS route, u.updated_at AS upstream_at, r.updated_at AS route_at
        FROM upstream_providers u JOIN product_routes r ON r.provider = u.name
        WHERE u.name = 'vtpass' AND r.service = 'AIRTIME' AND r.product_code = 'mtn'`;
      return row!;
    };
    // Failures in a row on record, below the threshold: both circuits still closed.
    await db.$executeRaw`UPDATE upstream_providers SET consecutive_failures = 2 WHERE name = 'vtpass'`;
    await db.$executeRaw`UPDATE product_routes SET consecutive_failures = 1 WHERE service = 'AIRTIME' AND product_code = 'mtn' AND provider = 'vtpass'`;
    expect((await airtime(actor, "08031110021")).transaction.status).toBe("successful");
    const reset = await health();
    expect(reset).toMatchObject({ upstream: 0, route: 0 });

    expect((await airtime(actor, "08031110022")).transaction.status).toBe("successful");
    expect(await health()).toEqual(reset);
  });

  it("plans the rule of what is on record as its expression: health_on_record is inlined, not called per row", async () => {
    const text = await planOf(
      Prisma.sql`SELECT 1 FROM product_routes r WHERE health_on_record(r.consecutive_failures, r.circuit_opened_at, r.trial_started_at)`,
      "(VERBOSE)",
    );
    expect(text).toContain("consecutive_failures <> 0");
    expect(text).not.toContain("health_on_record");
  });

  it("a connection refused (nothing sent) fails over; a product refusal of the last route fails the purchase refunded", async () => {
    const closed = await startFakeVtpass();
    const deadUrl = closed.baseUrl;
    await closed.close();
    useProviders(vtpassAt(deadUrl));
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const result = await airtime(actor, "08031110003");
    expect(result.transaction.status).toBe("successful");
    expect((await attemptsOf(result.transaction.id)).map(({ provider, status }) => [provider, status])).toEqual([
      ["vtpass", "REFUSED"],
      ["clubkonnect", "DELIVERED"],
    ]);

    clubkonnectFake.outcomeFor.set("08031110004", { refuse: "INVALID_DATAPLAN" });
    const refused = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031110004" });
    expect(refused.transaction.status).toBe("failed");
    expect(await balanceOf(accountId)).toBe(950_000n);
  });

  it("with VTpass timing out, nothing is sent to Clubkonnect for those orders, even after reconciler runs; they settle by requery on VTpass", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    vtpassFake.inject("pay", { kind: "hang", executes: true });
    vtpassFake.outcomeFor("08031110006", "unanswered");
    const executed = await airtime(actor, "08031110005");
    const lost = await airtime(actor, "08031110006");
    expect([executed.transaction.status, lost.transaction.status]).toEqual(["pending", "pending"]);
    const sentToClubkonnect = clubkonnectFake.received.length;
    for (let run = 0; run < 2; run += 1) await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect(clubkonnectFake.received).toHaveLength(sentToClubkonnect);
    expect((await storedOf(executed.transaction.id)).status).toBe("SUCCESSFUL");
    // Never received by VTpass, and too young for its "not found" to settle it: pending on VTpass, nowhere else.
    expect(await storedOf(lost.transaction.id)).toMatchObject({ status: "PENDING", provider: "vtpass" });
    expect((await attemptsOf(lost.transaction.id)).map(({ provider, status }) => [provider, status])).toEqual([["vtpass", "PENDING"]]);
    expect(await balanceOf(accountId)).toBe(900_000n);
  });

  it("an attempt recorded but not answered (the process gone) is requeried on its own route under its own request id, never sent elsewhere", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const vtpass = vtpassAt(vtpassFake.baseUrl);
    let release: (outcome: VendOutcome) => void = () => {};
    // Stands for a process that recorded the attempt and died before (or while) sending it.
    const stalled: VendProvider = Object.assign(Object.create(vtpass) as VtpassProvider, {
      vend: () => new Promise<VendOutcome>((resolve) => (release = resolve)),
    });
    useProviders(stalled as VtpassProvider);
    const purchase = airtime(actor, "08031110011");
    let attempts: Awaited<ReturnType<typeof attemptsOf>> = [];
    while (attempts.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await db.$queryRaw<{ id: string }[]>`
        SELECT t.id FROM transactions t JOIN vend_attempts a ON a.transaction_id = t.id WHERE t.recipient = '08031110011'`;
      if (row) attempts = await attemptsOf(row.id);
    }
    expect(attempts.map(({ provider, status }) => [provider, status])).toEqual([["vtpass", "SENDING"]]);
    const sentToClubkonnect = clubkonnectFake.received.length;
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect(vtpassFake.requeries).toContain(attempts[0]!.upstream_request_id);
    expect(clubkonnectFake.received).toHaveLength(sentToClubkonnect);
    release({ status: "pending", providerReference: null, unanswered: true });
    expect((await purchase).transaction.status).toBe("pending");
    expect(clubkonnectFake.received).toHaveLength(sentToClubkonnect);
  });

  it("routes MTN SME data to Clubkonnect with its plan code, at the route's cost", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const result = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031110007" });
    expect(result.transaction.status).toBe("successful");
    const [attempt] = await attemptsOf(result.transaction.id);
    expect(clubkonnectFake.orders.get(attempt!.upstream_request_id)!.params).toMatchObject({ MobileNetwork: "01", DataPlan: "1000.0" });
    expect(await storedOf(result.transaction.id)).toMatchObject({ provider: "clubkonnect", cost: 23_000n });
  });

  it("takes a product whose every route is switched off off sale: provider.unavailable, nothing charged, nothing sent", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    await db.$executeRaw`UPDATE product_routes SET enabled = false WHERE product_code = 'mtn-1gb-30d'`;
    const sent = clubkonnectFake.received.length;
    const error = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031110008" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code).toBe("provider.unavailable");
    expect(await balanceOf(accountId)).toBe(1_000_000n);
    expect(clubkonnectFake.received).toHaveLength(sent);
  });

  it("20 simultaneous duplicates during a failover vend once", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    vtpassFake.outcomeFor("08031110009", { code: "018" });
    const clientReference = reference();
    const results = await Promise.all(Array.from({ length: 20 }, () => airtime(actor, "08031110009", clientReference)));
    expect(new Set(results.map(({ transaction }) => transaction.id)).size).toBe(1);
    const [attempt] = (await attemptsOf(results[0]!.transaction.id)).filter(({ status }) => status !== "REFUSED");
    expect([...clubkonnectFake.orders.values()].filter((order) => order.params.MobileNumber === "08031110009")).toHaveLength(1);
    expect(attempt!.provider).toBe("clubkonnect");
    expect(await balanceOf(accountId)).toBe(950_000n);
  });

  it("an operator switches VTpass off by hand: airtime skips it; the health view shows the last hour and the products off sale", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    await setUpstreamEnabled(operator, { provider: "vtpass", enabled: false, reason: "maintenance" });
    try {
      const sent = vtpassFake.payRequests.length;
      const result = await airtime(actor, "08031110010");
      expect((await attemptsOf(result.transaction.id)).map(({ provider }) => provider)).toEqual(["clubkonnect"]);
      expect(vtpassFake.payRequests).toHaveLength(sent);
      await setRouteEnabled(operator, { service: "DATA", productCode: "mtn-1gb-30d", provider: "clubkonnect", enabled: false });
      const health = await getUpstreamHealth(operator);
      const clubkonnect = health.upstreams.find(({ name }) => name === "clubkonnect")!;
      expect(clubkonnect.lastHour.attempts).toBeGreaterThan(0);
      expect(clubkonnect.lastHour.successRate).toBeGreaterThan(0);
      expect(clubkonnect.lastHour.latencyP95Ms).toBeGreaterThanOrEqual(clubkonnect.lastHour.latencyP50Ms!);
      // Its wallet as the balance poll last recorded it (an operator's "read now" here).
      await readUpstreamBalances(operator, { provider: "clubkonnect" });
      const { wallet } = (await getUpstreamHealth(operator)).upstreams.find(({ name }) => name === "clubkonnect")!;
      expect(wallet).toMatchObject({ balanceKobo: BigInt(clubkonnectFake.balance * 100), belowFloor: false });
      expect(health.upstreams.find(({ name }) => name === "vtpass")).toMatchObject({ enabled: false, disabledReason: "maintenance" });
      expect(health.productsOffSale).toEqual([{ service: "DATA", productCode: "mtn-1gb-30d", name: "MTN 1GB (SME) – 30 days" }]);
      const audited = await db.auditLogEntry.findMany({ where: { action: { in: ["upstream.disable", "route.disable"] } } });
      expect(audited.map(({ action }) => action).sort()).toEqual(["route.disable", "upstream.disable"]);
    } finally {
      await setUpstreamEnabled(operator, { provider: "vtpass", enabled: true });
    }
  });

  it("what each upstream delivered is what we settled successful on it, and the ledger holds", async () => {
    const settledOn = async (provider: string) =>
      (
        await db.$queryRaw<{ upstream_request_id: string }[]>`
          SELECT upstream_request_id FROM transactions WHERE status = 'SUCCESSFUL' AND provider = ${provider} ORDER BY 1`
      ).map(({ upstream_request_id }) => upstream_request_id);
    const deliveredBy = (ids: Iterable<string>) => [...ids].sort();
    expect(await settledOn("clubkonnect")).toEqual(deliveredBy(clubkonnectFake.delivered().map(({ requestId }) => requestId)));
    const vtpassDelivered = [...vtpassFake.orders.values()]
      .filter((order) => order.status === "delivered")
      .map(({ requestId }) => requestId);
    expect(await settledOn("vtpass")).toEqual(deliveredBy(vtpassDelivered));
    expect((await checkLedger(operator)).ok).toBe(true);
  });

  it("the margin report splits cost and margin by the upstream that executed each purchase", async () => {
    const [newest] = await db.$queryRaw<{ period: string }[]>`
      SELECT to_char(max(created_at) AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS period FROM transactions WHERE provider = 'clubkonnect'`;
    const report = await getMarginReport(operator, { period: newest!.period });
    const costs = await db.$queryRaw<{ provider: string; count: bigint; cost: bigint }[]>`
      SELECT provider, count(*) AS count, sum(cost)::bigint AS cost FROM transactions
      WHERE status = 'SUCCESSFUL' AND livemode AND provider IN ('vtpass', 'clubkonnect')
        AND to_char(created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') = ${newest!.period}
      GROUP BY provider`;
    expect(costs.map(({ provider }) => provider).sort()).toEqual(["clubkonnect", "vtpass"]);
    for (const { provider, count, cost } of costs) {
      expect(report.byUpstream.find(({ upstream }) => upstream === provider)).toMatchObject({ count: Number(count), cost });
    }
    expect(report.byUpstream.reduce((sum, line) => sum + line.cost, 0n)).toBe(report.total.cost);
  });
});
