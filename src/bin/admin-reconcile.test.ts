/**
 * `npm run admin -- reconcile` and `ledger:check` end to end: a purchase left pending by a process
 * that died after the debit is settled exactly once, and the ledger check notices a balance that no
 * longer matches its ledger.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { admin } from "~/test/admin-cli";
import { balanceOf, fundedAccount } from "~/test/purchase-fixtures";

describe("admin reconcile and ledger:check", () => {
  it("settles what a dead process left pending, once, and proves the ledger", async () => {
    const { accountId, keyId } = await fundedAccount(100_000n);
    await db.$queryRaw`
      SELECT id FROM begin_purchase(${accountId}::uuid, 'crashed-cli', 'DATA', 'fp', 'mtn-1gb-30d', 'mtn', 'MTN 1GB',
        '08031232222', NULL, 28000, 'API', ${keyId}::uuid, NULL, '127.0.0.1', interval '1 hour')`;

    const due = await admin("reconcile");
    expect(due.code).toBe(0);
    expect(due.json).toMatchObject({ settled: 0, stillPending: 1 });

    const all = await admin("reconcile", "--all");
    expect(all.json).toMatchObject({ settled: 1, stillPending: 0 });
    // ...2222 is the sandbox's lost order: the provider never got it, so the debit is reversed.
    expect(await balanceOf(accountId)).toBe(100_000n);
    expect((await admin("reconcile", "--all")).json).toMatchObject({ settled: 0, stillPending: 0 });

    const check = await admin("ledger:check");
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
    expect(check.json.accounts).toBeGreaterThanOrEqual(1);
  });

  it("reports an account whose balance was changed behind the ledger's back", async () => {
    const { accountId } = await fundedAccount(5_000n);
    await db.wallet.update({ where: { accountId_livemode: { accountId, livemode: true } }, data: { balance: 6_000n } });
    const check = await admin("ledger:check", "--account", accountId);
    expect(check.json.ok).toBe(false);
    expect(check.json.accounts).toBe(1);
    expect(check.json.mismatches).toEqual(
      expect.arrayContaining([expect.objectContaining({ accountId, problem: expect.stringMatching(/6000/) })]),
    );
  });

  it("reports a wallet whose latest entry's balance_after is not its balance, reading each wallet's own latest entry", async () => {
    const first = await fundedAccount(5_000n);
    const second = await fundedAccount(7_000n);
    // The first account's latest entry is older than the second's: the check must find each wallet's own.
    const latest = await db.ledgerEntry.findFirstOrThrow({
      where: { accountId: first.accountId, livemode: true },
      orderBy: { id: "desc" },
    });
    await db.ledgerEntry.update({ where: { id: latest.id }, data: { balanceAfter: 4_000n } });
    const all = await admin("ledger:check");
    expect(all.json.ok).toBe(false);
    const ours = (all.json.mismatches as { accountId: string }[]).filter((mismatch) =>
      [first.accountId, second.accountId].includes(mismatch.accountId),
    );
    expect(ours).toEqual([{ accountId: first.accountId, livemode: true, problem: "balance 5000 != latest balance_after 4000" }]);
    const mine = await admin("ledger:check", "--account", second.accountId);
    expect(mine.json).toMatchObject({ ok: true, mismatches: [] });
  });
});
