import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { type AppError } from "~/server/errors";
import { createAccount } from "~/server/services/accounts/create-account";
import { fundWallet } from "./fund-wallet";
import { operator, rejection } from "~/test/fixtures";

async function newAccount() {
  const { accountId } = await createAccount(operator, { name: "Funding Test Ltd" });
  return accountId;
}

async function ledgerState(accountId: string) {
  const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId, livemode: true } } });
  const entries = await db.ledgerEntry.findMany({ where: { accountId, livemode: true }, orderBy: { id: "asc" } });
  const sum = entries.reduce((total, entry) => total + entry.amount, 0n);
  return { balance: wallet.balance, entries, sum };
}

describe("fundWallet", () => {
  it("credits the wallet and writes a FUNDING ledger entry with the balance after it, and an audit entry", async () => {
    const accountId = await newAccount();
    const first = await fundWallet(operator, { accountId, amount: 500_000n, reference: "TRF-001", note: "bank transfer" });
    const second = await fundWallet(operator, { accountId, amount: "250000" });
    expect(first.balance).toBe(500_000n);
    expect(second.balance).toBe(750_000n);

    const { balance, entries, sum } = await ledgerState(accountId);
    expect(balance).toBe(750_000n);
    expect(sum).toBe(balance);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter, entry.fundingReference, entry.note])).toEqual([
      ["FUNDING", 500_000n, 500_000n, "TRF-001", "bank transfer"],
      ["FUNDING", 250_000n, 750_000n, null, null],
    ]);
    expect(entries.map((entry) => entry.id.toString())).toEqual([first.ledgerEntryId, second.ledgerEntryId]);

    const audit = await db.auditLogEntry.findMany({ where: { accountId, action: "wallet.fund" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.actorType, row.actorLabel, row.targetId])).toEqual([
      ["OPERATOR_CLI", "cli:test", first.ledgerEntryId],
      ["OPERATOR_CLI", "cli:test", second.ledgerEntryId],
    ]);
    expect(audit[0]?.details).toMatchObject({ amount: "500000", balanceAfter: "500000", reference: "TRF-001" });
  });

  it("keeps the ledger equal to the balance under concurrent fundings", async () => {
    const accountId = await newAccount();
    const amounts = Array.from({ length: 20 }, (_, index) => BigInt(1_000 * (index + 1)));
    await Promise.all(amounts.map((amount) => fundWallet(operator, { accountId, amount })));
    const { balance, entries, sum } = await ledgerState(accountId);
    expect(balance).toBe(amounts.reduce((total, amount) => total + amount, 0n));
    expect(sum).toBe(balance);
    // Applied one after another: each entry's balance_after is the previous one plus its amount.
    let running = 0n;
    for (const entry of [...entries].sort((a, b) => Number(a.balanceAfter - b.balanceAfter))) {
      running += entry.amount;
      expect(entry.balanceAfter).toBe(running);
    }
  });

  it("funds a reference once, also when it is submitted several times at once", async () => {
    const accountId = await newAccount();
    await fundWallet(operator, { accountId, amount: 100_000n, reference: "RCPT-9" });
    const repeat = await rejection(fundWallet(operator, { accountId, amount: 100_000n, reference: "RCPT-9" }));
    expect(repeat.code).toBe("wallet.duplicate_funding_reference");

    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => fundWallet(operator, { accountId, amount: 7_000n, reference: "RCPT-RACE" })),
    );
    const succeeded = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect((reason as AppError).code).toBe("wallet.duplicate_funding_reference");

    const { balance, entries, sum } = await ledgerState(accountId);
    expect(balance).toBe(107_000n);
    expect(sum).toBe(balance);
    expect(entries).toHaveLength(2);
    expect(await db.auditLogEntry.count({ where: { accountId, action: "wallet.fund" } })).toBe(2);

    // A reference is unique per account, not globally.
    const other = await newAccount();
    expect((await fundWallet(operator, { accountId: other, amount: 1n, reference: "RCPT-9" })).balance).toBe(1n);
  });

  it("refuses amounts that are not a positive whole number of kobo up to 10^13, changing nothing", async () => {
    const accountId = await newAccount();
    for (const amount of [0n, -1n, "-500", "0", "10.5", 10.5, "1e3", "abc", "", 10n ** 13n + 1n, Number.MAX_SAFE_INTEGER + 2]) {
      const error = await rejection(fundWallet(operator, { accountId, amount }));
      expect(error.code).toBe("validation.failed");
      expect(error.fieldErrors?.map((problem) => problem.name)).toEqual(["amount"]);
    }
    expect((await fundWallet(operator, { accountId, amount: 10n ** 13n })).balance).toBe(10n ** 13n);
    expect((await ledgerState(accountId)).entries).toHaveLength(1);
  });

  it("answers unknown and malformed account ids with account.not_found", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "42"]) {
      expect((await rejection(fundWallet(operator, { accountId, amount: 100n }))).code).toBe("account.not_found");
    }
  });

  it("records the operator user who funded", async () => {
    const accountId = await newAccount();
    const user = await db.user.create({ data: { email: "ops@funding.test", passwordHash: "x", role: "OPERATOR" } });
    const actor: Actor = { kind: "user", userId: user.id, email: user.email, role: "OPERATOR", accountId: null, sourceIp: "198.51.100.4" };
    await fundWallet(actor, { accountId, amount: 1_000n });
    const [entry] = (await ledgerState(accountId)).entries;
    expect(entry?.userId).toBe(user.id);
    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { accountId, action: "wallet.fund" } });
    expect([audit.actorType, audit.actorId, audit.actorLabel, audit.sourceIp]).toEqual(["USER", user.id, user.email, "198.51.100.4"]);
  });
});
