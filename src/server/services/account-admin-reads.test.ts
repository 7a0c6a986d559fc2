/**
 * The reads shared by the owner's pages and the operator console: who may call them, and that an
 * owner of one account gets nothing of another's.
 */
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { getAllowlistStatus } from "~/server/services/allowlist/get-allowlist-status";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { listApiKeys } from "~/server/services/api-keys/list-api-keys";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { createUser } from "~/server/services/users/create-user";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { createAccountWithKey, operator, rejection } from "~/test/fixtures";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

function user(role: "OWNER" | "STAFF" | "OPERATOR", accountId: string | null, userId = "00000000-0000-4000-8000-000000000001"): Actor {
  return { kind: "user", userId, email: `${role.toLowerCase()}@example.test`, role, accountId, sourceIp: null };
}

describe("account administration reads", () => {
  it("serve operators any account, newest key first", async () => {
    const { accountId, keyId } = await createAccountWithKey();
    const second = await createApiKey(operator, { accountId, name: "second" });
    await revokeApiKey(operator, { keyId });
    const keys = await listApiKeys(user("OPERATOR", null), { accountId });
    expect(keys.map((key) => [key.keyId, key.status])).toEqual([
      [second.keyId, "active"],
      [keyId, "revoked"],
    ]);

    await createUser(operator, { email: "reads-owner@example.test", password: "password-1", role: "OWNER", accountId });
    expect((await listAccountUsers(operator, { accountId })).map((row) => row.email)).toEqual(["reads-owner@example.test"]);
    await expect(getAllowlistStatus(operator, { accountId })).resolves.toMatchObject({ required: false, apiBlocked: false });
  });

  it("answer an owner or staff asking for another account with account.not_found", async () => {
    const own = await createAccountWithKey();
    const other = await createAccountWithKey();
    for (const role of ["OWNER", "STAFF"] as const) {
      const actor = user(role, own.accountId);
      expect((await rejection(getAllowlistStatus(actor, { accountId: other.accountId }))).code).toBe("account.not_found");
      expect((await rejection(listApiKeys(actor, { accountId: other.accountId }))).code).toBe("account.not_found");
      expect((await rejection(listAccountUsers(actor, { accountId: other.accountId }))).code).toBe("account.not_found");
    }
  });

  it("keep keys and users from STAFF and everything from API keys", async () => {
    const { accountId, keyId } = await createAccountWithKey();
    const staff = user("STAFF", accountId);
    expect((await rejection(listApiKeys(staff, { accountId }))).code).toBe("forbidden");
    expect((await rejection(listAccountUsers(staff, { accountId }))).code).toBe("forbidden");
    await expect(getAllowlistStatus(staff, { accountId })).resolves.toMatchObject({ entries: [] });

    const apiKey: Actor = { kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.1" };
    for (const read of [listApiKeys, listAccountUsers, getAllowlistStatus]) {
      expect((await rejection(read(apiKey, { accountId }))).code).toBe("forbidden");
    }
  });

  it("tell an owner or staff user the address their request came from and the entry that admits it; operators not", async () => {
    const { accountId } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.0/8", "203.0.113.7"] });
    const from = (role: "OWNER" | "STAFF", sourceIp: string): Actor => ({ ...user(role, accountId), sourceIp }) as Actor;
    expect((await getAllowlistStatus(from("OWNER", "127.0.0.5"), { accountId })).yourAddress).toEqual({
      address: "127.0.0.5",
      allowedBy: "127.0.0.0/8",
    });
    // An IPv4-mapped address is judged as its IPv4 one, as the REST gate judges it.
    expect((await getAllowlistStatus(from("STAFF", "::ffff:203.0.113.7"), { accountId })).yourAddress).toEqual({
      address: "203.0.113.7",
      allowedBy: "203.0.113.7/32",
    });
    expect((await getAllowlistStatus(from("OWNER", "198.51.100.1"), { accountId })).yourAddress).toEqual({
      address: "198.51.100.1",
      allowedBy: null,
    });
    expect((await getAllowlistStatus({ ...user("OPERATOR", null), sourceIp: "127.0.0.1" } as Actor, { accountId })).yourAddress).toBeNull();
  });

  it("answer unknown and malformed account ids with account.not_found", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      for (const read of [listApiKeys, listAccountUsers, getAllowlistStatus]) {
        expect((await rejection(read(operator, { accountId }))).code).toBe("account.not_found");
      }
    }
  });
});
