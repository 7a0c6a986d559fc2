/**
 * The dashboard's figures against real PostgreSQL: Lagos month and day boundaries, what counts as
 * spend, and that nothing of another account leaks in. Rows are inserted with chosen timestamps; one
 * test goes through the purchase engine to check the figures agree with real purchases.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { getDashboardSummary } from "./get-dashboard-summary";
import { getOperatorOverview } from "./get-operator-overview";

type Seed = { at: string; amount: bigint; status?: "SUCCESSFUL" | "PENDING" | "FAILED"; service?: "DATA" | "AIRTIME" | "ELECTRICITY" };

async function insertTransactions(accountId: string, seeds: Seed[]) {
  for (const seed of seeds) {
    await db.transaction.create({
      data: {
        accountId,
        clientReference: reference("seed"),
        service: seed.service ?? "DATA",
        status: seed.status ?? "SUCCESSFUL",
        // A pending purchase is in the reconciler's queue, as insert_purchase leaves it.
        ...(seed.status === "PENDING" ? { requery: { create: { nextRequeryAt: new Date(seed.at) } } } : {}),
        orderFingerprint: "test",
        recipient: "08031234567",
        amount: seed.amount,
        channel: "API",
        sourceIp: "127.0.0.9",
        createdAt: new Date(seed.at),
      },
    });
  }
}

function userOf(accountId: string, role: "OWNER" | "STAFF" = "OWNER"): Actor {
  return { kind: "user", userId: crypto.randomUUID(), email: "someone@example.test", role, accountId, sourceIp: "127.0.0.1" };
}

describe("getDashboardSummary", () => {
  it("counts the month in Lagos time: 23:30 UTC on the last day of May belongs to June", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    await insertTransactions(accountId, [
      { at: "2026-05-31T22:59:59.999Z", amount: 1_000n }, // 23:59:59 on 31 May in Lagos: May
      { at: "2026-05-31T23:30:00.000Z", amount: 2_000n }, // 00:30 on 1 June in Lagos: June
      { at: "2026-06-15T10:00:00.000Z", amount: 4_000n, service: "AIRTIME" },
      { at: "2026-06-30T22:59:59.000Z", amount: 8_000n, status: "PENDING" }, // last second of June in Lagos
      { at: "2026-06-30T23:00:00.000Z", amount: 16_000n }, // 1 July in Lagos
      { at: "2026-06-10T10:00:00.000Z", amount: 32_000n, status: "FAILED" },
    ]);

    const summary = await getDashboardSummary(userOf(accountId), { now: new Date("2026-06-20T12:00:00Z") });
    // Purchases count every purchase, the failed one too; spend is what successful and pending cost.
    expect(summary.month).toEqual({
      start: "2026-06-01",
      count: 4,
      failed: 1,
      amount: 14_000n,
      byService: [
        { service: "DATA", count: 3, failed: 1, amount: 10_000n },
        { service: "AIRTIME", count: 1, failed: 0, amount: 4_000n },
      ],
    });

    // Seen from 00:10 on 1 June in Lagos (23:10 UTC on 31 May), June has just begun.
    const justAfter = await getDashboardSummary(userOf(accountId), { now: new Date("2026-05-31T23:10:00Z") });
    expect(justAfter.month.start).toBe("2026-06-01");
    // Seen from 23:50 on 31 May in Lagos it is still May, whose one purchase is the 1,000.
    const justBefore = await getDashboardSummary(userOf(accountId), { now: new Date("2026-05-31T22:50:00Z") });
    expect(justBefore.month).toMatchObject({ start: "2026-05-01", count: 1, amount: 1_000n });
  });

  it("gives 30 Lagos days of spend, oldest first, with empty days as zero", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    await insertTransactions(accountId, [
      { at: "2026-05-21T23:30:00Z", amount: 100n }, // 22 May in Lagos: before the 30 days of 21 June
      { at: "2026-05-22T23:30:00Z", amount: 200n }, // 23 May in Lagos: the first of the 30 days
      { at: "2026-06-20T23:30:00Z", amount: 300n }, // 21 June in Lagos: today
      { at: "2026-06-20T23:40:00Z", amount: 400n, status: "PENDING" },
      { at: "2026-06-20T23:50:00Z", amount: 500n, status: "FAILED" },
    ]);
    const { daily } = await getDashboardSummary(userOf(accountId), { now: new Date("2026-06-21T09:00:00Z") });
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ date: "2026-05-23", count: 1, amount: 200n });
    expect(daily.at(-1)).toEqual({ date: "2026-06-21", count: 3, amount: 700n });
    expect(daily.slice(1, -1).every((day) => day.count === 0 && day.amount === 0n)).toBe(true);
    expect(new Set(daily.map((day) => day.date)).size).toBe(30);
  });

  it("shows only the caller's account: balance, spend and recent transactions", async () => {
    const own = await fundedAccount(1_000_000n);
    const other = await fundedAccount(2_000_000n);
    await purchaseData(own.actor, { clientReference: reference("own"), planId: "mtn-1gb-30d", phone: "08031234567" });
    await purchaseData(own.actor, { clientReference: reference("own-failed"), planId: "mtn-1gb-30d", phone: "08031230000" });
    await purchaseData(other.actor, { clientReference: reference("other"), planId: "mtn-2gb-30d", phone: "08031234567" });

    const summary = await getDashboardSummary(userOf(own.accountId, "STAFF"));
    expect(summary.balance).toBe(1_000_000n - 28_000n);
    expect(summary.month).toMatchObject({
      count: 2,
      failed: 1,
      amount: 28_000n,
      byService: [{ service: "DATA", count: 2, failed: 1, amount: 28_000n }],
    });
    expect(summary.daily.at(-1)).toMatchObject({ count: 2, amount: 28_000n });
    expect(summary.recent.map((transaction) => transaction.status)).toEqual(["failed", "successful"]);
    expect(summary.recent.every((transaction) => transaction.channel === "api" && transaction.apiKeyName !== null)).toBe(true);
  });

  it("keeps the ten latest transactions, newest first", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    await insertTransactions(
      accountId,
      Array.from({ length: 12 }, (_, index) => ({ at: new Date(Date.UTC(2026, 5, 1, index)).toISOString(), amount: BigInt(index + 1) })),
    );
    const { recent } = await getDashboardSummary(userOf(accountId), { now: new Date("2026-06-02T00:00:00Z") });
    expect(recent.map((transaction) => transaction.amount)).toEqual([12n, 11n, 10n, 9n, 8n, 7n, 6n, 5n, 4n, 3n]);
  });

  it("is refused to operators, who have no account", async () => {
    const operator: Actor = {
      kind: "user",
      userId: crypto.randomUUID(),
      email: "op@example.test",
      role: "OPERATOR",
      accountId: null,
      sourceIp: null,
    };
    const error = await getDashboardSummary(operator).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("forbidden");
  });
});

describe("getOperatorOverview", () => {
  it("counts accounts and pending transactions for operators only", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    await insertTransactions(accountId, [
      { at: "2026-06-01T00:00:00Z", amount: 1n, status: "PENDING" },
      { at: "2026-06-01T00:00:00Z", amount: 1n },
    ]);
    const overview = await getOperatorOverview({ kind: "cli", label: "cli:test" });
    expect(overview.accounts).toBe(await db.account.count());
    expect(overview.pendingTransactions).toBe(await db.transaction.count({ where: { status: "PENDING" } }));
    expect(overview.pendingTransactions).toBeGreaterThanOrEqual(1);

    const error = await getOperatorOverview(userOf(accountId)).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("forbidden");
  });

  it("gives today's sales and success rate over every account, by the Lagos day", async () => {
    const [first, second] = [await fundedAccount(1_000_000n), await fundedAccount(1_000_000n)];
    await insertTransactions(first.accountId, [
      { at: "2026-09-14T22:59:59.999Z", amount: 1_000_000n }, // 23:59 on 14 September in Lagos: yesterday
      { at: "2026-09-14T23:00:00.000Z", amount: 10_000n }, // midnight in Lagos: today
      { at: "2026-09-15T10:00:00.000Z", amount: 5_000n, status: "FAILED" },
      { at: "2026-09-15T22:59:59.999Z", amount: 1_000_000n }, // after `now`, still today
      { at: "2026-09-15T23:00:00.000Z", amount: 1_000_000n }, // tomorrow in Lagos
    ]);
    await insertTransactions(second.accountId, [
      { at: "2026-09-15T11:00:00.000Z", amount: 20_000n },
      { at: "2026-09-15T11:30:00.000Z", amount: 7_000n, status: "PENDING" },
    ]);
    const { today } = await getOperatorOverview({ kind: "cli", label: "cli:test" }, { now: new Date("2026-09-15T12:00:00Z") });
    expect(today).toEqual({
      day: "2026-09-15",
      salesCount: 4,
      salesValue: 1_037_000n,
      successful: 3,
      failed: 1,
      successRate: 0.75,
    });

    const quiet = await getOperatorOverview({ kind: "cli", label: "cli:test" }, { now: new Date("2031-01-01T12:00:00Z") });
    expect(quiet.today).toMatchObject({ day: "2031-01-01", salesCount: 0, salesValue: 0n, successRate: null });
  });
});
