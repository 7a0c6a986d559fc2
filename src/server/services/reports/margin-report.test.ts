/**
 * Cost and margin (issue 16) against real PostgreSQL: each transaction records its cost when it is
 * begun (a plan's or fixed product's cost price; an airtime or variable bill amount less the upstream's
 * commission, rounded so the cost is never understated; null when unknown), and the margin report sums
 * a Lagos month's successful purchases per account, per service and in total, uncosted ones apart.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { updateNetwork } from "~/server/services/catalog/save-network";
import { updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { createPlan } from "~/server/services/catalog/save-plan";
import { buy, createTestCatalog } from "~/test/catalog-fixtures";
import { operator, rejection } from "~/test/fixtures";
import { fundedAccount } from "~/test/purchase-fixtures";
import { getMarginReport, type MarginFigures } from "./margin-report";

const costOf = async (transactionId: string) => (await db.transaction.findUniqueOrThrow({ where: { id: transactionId } })).cost;

describe("the cost recorded on each transaction", () => {
  it("is the cost price, or the amount less the commission rounded in the upstream's favour, or null", async () => {
    const catalog = await createTestCatalog();
    const { actor } = await fundedAccount(10_000_000n);
    const cases: [string, () => Promise<{ transaction: { id: string } }>, bigint | null][] = [
      ["data plan: its cost price", () => buy.data(actor, catalog.plan.id), 27_000n],
      ["fixed bill: its cost price", () => buy.fixedBill(actor, catalog.fixed.id), 4_700n],
      // 20,001 × 1.5% = 300.015: the commission is 300, so the cost is 19,701, never 19,700.
      ["variable bill: amount less commission", () => buy.variableBill(actor, catalog.variable.id, 20_001n), 19_701n],
      // 10,001 × 3% = 300.03: cost 9,701.
      ["airtime: amount less commission", () => buy.airtime(actor, catalog.network.id, 10_001n), 9_701n],
    ];
    for (const [what, purchase, cost] of cases) expect([what, await costOf((await purchase()).transaction.id)]).toEqual([what, cost]);

    // Unknown cost: null, never zero.
    await updateNetwork(operator, { id: catalog.network.id, airtimeCommissionBps: null });
    await updateBillProduct(operator, { id: catalog.variable.id, commissionBps: null });
    await updateBillProduct(operator, { id: catalog.fixed.id, costPrice: null });
    const uncosted = await createPlan(operator, { ...catalog.plan, id: `${catalog.plan.id}-nocost`, costPrice: null });
    for (const purchase of [
      () => buy.airtime(actor, catalog.network.id, 10_001n),
      () => buy.variableBill(actor, catalog.variable.id, 20_001n),
      () => buy.fixedBill(actor, catalog.fixed.id),
      () => buy.data(actor, uncosted.id),
    ]) {
      expect(await costOf((await purchase()).transaction.id)).toBeNull();
    }
  });
});

describe("the margin report", () => {
  const figures = (count: number, revenue: bigint, cost: bigint, uncostedCount = 0, uncostedRevenue = 0n): MarginFigures => ({
    count,
    revenue,
    cost,
    margin: revenue - uncostedRevenue - cost,
    uncostedCount,
    uncostedRevenue,
    // Over the costed revenue only: an uncosted purchase is neither margin nor loss.
    marginRate: revenue - uncostedRevenue === 0n ? null : Number(revenue - uncostedRevenue - cost) / Number(revenue - uncostedRevenue),
  });

  it("sums a Lagos month's successful purchases per account, per service and in total", async () => {
    const catalog = await createTestCatalog();
    const uncostedPlan = await createPlan(operator, { ...catalog.plan, id: `${catalog.plan.id}-free`, price: 10_000n, costPrice: null });
    const a = await fundedAccount(10_000_000n);
    const b = await fundedAccount(10_000_000n);
    const inMonth = "2026-03-15T12:00:00Z";
    const placed: [Promise<{ transaction: { id: string } }>, string][] = [];
    const at = (when: string, purchase: Promise<{ transaction: { id: string } }>) => placed.push([purchase, when]);
    at(inMonth, buy.data(a.actor, catalog.plan.id));
    at(inMonth, buy.data(a.actor, uncostedPlan.id));
    at(inMonth, buy.data(a.actor, catalog.plan.id, "08030000000")); // fails: refunded, not revenue
    at(inMonth, buy.data(a.actor, catalog.plan.id, "08031111111")); // pending: not revenue yet
    at(inMonth, buy.fixedBill(a.actor, catalog.fixed.id));
    at(inMonth, buy.variableBill(a.actor, catalog.variable.id, 20_001n));
    at(inMonth, buy.airtime(a.actor, catalog.network.id, 10_001n));
    at("2026-02-28T23:30:00Z", buy.data(a.actor, catalog.plan.id)); // 1 March 00:30 in Lagos: March
    at("2026-03-31T23:30:00Z", buy.data(a.actor, catalog.plan.id)); // 1 April 00:30 in Lagos: April
    at(inMonth, buy.data(b.actor, catalog.plan.id));
    for (const [purchase, when] of placed) {
      const { transaction } = await purchase;
      await db.transaction.update({ where: { id: transaction.id }, data: { createdAt: new Date(when) } });
    }
    const statuses = await db.transaction.groupBy({ by: ["status"], where: { accountId: a.accountId }, _count: true });
    expect(Object.fromEntries(statuses.map((row) => [row.status, row._count]))).toEqual({ SUCCESSFUL: 7, FAILED: 1, PENDING: 1 });

    const march = await getMarginReport(operator, { period: "2026-03" });
    const expectedA = {
      DATA: figures(3, 70_000n, 54_000n, 1, 10_000n),
      CABLE_TV: figures(1, 5_000n, 4_700n),
      ELECTRICITY: figures(1, 20_001n, 19_701n),
      AIRTIME: figures(1, 10_001n, 9_701n),
    };
    const lineFigures = (accountId: string) =>
      Object.fromEntries(
        march.lines
          .filter((line) => line.accountId === accountId)
          .map(({ accountId: _a, accountName: _n, upstream: _u, service, ...rest }) => [service, rest]),
      );
    expect(lineFigures(a.accountId)).toEqual(expectedA);
    expect(lineFigures(b.accountId)).toEqual({ DATA: figures(1, 30_000n, 27_000n) });
    // All bought through the sandbox (VEND_PROVIDER in tests): one upstream, the whole month.
    expect(march.byUpstream).toEqual([{ upstream: "sandbox", ...march.total }]);
    const byAccount = Object.fromEntries(march.byAccount.map(({ accountId, accountName: _n, ...rest }) => [accountId, rest]));
    expect(byAccount).toEqual({
      [a.accountId]: figures(6, 105_002n, 88_102n, 1, 10_000n),
      [b.accountId]: figures(1, 30_000n, 27_000n),
    });
    expect(Object.fromEntries(march.byService.map(({ service, ...rest }) => [service, rest]))).toEqual({
      ...expectedA,
      DATA: figures(4, 100_000n, 81_000n, 1, 10_000n),
    });
    expect(march.total).toEqual(figures(7, 135_002n, 115_102n, 1, 10_000n));
    expect(march.total.margin).toBe(9_900n);
    expect(march.total.marginRate).toBeCloseTo(9_900 / 125_002, 10);
    expect(march).toMatchObject({ period: "2026-03", from: "2026-03-01", to: "2026-03-31" });
    // By Lagos day: 1 March (00:30 in Lagos) and the 15th.
    expect(Object.fromEntries(march.byDay.map(({ day, ...rest }) => [day, rest]))).toEqual({
      "2026-03-01": figures(1, 30_000n, 27_000n),
      "2026-03-15": figures(6, 105_002n, 88_102n, 1, 10_000n),
    });

    // A range of days instead of a month, both ends included.
    const firstDay = await getMarginReport(operator, { from: "2026-03-01", to: "2026-03-01" });
    expect(firstDay).toMatchObject({ period: "2026-03-01..2026-03-01", from: "2026-03-01", to: "2026-03-01", label: "1 Mar 2026" });
    expect(firstDay.total).toEqual(figures(1, 30_000n, 27_000n));
    const range = await getMarginReport(operator, { from: "2026-02-20", to: "2026-03-15" });
    expect(range.total).toEqual(march.total);
    expect(range.label).toBe("20 Feb 2026 – 15 Mar 2026");

    const april = await getMarginReport(operator, { period: "2026-04", accountId: a.accountId });
    expect(april.total).toEqual(figures(1, 30_000n, 27_000n));
    expect((await getMarginReport(operator, { period: "2026-03", accountId: b.accountId })).total).toEqual(figures(1, 30_000n, 27_000n));
  });

  it("is for operators only, and takes a month as YYYY-MM", async () => {
    const { actor } = await fundedAccount(0n);
    expect((await rejection(getMarginReport(actor, { period: "2026-03" }))).code).toBe("forbidden");
    const error = await rejection(getMarginReport(operator, { period: "2026-13" }));
    expect(error.fieldErrors?.[0]?.name).toBe("period");
    // A range: both ends, in order, at most a year, never with a month.
    for (const [input, field] of [
      [{ from: "2026-03-01" }, "to"],
      [{ from: "2026-03-02", to: "2026-03-01" }, "to"],
      [{ from: "2025-01-01", to: "2026-03-01" }, "to"],
      [{ period: "2026-03", from: "2026-03-01", to: "2026-03-02" }, "period"],
      [{}, "period"],
    ] as const) {
      expect((await rejection(getMarginReport(operator, input))).fieldErrors?.map((problem) => problem.name)).toContain(field);
    }
  });
});
