import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { verifyPassword } from "~/server/auth/password";
import { readActiveSession } from "~/server/services/sessions/read-active-session";
import { startSession } from "~/server/services/sessions/start-session";
import { createAccount } from "~/server/services/accounts/create-account";
import { uniqueName, operator, rejection } from "~/test/fixtures";
import { createUser } from "./create-user";
import { setUserDisabled } from "./set-user-disabled";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

async function newUser(role: "OPERATOR" | "OWNER" | "STAFF", accountId?: string) {
  const email = `${uniqueName(role.toLowerCase())}@example.test`;
  const { userId } = await createUser(operator, { email, password: "password-1", role, ...(accountId ? { accountId } : {}) });
  return { kind: "user", userId, email, role, accountId: accountId ?? null, sourceIp: "127.0.0.1" } as const;
}

let accountId: string;
beforeAll(async () => {
  ({ accountId } = await createAccount(operator, { name: "Disable Test Ltd" }));
});

describe("setUserDisabled", () => {
  it("ends an existing session on its next request, and re-enabling gives a temporary password, not the old one or the session", async () => {
    const owner = await newUser("OWNER", accountId);
    const staff = await newUser("STAFF", accountId);
    const row = await db.user.findUniqueOrThrow({ where: { id: staff.userId } });
    const sessionId = (await startSession(row, "password", { sourceIp: null, userAgent: null }))!;
    await expect(readActiveSession(sessionId, null)).resolves.toMatchObject({ user: { id: staff.userId, role: "STAFF" } });
    await setUserDisabled(owner, { userId: staff.userId, disabled: true });
    await expect(readActiveSession(sessionId, null)).resolves.toBeNull();
    const enabled = await setUserDisabled(owner, { userId: staff.userId, disabled: false });
    // The session from before the disabling stays dead (a lost device stays locked out)...
    await expect(readActiveSession(sessionId, null)).resolves.toBeNull();
    // ...and the old password with it: the user signs in next with the temporary one, once.
    expect(enabled.temporaryPassword).toEqual(expect.any(String));
    const after = await db.user.findUniqueOrThrow({ where: { id: staff.userId } });
    expect(await verifyPassword("password-1", after.passwordHash)).toBe(false);
    expect(await verifyPassword(enabled.temporaryPassword!, after.passwordHash)).toBe(true);
    expect(after).toMatchObject({ passwordMustChange: true, disabledAt: null });
  });

  it("keeps the first disabling time on repeats and audits only real changes", async () => {
    const staff = await newUser("STAFF", accountId);
    const first = await setUserDisabled(operator, { userId: staff.userId, disabled: true });
    const again = await setUserDisabled(operator, { userId: staff.userId, disabled: true });
    expect(again).toEqual(first);
    await setUserDisabled(operator, { userId: staff.userId, disabled: false });
    await setUserDisabled(operator, { userId: staff.userId, disabled: false });
    const audit = await db.auditLogEntry.findMany({
      where: { targetId: staff.userId, action: { startsWith: "user." } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.actorType, entry.accountId])).toEqual([
      ["user.create", "OPERATOR_CLI", accountId],
      ["user.disable", "OPERATOR_CLI", accountId],
      ["user.enable", "OPERATOR_CLI", accountId],
    ]);
  });

  it("lets operators disable owners, staff and other operators, but never themselves", async () => {
    const owner = await newUser("OWNER", accountId);
    const operatorUser = await newUser("OPERATOR");
    const otherOperator = await newUser("OPERATOR");
    await expect(setUserDisabled(operatorUser, { userId: owner.userId, disabled: true })).resolves.toMatchObject({
      disabledAt: expect.any(Date) as Date,
    });
    expect((await rejection(setUserDisabled(operatorUser, { userId: operatorUser.userId, disabled: true }))).code).toBe("forbidden");
    await expect(setUserDisabled(operatorUser, { userId: otherOperator.userId, disabled: true })).resolves.toMatchObject({
      disabledAt: expect.any(Date) as Date,
    });
    await expect(setUserDisabled(operator, { userId: otherOperator.userId, disabled: false })).resolves.toMatchObject({ disabledAt: null });
    // An owner never disables an operator (another tenant's user reads as unknown).
    expect((await rejection(setUserDisabled(owner, { userId: otherOperator.userId, disabled: true }))).code).toBe("user.not_found");
  });

  it("refuses staff and API keys before looking anything up", async () => {
    const staff = await newUser("STAFF", accountId);
    const other = await newUser("STAFF", accountId);
    const apiKey: Actor = { kind: "api-key", apiKeyId: "00000000-0000-4000-8000-000000000000", accountId, sourceIp: "127.0.0.1" };
    for (const actor of [staff, apiKey]) {
      expect((await rejection(setUserDisabled(actor, { userId: other.userId, disabled: true }))).code).toBe("forbidden");
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: other.userId } })).disabledAt).toBeNull();
  });

  it("validates its input", async () => {
    const error = await rejection(setUserDisabled(operator, { userId: " ", disabled: "yes" as unknown as boolean }));
    expect(error.fieldErrors?.map((problem) => problem.name).sort()).toEqual(["disabled", "userId"]);
  });
});
