/**
 * Who may do what among the operator actions (DESIGN.md §2): account people never reach another
 * account (it reads as not found), and only operators fund wallets, edit allowlists and the catalog.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { createAccount } from "./accounts/create-account";
import { addAllowlistEntry } from "./allowlist/add-allowlist-entry";
import { removeAllowlistEntry } from "./allowlist/remove-allowlist-entry";
import { setAllowlistRequired } from "./allowlist/set-allowlist-required";
import { createApiKey } from "./api-keys/create-api-key";
import { revokeApiKey } from "./api-keys/revoke-api-key";
import { setProductCatalog } from "./catalog/set-product-catalog";
import { fundWallet } from "./wallet/fund-wallet";

const cli: Actor = { kind: "cli", label: "cli:test" };

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

async function userActor(role: "OWNER" | "STAFF" | "OPERATOR", accountId: string | null): Promise<Actor> {
  const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@access.test`;
  const user = await db.user.create({ data: { email, passwordHash: "x", role, accountId } });
  return { kind: "user", userId: user.id, email, role, accountId, sourceIp: "192.0.2.10" };
}

async function snapshot() {
  const [audit, ledger, allowlist, keys, accounts] = await Promise.all([
    db.auditLogEntry.count(),
    db.ledgerEntry.count(),
    db.allowlistEntry.count(),
    db.apiKey.count({ where: { revokedAt: { not: null } } }),
    db.account.findMany({ orderBy: { id: "asc" }, select: { id: true, allowlistOptIn: true, onProductCatalog: true, wallets: true } }),
  ]);
  return { audit, ledger, allowlist, keys, accounts };
}

describe("operator-only actions", () => {
  it("are refused to owners, staff and API keys, whichever account they name, and change nothing", async () => {
    const { accountId: a } = await createAccount(cli, { name: "A Ltd", createdAt: "2026-01-10" });
    const { accountId: b } = await createAccount(cli, { name: "B Ltd", createdAt: "2026-01-10" });
    await addAllowlistEntry(cli, { accountId: a, entry: "198.51.100.0/24" });
    await addAllowlistEntry(cli, { accountId: b, entry: "203.0.113.0/24" });
    const actors = [
      await userActor("OWNER", a),
      await userActor("STAFF", a),
      { kind: "api-key", apiKeyId: "00000000-0000-4000-8000-000000000001", accountId: a, sourceIp: "198.51.100.1" } as Actor,
    ];
    const before = await snapshot();

    for (const actor of actors) {
      for (const accountId of [a, b]) {
        expect(await errorCode(fundWallet(actor, { accountId, amount: 100_000n }))).toBe("forbidden");
        expect(await errorCode(addAllowlistEntry(actor, { accountId, entry: "10.0.0.1" }))).toBe("forbidden");
        expect(await errorCode(removeAllowlistEntry(actor, { accountId, entry: "203.0.113.0/24" }))).toBe("forbidden");
        expect(await errorCode(setAllowlistRequired(actor, { accountId, required: true }))).toBe("forbidden");
        expect(await errorCode(setProductCatalog(actor, { accountId, on: true }))).toBe("forbidden");
      }
      expect(await errorCode(createAccount(actor, { name: "Sneaky Ltd" }))).toBe("forbidden");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("are open to operator users and the system", async () => {
    const { accountId } = await createAccount(cli, { name: "Open Ltd" });
    const operatorUser = await userActor("OPERATOR", null);
    expect(await fundWallet(operatorUser, { accountId, amount: 1_000n })).toMatchObject({ balance: 1_000n });
    expect(await fundWallet({ kind: "system" }, { accountId, amount: 1_000n })).toMatchObject({ balance: 2_000n });
    expect(await setProductCatalog(operatorUser, { accountId, on: true })).toEqual({ onProductCatalog: true });
  });
});

describe("API keys", () => {
  it("may be issued and revoked by the account's OWNER, not by its STAFF, and never across accounts", async () => {
    const { accountId: a } = await createAccount(cli, { name: "A Keys Ltd" });
    const { accountId: b } = await createAccount(cli, { name: "B Keys Ltd" });
    const ownerA = await userActor("OWNER", a);
    const staffA = await userActor("STAFF", a);
    const { keyId: keyOfB } = await createApiKey(cli, { accountId: b });

    const { keyId } = await createApiKey(ownerA, { accountId: a, name: "owner's" });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(row.createdById).toBe(ownerA.kind === "user" ? ownerA.userId : null);

    expect(await errorCode(createApiKey(ownerA, { accountId: b }))).toBe("account.not_found");
    expect(await errorCode(createApiKey(staffA, { accountId: a }))).toBe("forbidden");
    expect(await errorCode(createApiKey(staffA, { accountId: b }))).toBe("account.not_found");
    expect(await errorCode(revokeApiKey(ownerA, { keyId: keyOfB }))).toBe("key.not_found");
    expect(await errorCode(revokeApiKey(staffA, { keyId: keyOfB }))).toBe("key.not_found");
    expect(await errorCode(revokeApiKey(staffA, { keyId }))).toBe("forbidden");
    expect(await db.apiKey.count({ where: { revokedAt: { not: null } } })).toBe(0);
    expect(await db.apiKey.count({ where: { accountId: b } })).toBe(1);

    expect((await revokeApiKey(ownerA, { keyId })).keyId).toBe(keyId);
    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { action: "key.revoke", targetId: keyId } });
    expect([audit.actorType, audit.sourceIp]).toEqual(["USER", "192.0.2.10"]);
  });
});
