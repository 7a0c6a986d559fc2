/**
 * The purchase engine in process, against real PostgreSQL, with a vend counter in front of the
 * sandbox: exactly-once charging under races, the ledger, reversals, and crash recovery.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { operator } from "~/test/fixtures";
import { balanceOf, countVends, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { orderFingerprint } from "./order-fingerprint";
import { purchaseAirtime } from "./purchase-airtime";
import { purchaseData } from "./purchase-data";

const PLAN = "mtn-1gb-30d"; // 28,000 kobo in the sandbox catalog
const PRICE = 28_000n;

let vends: ReturnType<typeof countVends>;
beforeEach(() => {
  vends = countVends();
});
afterEach(() => vends.restore());

async function settledOutcomes<T>(work: Promise<T>[]) {
  const results = await Promise.allSettled(work);
  return {
    fulfilled: results
      .filter((result): result is PromiseFulfilledResult<Awaited<T>> => result.status === "fulfilled")
      .map((result) => result.value),
    errors: results
      .filter((result): result is PromiseRejectedResult => result.status === "rejected")
      .map((result) => result.reason as unknown),
  };
}

describe("exactly-once charging", () => {
  it("50 simultaneous identical requests produce one debit and one vend", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const clientReference = reference();
    const { fulfilled, errors } = await settledOutcomes(
      Array.from({ length: 50 }, () => purchaseData(actor, { clientReference, planId: PLAN, phone: "08031234567" })),
    );
    expect(errors).toEqual([]);
    expect(fulfilled.filter((result) => !result.replay)).toHaveLength(1);
    expect(fulfilled.filter((result) => result.replay)).toHaveLength(49);
    expect(new Set(fulfilled.map((result) => result.transaction.id)).size).toBe(1);
    expect(vends.counts.vend).toBe(1);
    expect(await balanceOf(accountId)).toBe(1_000_000n - PRICE);
    expect((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE")).toHaveLength(1);
  });

  it("30 racing purchases with funds for 10 produce exactly 10, and the rest leave nothing behind", async () => {
    const { accountId, actor } = await fundedAccount(PRICE * 10n);
    const { fulfilled, errors } = await settledOutcomes(
      Array.from({ length: 30 }, () => purchaseData(actor, { clientReference: reference(), planId: PLAN, phone: "08031234567" })),
    );
    expect(fulfilled).toHaveLength(10);
    expect(errors).toHaveLength(20);
    expect(errors.every((error) => isAppError(error) && error.code === "wallet.insufficient_funds")).toBe(true);
    expect(await balanceOf(accountId)).toBe(0n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(10);
    expect(vends.counts.vend).toBe(10);
  });

  it("refuses a purchase the balance cannot cover with nothing written", async () => {
    const { accountId, actor } = await fundedAccount(PRICE - 1n);
    const before = await ledgerOf(accountId);
    await expect(purchaseData(actor, { clientReference: reference(), planId: PLAN, phone: "08031234567" })).rejects.toMatchObject({
      code: "wallet.insufficient_funds",
    });
    expect(await balanceOf(accountId)).toBe(PRICE - 1n);
    expect(await ledgerOf(accountId)).toEqual(before);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
    expect(vends.counts.vend).toBe(0);
  });
});

describe("idempotency", () => {
  it("replays the stored transaction as it stands, without a vend or a charge", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const order = { clientReference: reference(), planId: PLAN, phone: "+2348031234567" };
    const first = await purchaseData(actor, order);
    const again = await purchaseData(actor, { ...order, phone: "08031234567" });
    expect(first.replay).toBe(false);
    expect(first.transaction.idempotentReplay).toBeUndefined();
    expect(again).toEqual({ replay: true, keyConfirmed: true, transaction: { ...first.transaction, idempotentReplay: true } });
    expect(vends.counts.vend).toBe(1);
    expect(await balanceOf(accountId)).toBe(1_000_000n - PRICE);
  });

  it("answers 409 for the same reference with another plan, recipient, amount or kind, charging nothing", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const clientReference = reference();
    await purchaseAirtime(actor, { clientReference, networkId: "mtn", phone: "08031234567", amount: 10_000 });
    const balance = await balanceOf(accountId);
    const conflicts = [
      () => purchaseAirtime(actor, { clientReference, networkId: "mtn", phone: "08031234567", amount: 20_000 }),
      () => purchaseAirtime(actor, { clientReference, networkId: "glo", phone: "08031234567", amount: 10_000 }),
      () => purchaseAirtime(actor, { clientReference, networkId: "mtn", phone: "08039999999", amount: 10_000 }),
      () => purchaseData(actor, { clientReference, planId: PLAN, phone: "08031234567" }),
    ];
    for (const attempt of conflicts) await expect(attempt()).rejects.toMatchObject({ code: "transaction.idempotency_conflict" });
    expect(vends.counts.vend).toBe(1);
    expect(await balanceOf(accountId)).toBe(balance);
  });

  it("scopes references per account", async () => {
    const first = await fundedAccount(1_000_000n);
    const second = await fundedAccount(1_000_000n);
    const clientReference = reference();
    const a = await purchaseData(first.actor, { clientReference, planId: PLAN, phone: "08031234567" });
    const b = await purchaseData(second.actor, { clientReference, planId: "glo-1gb-30d", phone: "08051234567" });
    expect(a.replay || b.replay).toBe(false);
    expect(a.transaction.id).not.toBe(b.transaction.id);
  });

  it("does not let the price take part in the fingerprint", () => {
    const base = { service: "DATA" as const, productCode: PLAN, recipient: "08031234567", amount: null };
    expect(orderFingerprint(base)).toBe(orderFingerprint({ ...base }));
    expect(orderFingerprint(base)).not.toBe(orderFingerprint({ ...base, recipient: "08031234568" }));
    expect(orderFingerprint({ ...base, amount: 5n })).not.toBe(orderFingerprint({ ...base, amount: 6n }));
  });
});

describe("outcomes and the ledger", () => {
  it("reverses a failed vend with a ledger entry, never by editing history", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    const { transaction } = await purchaseData(actor, { clientReference: reference(), planId: PLAN, phone: "08031230000" });
    expect(transaction.status).toBe("failed");
    expect(transaction.failureReason).toMatch(/rejected/);
    expect(await balanceOf(accountId)).toBe(100_000n);
    const ledger = await ledgerOf(accountId);
    expect(ledger.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ["FUNDING", 100_000n, 100_000n],
      ["PURCHASE", -PRICE, 100_000n - PRICE],
      ["REVERSAL", PRICE, 100_000n],
    ]);
  });

  it("settles a provider-pending purchase when the reconciler requeries it", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    const { transaction } = await purchaseData(actor, { clientReference: reference(), planId: PLAN, phone: "08031231111" });
    expect(transaction.status).toBe("pending");
    expect(transaction.providerReference).toMatch(/^SBX-/);
    const result = await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const row = await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    expect(row.status).toBe("SUCCESSFUL");
    expect(row.completedAt).not.toBeNull();
    expect(await balanceOf(accountId)).toBe(100_000n - PRICE);
  });

  it("leaves a timed-out vend pending, and the reconciler reverses it when the provider never got it", async () => {
    const { accountId, actor } = await fundedAccount(100_000n);
    const { transaction } = await purchaseData(actor, { clientReference: reference(), planId: PLAN, phone: "08031232222" });
    expect(transaction).toMatchObject({ status: "pending", providerReference: null });
    expect(await balanceOf(accountId)).toBe(100_000n - PRICE);
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } })).status).toBe("FAILED");
    expect(await balanceOf(accountId)).toBe(100_000n);
  });

  it("refunds the pending purchases one run settles in the order they were made", async () => {
    // Enough other transactions, with statistics, that the planner hashes the leased rows and reads
    // the table in its physical order, as it does on a real database.
    const other = await fundedAccount(20_000_000n);
    for (let n = 0; n < 300; n += 1) await purchaseData(other.actor, { clientReference: reference(), planId: PLAN, phone: "08031234567" });
    // Two accounts' timed-out purchases, interleaved as a reconciler run meets them.
    const buyers = [await fundedAccount(1_000_000n), await fundedAccount(1_000_000n)];
    const made: Record<string, string[]> = {};
    for (let n = 0; n < 12; n += 1) {
      const buyer = buyers[n % 2]!;
      const clientReference = `timed-out-${n}`;
      await purchaseData(buyer.actor, { clientReference, planId: PLAN, phone: "08031232222" });
      (made[buyer.accountId] ??= []).push(clientReference);
    }
    // A row's place in the table is where its latest version was written, not when it was made: touch
    // them newest first, as updates in another order would.
    for (const clientReference of Object.values(made).flat().reverse()) {
      await db.transaction.updateMany({
        where: { clientReference, accountId: { in: buyers.map((b) => b.accountId) } },
        data: { requeryCount: 0 },
      });
    }
    await db.$executeRaw`ANALYZE transactions`;

    await reconcilePendingTransactions(operator, { includeNotDue: true });
    for (const { accountId } of buyers) {
      const refunds = await db.ledgerEntry.findMany({
        where: { accountId, kind: "REVERSAL" },
        orderBy: { id: "asc" },
        select: { transaction: { select: { clientReference: true } } },
      });
      expect(refunds.map((entry) => entry.transaction?.clientReference)).toEqual(made[accountId]);
    }
  });

  it("recovers a purchase whose process died between the debit and the vend, charging it once", async () => {
    const { accountId, keyId } = await fundedAccount(100_000n);
    // What a process leaves behind when it is killed right after begin_purchase committed.
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM begin_purchase(${accountId}::uuid, 'crashed-1', 'DATA', 'fp', 'mtn-1gb-30d', 'mtn', 'MTN 1GB',
        '08031234567', NULL, 28000, 'API', ${keyId}::uuid, NULL, '127.0.0.1', interval '1 hour')`;
    expect(await balanceOf(accountId)).toBe(100_000n - PRICE);

    // Inside its grace period the interval reconciler leaves it alone: a request may still be vending.
    await reconcilePendingTransactions(operator);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: rows[0]!.id } })).status).toBe("PENDING");

    await reconcilePendingTransactions(operator, { includeNotDue: true });
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const settled = await db.transaction.findUniqueOrThrow({ where: { id: rows[0]!.id } });
    expect(settled.status).toBe("SUCCESSFUL");
    expect(await balanceOf(accountId)).toBe(100_000n - PRICE);
    expect((await checkLedger(operator, { accountId })).ok).toBe(true);
  });

  it("keeps every ledger equal to its balance after all of the above", async () => {
    const result = await checkLedger(operator);
    expect(result.mismatches).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.accounts).toBeGreaterThan(5);
  });
});

describe("who may buy", () => {
  it("refuses operators: purchases belong to an account's keys and users", async () => {
    await expect(purchaseData(operator, { clientReference: reference(), planId: PLAN, phone: "08031234567" })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
