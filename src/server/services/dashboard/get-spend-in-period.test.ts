/**
 * The dashboard's period figures against real PostgreSQL: each preset's Lagos days and the period it
 * is compared with, what counts, and that test purchases and other accounts stay out.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { getSpendInPeriod } from "./get-spend-in-period";

type Seed = { at: string; amount: bigint; status?: "SUCCESSFUL" | "PENDING" | "FAILED"; livemode?: boolean };

async function insertTransactions(accountId: string, seeds: Seed[]) {
  for (const seed of seeds) {
    await db.transaction.create({
      data: {
        accountId,
        clientReference: reference("period"),
        service: "DATA",
        status: seed.status ?? "SUCCESSFUL",
        orderFingerprint: "test",
        recipient: "08031234567",
        amount: seed.amount,
        channel: "API",
        sourceIp: "127.0.0.9",
        livemode: seed.livemode ?? true,
        createdAt: new Date(seed.at),
      },
    });
  }
}

function ownerOf(accountId: string): Actor {
  return { kind: "user", userId: crypto.randomUUID(), email: "owner@example.test", role: "OWNER", accountId, sourceIp: "127.0.0.1" };
}

// 12:00 on Friday 27 November 2026 in Lagos.
const NOW = new Date("2026-11-27T11:00:00Z");

describe("getSpendInPeriod", () => {
  it("counts each preset's Lagos days beside the period before it", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    const other = await fundedAccount(1_000_000n);
    await insertTransactions(accountId, [
      { at: "2026-11-26T23:30:00Z", amount: 1_000n }, // 00:30 on the 27th in Lagos: today
      { at: "2026-11-27T10:00:00Z", amount: 2_000n, status: "FAILED" }, // today, failed: a purchase, no spend
      { at: "2026-11-27T10:30:00Z", amount: 4_000n, status: "PENDING" }, // today, pending: spend
      { at: "2026-11-26T22:30:00Z", amount: 8_000n }, // 23:30 on the 26th in Lagos: yesterday
      { at: "2026-11-21T10:00:00Z", amount: 16_000n }, // the 21st: the first of the last 7 days
      { at: "2026-11-20T10:00:00Z", amount: 32_000n }, // the 20th: the 7 days before
      { at: "2026-10-15T10:00:00Z", amount: 64_000n }, // 15 October: within 1–27 October
      { at: "2026-10-29T10:00:00Z", amount: 128_000n }, // 29 October: after the 27th, in neither month's span
      { at: "2026-11-27T10:45:00Z", amount: 256_000n, livemode: false }, // a test purchase: never counted
    ]);
    await insertTransactions(other.accountId, [{ at: "2026-11-27T10:00:00Z", amount: 512_000n }]);
    const period = (name: "today" | "7d" | "30d" | "month") => getSpendInPeriod(ownerOf(accountId), { period: name }, { now: NOW });

    expect(await period("today")).toEqual({
      period: "today",
      current: { from: "2026-11-27", to: "2026-11-27", purchases: 3, failed: 1, spend: 5_000n },
      previous: { from: "2026-11-26", to: "2026-11-26", purchases: 1, failed: 0, spend: 8_000n },
    });
    expect(await period("7d")).toMatchObject({
      current: { from: "2026-11-21", to: "2026-11-27", purchases: 5, failed: 1, spend: 29_000n },
      previous: { from: "2026-11-14", to: "2026-11-20", purchases: 1, spend: 32_000n },
    });
    expect(await period("30d")).toMatchObject({
      current: { from: "2026-10-29", to: "2026-11-27", purchases: 7, spend: 189_000n },
      previous: { from: "2026-09-29", to: "2026-10-28", purchases: 1, spend: 64_000n },
    });
    expect(await period("month")).toMatchObject({
      current: { from: "2026-11-01", to: "2026-11-27", purchases: 6, spend: 61_000n },
      previous: { from: "2026-10-01", to: "2026-10-27", purchases: 1, spend: 64_000n },
    });
  });

  it("compares the end of a long month with the whole of a shorter one", async () => {
    const { accountId } = await fundedAccount(1_000_000n);
    const result = await getSpendInPeriod(ownerOf(accountId), { period: "month" }, { now: new Date("2026-03-31T12:00:00Z") });
    expect(result.current).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    expect(result.previous).toMatchObject({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("refuses an operator, who has no account, and a period that is not a preset", async () => {
    const operator: Actor = {
      kind: "user",
      userId: crypto.randomUUID(),
      email: "op@example.test",
      role: "OPERATOR",
      accountId: null,
      sourceIp: null,
    };
    await expect(getSpendInPeriod(operator, { period: "7d" })).rejects.toMatchObject({ code: "forbidden" });
    const { accountId } = await fundedAccount(0n);
    await expect(getSpendInPeriod(ownerOf(accountId), { period: "year" as "7d" })).rejects.toMatchObject({ code: "validation.failed" });
  });
});
