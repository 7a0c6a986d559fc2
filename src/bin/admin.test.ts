/**
 * The operator CLI end to end: each case spawns `tsx src/bin/admin.ts` against this file's own
 * database and reads its stdout, as an operator's script would. Spawns cost about a second each, so
 * independent commands run side by side and assertions are grouped.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { admin } from "~/test/admin-cli";

/** Runs independent chains of commands side by side (two at a time per CPU would only thrash). */
async function inParallel<T>(tasks: (() => Promise<T>)[], width = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function databaseState() {
  const [audit, ledger, allowlist, users, keys, accounts] = await Promise.all([
    db.auditLogEntry.count(),
    db.ledgerEntry.count(),
    db.allowlistEntry.findMany({ orderBy: { cidr: "asc" }, select: { accountId: true, cidr: true } }),
    db.user.count(),
    db.apiKey.findMany({ orderBy: { id: "asc" }, select: { id: true, revokedAt: true } }),
    db.account.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        name: true,
        allowlistOptIn: true,
        onProductCatalog: true,
        wallets: { where: { livemode: true }, select: { balance: true } },
      },
    }),
  ]);
  return { audit, ledger, allowlist, users, keys, accounts };
}

describe("npm run admin", () => {
  // Shared by the cases below, which run in order against one database.
  let oldAccount = "";
  let newAccount = "";

  beforeAll(async () => {
    const [older, newer] = await inParallel([
      () => admin("account:create", "--name", "Old Reseller Ltd", "--created-at", "2026-06-30"),
      () => admin("account:create", "--name", "New Reseller Ltd", "--created-at", "2026-07-01", "--catalog"),
    ]);
    for (const run of [older, newer]) {
      expect(run!.code).toBe(0);
      expect(Object.keys(run!.json)).toEqual(["accountId"]);
      expect(run!.json.accountId).toMatch(UUID);
    }
    oldAccount = older!.json.accountId;
    newAccount = newer!.json.accountId;
  }, 120_000);

  it("creates accounts with their created-at date, catalog flag and an empty wallet", async () => {
    const accounts = await db.account.findMany({ include: { wallets: { where: { livemode: true } } }, orderBy: { name: "asc" } });
    expect(
      accounts.map((account) => [
        account.id,
        account.name,
        account.createdAt.toISOString(),
        account.onProductCatalog,
        account.wallets[0]?.balance,
      ]),
    ).toEqual([
      [newAccount, "New Reseller Ltd", "2026-06-30T23:00:00.000Z", true, 0n],
      [oldAccount, "Old Reseller Ltd", "2026-06-29T23:00:00.000Z", false, 0n],
    ]);
  });

  it("runs every command, prints its documented JSON, and audits every change", async () => {
    const [users, keys, funding, allowlist, required, catalog] = await inParallel([
      () =>
        inParallel(
          [
            () => admin("user:create", "--email", "Ops@Example.test", "--password", "operator-pass", "--role", "OPERATOR"),
            () => admin("user:create", "--email", "owner@old.test", "--password", "owner-pass", "--role", "OWNER", "--account", oldAccount),
            () => admin("user:create", "--email", "staff@old.test", "--password", "staff-pass", "--role", "STAFF", "--account", oldAccount),
          ],
          1,
        ),
      async () => {
        const created = await admin("key:create", "--account", oldAccount, "--name", "ci");
        const revoked = await admin("key:revoke", "--key", String(created.json.keyId));
        return [created, revoked];
      },
      async () => [
        await admin("wallet:fund", "--account", oldAccount, "--amount", "500000", "--reference", "TRF-1"),
        await admin("wallet:fund", "--account", oldAccount, "--amount", "250000"),
      ],
      async () => [
        await admin("allowlist:add", "--account", oldAccount, "--entry", "10.1.2.3/8"),
        await admin("allowlist:add", "--account", oldAccount, "--entry", "::ffff:1.2.3.4"),
        await admin("allowlist:add", "--account", oldAccount, "--entry", "2001:db8::7"),
        await admin("allowlist:remove", "--account", oldAccount, "--entry", "10.0.0.0/8"),
      ],
      async () => [
        await admin("allowlist:require", "--account", oldAccount, "--on"),
        await admin("allowlist:require", "--account", oldAccount, "--off"),
        await admin("allowlist:require", "--account", newAccount, "--on"),
      ],
      async () => [
        await admin("catalog:set", "--account", oldAccount, "--on"),
        await admin("catalog:set", "--account", newAccount, "--off"),
      ],
    ]);
    for (const run of [users, keys, funding, allowlist, required, catalog].flat()) {
      expect({ args: run!.args, code: run!.code, stderr: run!.stderr }).toMatchObject({ code: 0, stderr: "" });
    }

    // user:create → { userId }
    for (const run of users!) expect(Object.keys(run.json)).toEqual(["userId"]);
    const stored = await db.user.findMany({ orderBy: { email: "asc" } });
    expect(stored.map((user) => [user.id, user.email, user.role, user.accountId])).toEqual([
      [users![0]!.json.userId, "ops@example.test", "OPERATOR", null],
      [users![1]!.json.userId, "owner@old.test", "OWNER", oldAccount],
      [users![2]!.json.userId, "staff@old.test", "STAFF", oldAccount],
    ]);

    // key:create → { keyId, apiKey } shown once; only its SHA-256 is stored. key:revoke → { keyId, revokedAt }
    const [created, revoked] = keys!;
    expect(Object.keys(created!.json)).toEqual(["keyId", "apiKey"]);
    const apiKey: string = created!.json.apiKey;
    expect(apiKey).toMatch(/^pk_live_[A-Za-z0-9]{40}$/);
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: created!.json.keyId } });
    expect(key).toMatchObject({
      accountId: oldAccount,
      name: "ci",
      prefix: "pk_live_",
      keyHash: createHash("sha256").update(apiKey).digest("hex"),
    });
    const [dump] = await db.$queryRaw<{ table: string }[]>`SELECT json_agg(k)::text AS table FROM api_keys k`;
    expect(dump?.table).toContain(key.keyHash);
    expect(dump?.table).not.toContain(apiKey.slice("pk_live_".length));
    expect(revoked!.json).toEqual({ keyId: key.id, revokedAt: key.revokedAt?.toISOString() });

    // wallet:fund → { balance } as a JSON number; the ledger follows the balance exactly.
    expect(funding!.map((run) => run.stdout.trim())).toEqual(['{"balance":500000}', '{"balance":750000}']);
    const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: oldAccount, livemode: true } } });
    const ledger = await db.ledgerEntry.findMany({ where: { accountId: oldAccount, livemode: true }, orderBy: { id: "asc" } });
    expect(ledger.map((entry) => [entry.kind, entry.amount, entry.balanceAfter, entry.fundingReference])).toEqual([
      ["FUNDING", 500_000n, 500_000n, "TRF-1"],
      ["FUNDING", 250_000n, 750_000n, null],
    ]);
    expect(ledger.at(-1)?.balanceAfter).toBe(wallet.balance);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(wallet.balance);

    // allowlist:add / allowlist:remove → { entries } normalised and sorted
    expect(allowlist!.map((run) => run.json)).toEqual([
      { entries: ["10.0.0.0/8"] },
      { entries: ["1.2.3.4/32", "10.0.0.0/8"] },
      { entries: ["1.2.3.4/32", "10.0.0.0/8", "2001:db8::7/128"] },
      { entries: ["1.2.3.4/32", "2001:db8::7/128"] },
    ]);

    // allowlist:require → { required }; catalog:set → { onProductCatalog }
    expect(required!.map((run) => run.json)).toEqual([{ required: true }, { required: false }, { required: true }]);
    expect(catalog!.map((run) => run.json)).toEqual([{ onProductCatalog: true }, { onProductCatalog: false }]);
    const accounts = await db.account.findMany({ orderBy: { name: "asc" } });
    expect(accounts.map((account) => [account.name, account.allowlistOptIn, account.onProductCatalog])).toEqual([
      ["New Reseller Ltd", true, false],
      ["Old Reseller Ltd", false, true],
    ]);

    const audit = await db.auditLogEntry.findMany({ orderBy: { id: "asc" } });
    const counts: Record<string, number> = {};
    for (const row of audit) counts[row.action] = (counts[row.action] ?? 0) + 1;
    expect(counts).toEqual({
      "account.create": 2,
      "user.create": 3,
      "key.create": 1,
      "key.revoke": 1,
      "wallet.fund": 2,
      "allowlist.add": 3,
      "allowlist.remove": 1,
      "allowlist.require": 3,
      "catalog.set": 2,
    });
    for (const row of audit) {
      expect(row.actorType).toBe("OPERATOR_CLI");
      expect(row.actorLabel).toMatch(/^cli:.+/);
    }
    expect(JSON.stringify(audit.map((row) => row.details))).not.toMatch(/operator-pass|owner-pass|staff-pass|pk_live_/);
  }, 180_000);

  it("refuses bad input with a JSON error and a non-zero exit, changing nothing", async () => {
    const before = await databaseState();
    const unknownAccount = "00000000-0000-4000-8000-000000000000";
    const cases: [string[], number, string, string?][] = [
      [["wallet:fund", "--account", unknownAccount, "--amount", "100"], 1, "account.not_found"],
      [["wallet:fund", "--account", "not-a-uuid", "--amount", "100"], 1, "account.not_found"],
      [["allowlist:add", "--account", unknownAccount, "--entry", "10.0.0.1"], 1, "account.not_found"],
      [["allowlist:add", "--account", oldAccount, "--entry", "300.1.2.3/40"], 1, "validation.failed", "entry"],
      [["allowlist:add", "--account", oldAccount, "--entry", "1.2.3.4"], 1, "allowlist.entry_exists"],
      [["allowlist:remove", "--account", oldAccount, "--entry", "192.0.2.1"], 1, "allowlist.entry_not_found"],
      [["wallet:fund", "--account", oldAccount, "--amount=-500"], 1, "validation.failed", "amount"],
      [["wallet:fund", "--account", oldAccount, "--amount", "0"], 1, "validation.failed", "amount"],
      [["wallet:fund", "--account", oldAccount, "--amount", "10.5"], 1, "validation.failed", "amount"],
      [["wallet:fund", "--account", oldAccount, "--amount", "100", "--reference", "TRF-1"], 1, "wallet.duplicate_funding_reference"],
      [["allowlist:require", "--account", newAccount, "--off"], 1, "allowlist.required_by_policy"],
      [
        ["user:create", "--email", "OWNER@old.test", "--password", "another-pass", "--role", "STAFF", "--account", oldAccount],
        1,
        "user.email_taken",
      ],
      [
        ["user:create", "--email", "x@old.test", "--password", "short", "--role", "STAFF", "--account", oldAccount],
        1,
        "validation.failed",
        "password",
      ],
      [["key:revoke", "--key", unknownAccount], 1, "key.not_found"],
      [["account:delete", "--account", oldAccount], 2, "usage"],
      [[], 2, "usage"],
      [["account:create", "--name", "X", "--colour", "red"], 2, "usage"],
      [["wallet:fund", "--account", oldAccount], 2, "usage"],
      [["key:create"], 2, "usage"],
      [["account:create", "--name"], 2, "usage"],
      [["catalog:set", "--account", oldAccount], 2, "usage"],
      [["allowlist:require", "--account", oldAccount, "--on", "--off"], 2, "usage"],
      [["wallet:fund", "--account", oldAccount, "--amount", "100", "extra"], 2, "usage"],
    ];
    const runs = await inParallel(
      cases.map(
        ([args]) =>
          () =>
            admin(...args),
      ),
    );

    for (const [index, [args, code, name, field]] of cases.entries()) {
      const run = runs[index]!;
      expect({ args, code: run.code, name: run.json.error?.name }).toEqual({ args, code, name });
      expect(Object.keys(run.json)).toEqual(["error"]);
      expect(typeof run.json.error.message).toBe("string");
      expect(run.json.error.errors.length).toBeGreaterThan(0);
      if (field) expect(run.json.error.errors.map((problem: { name: string }) => problem.name)).toEqual([field]);
    }
    expect(await databaseState()).toEqual(before);
  }, 180_000);
});
