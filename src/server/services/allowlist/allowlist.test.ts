import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { addAllowlistEntry } from "./add-allowlist-entry";
import { ALLOWLIST_REQUIRED_FROM, isAllowlistRequired } from "./allowlist-policy";
import { removeAllowlistEntry } from "./remove-allowlist-entry";
import { setAllowlistRequired } from "./set-allowlist-required";
import { operator, rejection } from "~/test/fixtures";

async function newAccount(createdAt: Date | string = "2026-05-01") {
  const { accountId } = await createAccount(operator, { name: "Allowlist Test Ltd", createdAt });
  return accountId;
}

describe("allowlist entries", () => {
  it("stores every spelling of an entry in one normalised form and lists entries in address order", async () => {
    const accountId = await newAccount();
    // Narrower entries first: one inside a range already listed is refused (the next test).
    const cases: [string, string][] = [
      ["10.0.0.7", "10.0.0.7/32"],
      ["::ffff:1.2.3.4", "1.2.3.4/32"],
      ["::ffff:10.9.0.0/112", "10.9.0.0/16"],
      ["10.1.2.3/8", "10.0.0.0/8"],
      [" 192.168.1.1 ", "192.168.1.1/32"],
      ["2001:0DB8:0000::1", "2001:db8::1/128"],
      ["2001:db8:1234::/32", "2001:db8::/32"],
      ["9.9.9.9", "9.9.9.9/32"],
    ];
    let entries: string[] = [];
    for (const [entry] of cases) ({ entries } = await addAllowlistEntry(operator, { accountId, entry }));
    expect(entries).toEqual([
      "1.2.3.4/32",
      "9.9.9.9/32",
      "10.0.0.0/8",
      "10.0.0.7/32",
      "10.9.0.0/16",
      "192.168.1.1/32",
      "2001:db8::/32",
      "2001:db8::1/128",
    ]);
    const stored = await db.allowlistEntry.findMany({ where: { accountId } });
    expect(stored.map((row) => row.cidr).sort()).toEqual(cases.map(([, normalised]) => normalised).sort());
  });

  it("refuses malformed entries as a validation error on `entry`, storing nothing", async () => {
    const accountId = await newAccount();
    for (const entry of ["300.1.2.3/40", "abc", "10.0.0.0/33", "10.0.0.1/-1", "1.2.3", "2001:db8::/129", "10.0.0.0/8/8", ""]) {
      const error = await rejection(addAllowlistEntry(operator, { accountId, entry }));
      expect(error.code).toBe("validation.failed");
      expect(error.fieldErrors?.map((problem) => problem.name)).toEqual(["entry"]);
    }
    expect(await db.allowlistEntry.count({ where: { accountId } })).toBe(0);
    expect(await db.auditLogEntry.count({ where: { accountId, action: "allowlist.add" } })).toBe(0);
  });

  it("reports duplicates and absent entries by name, whatever spelling is used", async () => {
    const accountId = await newAccount();
    await addAllowlistEntry(operator, { accountId, entry: "203.0.113.7" });
    expect((await rejection(addAllowlistEntry(operator, { accountId, entry: "203.0.113.7/32" }))).code).toBe("allowlist.entry_exists");
    expect((await rejection(addAllowlistEntry(operator, { accountId, entry: "::ffff:203.0.113.7" }))).code).toBe("allowlist.entry_exists");
    expect((await rejection(removeAllowlistEntry(operator, { accountId, entry: "203.0.113.8" }))).code).toBe("allowlist.entry_not_found");

    expect(await removeAllowlistEntry(operator, { accountId, entry: "::ffff:203.0.113.7" })).toEqual({ entries: [] });
    expect((await rejection(removeAllowlistEntry(operator, { accountId, entry: "203.0.113.7" }))).code).toBe("allowlist.entry_not_found");

    const actions = await db.auditLogEntry.findMany({ where: { accountId, action: { startsWith: "allowlist." } }, orderBy: { id: "asc" } });
    expect(actions.map((row) => [row.action, row.targetId])).toEqual([
      ["allowlist.add", "203.0.113.7/32"],
      ["allowlist.remove", "203.0.113.7/32"],
    ]);
  });

  it("refuses an entry inside a range already listed, naming the range, and stores nothing", async () => {
    const accountId = await newAccount();
    await addAllowlistEntry(operator, { accountId, entry: "198.51.100.0/24" });
    await addAllowlistEntry(operator, { accountId, entry: "2001:db8::/32" });
    const inside: [string, string][] = [
      ["198.51.100.7", "198.51.100.0/24"],
      ["198.51.100.128/25", "198.51.100.0/24"],
      ["::ffff:198.51.100.9", "198.51.100.0/24"],
      ["2001:db8:1::/48", "2001:db8::/32"],
    ];
    for (const [entry, covering] of inside) {
      const error = await rejection(addAllowlistEntry(operator, { accountId, entry }));
      expect(error.code).toBe("allowlist.entry_exists");
      expect(error.message).toContain(`inside ${covering}`);
    }
    // A wider range, and a neighbour outside the range, are still added.
    expect((await addAllowlistEntry(operator, { accountId, entry: "198.51.0.0/16" })).entries).toContain("198.51.0.0/16");
    expect((await addAllowlistEntry(operator, { accountId, entry: "198.52.100.7" })).entries).toContain("198.52.100.7/32");
    expect(await db.allowlistEntry.count({ where: { accountId } })).toBe(4);
  });

  it("answers unknown and malformed account ids with account.not_found", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; DROP TABLE accounts; --"]) {
      expect((await rejection(addAllowlistEntry(operator, { accountId, entry: "10.0.0.1" }))).code).toBe("account.not_found");
      expect((await rejection(removeAllowlistEntry(operator, { accountId, entry: "10.0.0.1" }))).code).toBe("account.not_found");
      expect((await rejection(setAllowlistRequired(operator, { accountId, required: true }))).code).toBe("account.not_found");
    }
  });
});

describe("allowlist policy", () => {
  const lastMomentBefore = new Date("2026-06-30T22:59:59Z");
  const cutoff = new Date("2026-06-30T23:00:00Z");

  it("puts the cutoff at midnight 1 July 2026 in Lagos (23:00 UTC on 30 June)", () => {
    expect(ALLOWLIST_REQUIRED_FROM.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(isAllowlistRequired({ createdAt: lastMomentBefore, allowlistOptIn: false })).toBe(false);
    expect(isAllowlistRequired({ createdAt: new Date("2026-06-30T22:59:59.999Z"), allowlistOptIn: false })).toBe(false);
    expect(isAllowlistRequired({ createdAt: cutoff, allowlistOptIn: false })).toBe(true);
    expect(isAllowlistRequired({ createdAt: lastMomentBefore, allowlistOptIn: true })).toBe(true);
  });

  it("lets an account created before the cutoff opt in and out", async () => {
    const accountId = await newAccount(lastMomentBefore);
    expect(await setAllowlistRequired(operator, { accountId, required: true })).toEqual({ required: true });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).allowlistOptIn).toBe(true);
    expect(await setAllowlistRequired(operator, { accountId, required: false })).toEqual({ required: false });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).allowlistOptIn).toBe(false);
    expect(await db.auditLogEntry.count({ where: { accountId, action: "allowlist.require" } })).toBe(2);
  });

  it("refuses to switch allowlisting off for an account created at or after the cutoff", async () => {
    const accountId = await newAccount(cutoff);
    const error = await rejection(setAllowlistRequired(operator, { accountId, required: false }));
    expect(error.code).toBe("allowlist.required_by_policy");
    expect(await setAllowlistRequired(operator, { accountId, required: true })).toEqual({ required: true });
    expect(await db.auditLogEntry.count({ where: { accountId, action: "allowlist.require" } })).toBe(1);
  });

  it("reads a date-only created-at as the start of that day in Lagos", async () => {
    const july = await newAccount("2026-07-01");
    const june = await newAccount("2026-06-30");
    expect((await db.account.findUniqueOrThrow({ where: { id: july } })).createdAt.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect((await rejection(setAllowlistRequired(operator, { accountId: july, required: false }))).code).toBe(
      "allowlist.required_by_policy",
    );
    expect(await setAllowlistRequired(operator, { accountId: june, required: false })).toEqual({ required: false });
  });
});
