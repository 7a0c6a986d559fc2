/**
 * The test wallet (docs/integrating.md "Test mode") against real PostgreSQL: its top-up and reset by the owner,
 * audited and refused to staff and to other accounts; and the pruning of old test data, which keeps
 * the test wallet's balance and ledger consistent and never touches a live row.
 */
import { describe, expect, it } from "vitest";
import { TEST_WALLET_OPENING_BALANCE_KOBO } from "~/schemas/account-admin";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createUser } from "~/server/services/users/create-user";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { operator, rejection, uniqueName } from "~/test/fixtures";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { pruneTestData } from "./prune-test-data";
import { resetTestWallet, topUpTestWallet } from "./test-wallet";

const OPENING = BigInt(TEST_WALLET_OPENING_BALANCE_KOBO);

async function user(accountId: string, role: "OWNER" | "STAFF"): Promise<Actor> {
  const email = `${uniqueName(role.toLowerCase())}@example.test`;
  const { userId } = await createUser(operator, { email, password: "a-long-enough-password-1", role, accountId });
  return { kind: "user", userId, email, role, accountId, sourceIp: null };
}

async function accountWithTestKey(funding = 100_000n) {
  const account = await fundedAccount(funding);
  const key = await createApiKey(operator, { accountId: account.accountId, name: uniqueName("test"), mode: "test" });
  const testActor: Actor = { kind: "api-key", apiKeyId: key.keyId, accountId: account.accountId, sourceIp: "127.0.0.9", livemode: false };
  return { ...account, testActor };
}

describe("the test wallet", () => {
  it("is topped up and reset by the owner, with ledger entries and audit entries, never touching the live wallet", async () => {
    const { accountId } = await fundedAccount(50_000n);
    const owner = await user(accountId, "OWNER");
    expect(await balanceOf(accountId, false)).toBe(OPENING);
    expect(await topUpTestWallet(owner, { accountId, amount: 25_000 })).toEqual({ balance: OPENING + 25_000n });
    expect(await resetTestWallet(owner, { accountId, balance: 0 })).toEqual({ balance: 0n });
    expect(await resetTestWallet(owner, { accountId })).toEqual({ balance: OPENING });

    expect((await ledgerOf(accountId, false)).map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ["ADJUSTMENT", OPENING, OPENING],
      ["FUNDING", 25_000n, OPENING + 25_000n],
      ["ADJUSTMENT", -(OPENING + 25_000n), 0n],
      ["ADJUSTMENT", OPENING, OPENING],
    ]);
    expect(await balanceOf(accountId)).toBe(50_000n);
    const audit = await db.auditLogEntry.findMany({ where: { accountId, action: { startsWith: "test_wallet." } }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["test_wallet.top_up", "test_wallet.reset", "test_wallet.reset"]);
    expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);
  });

  it("refuses staff, other accounts' owners and bad amounts, changing nothing", async () => {
    const { accountId } = await fundedAccount(0n);
    const { accountId: other } = await fundedAccount(0n);
    expect((await rejection(topUpTestWallet(await user(accountId, "STAFF"), { accountId, amount: 100 }))).code).toBe("forbidden");
    // Another account's owner is told the account does not exist, as everywhere (account-scope.ts).
    expect((await rejection(resetTestWallet(await user(other, "OWNER"), { accountId }))).code).toBe("account.not_found");
    expect((await rejection(topUpTestWallet(operator, { accountId, amount: 0 }))).code).toBe("validation.failed");
    expect((await rejection(resetTestWallet(operator, { accountId, balance: -1 }))).code).toBe("validation.failed");
    expect((await rejection(topUpTestWallet(operator, { accountId, amount: 1.5 }))).code).toBe("validation.failed");
    expect(await balanceOf(accountId, false)).toBe(OPENING);
    expect(await ledgerOf(accountId, false)).toHaveLength(1);
  });
});

describe("pruning test data", () => {
  it("deletes settled test transactions with their vend attempts and old test entries, keeps the balance, pending ones and every live row", async () => {
    const { accountId, actor, testActor } = await accountWithTestKey(100_000n);
    const live = await purchaseData(actor, { clientReference: reference("live"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const old = await purchaseData(testActor, { clientReference: reference("old"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const failed = await purchaseData(testActor, { clientReference: reference("old"), planId: "mtn-1gb-30d", phone: "08031230000" });
    const pending = await purchaseData(testActor, { clientReference: reference("old"), planId: "mtn-1gb-30d", phone: "08031231111" });
    // Everything so far is made 100 days old; one test purchase stays recent.
    const longAgo = new Date(Date.now() - 100 * 86_400_000);
    await db.transaction.updateMany({ where: { accountId }, data: { createdAt: longAgo } });
    await db.ledgerEntry.updateMany({ where: { accountId }, data: { createdAt: longAgo } });
    const recent = await purchaseData(testActor, { clientReference: reference("new"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const testBalance = await balanceOf(accountId, false);
    const liveLedger = await ledgerOf(accountId);
    const attempted = async () =>
      (await db.vendAttempt.findMany({ where: { transaction: { accountId } }, select: { transactionId: true } }))
        .map((attempt) => attempt.transactionId)
        .sort();
    // Every purchase, test mode's too, records the attempt it sends (whose foreign key restricts the prune).
    const everyPurchase = [live, old, failed, pending, recent].map((purchase) => purchase.transaction.id);
    expect(await attempted()).toEqual([...everyPurchase].sort());

    const result = await pruneTestData(operator, { olderThanDays: 90 });
    expect(result.transactions).toBeGreaterThanOrEqual(2);

    const remaining = await db.transaction.findMany({ where: { accountId }, select: { id: true } });
    expect(remaining.map((row) => row.id).sort()).toEqual([live.transaction.id, pending.transaction.id, recent.transaction.id].sort());
    expect([old.transaction.id, failed.transaction.id].some((id) => remaining.some((row) => row.id === id))).toBe(false);
    expect(await attempted()).toEqual([live.transaction.id, pending.transaction.id, recent.transaction.id].sort());
    expect(await balanceOf(accountId, false)).toBe(testBalance);
    expect(await ledgerOf(accountId)).toEqual(liveLedger);
    const testLedger = await ledgerOf(accountId, false);
    expect(testLedger.at(-1)).toMatchObject({ kind: "ADJUSTMENT", note: "pruned test data carried forward", balanceAfter: testBalance });
    expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);

    // Nothing older is left, so a second run changes nothing.
    const again = await pruneTestData(operator, { olderThanDays: 90 });
    expect(await ledgerOf(accountId, false)).toEqual(testLedger);
    expect(again.transactions).toBe(0);
  });

  it("is for operators only", async () => {
    const { accountId } = await fundedAccount(0n);
    expect((await rejection(pruneTestData(await user(accountId, "OWNER"), { olderThanDays: 1 }))).code).toBe("forbidden");
  });
});
