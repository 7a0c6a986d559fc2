import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { uniqueName, operator, rejection } from "~/test/fixtures";
import { createUser } from "./create-user";
import { setUserDisabled } from "./set-user-disabled";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

// getSessionActor reads the session cookie through next-auth and the request headers through Next.js;
// both are stood in for here so the test can ask "what does a request of this user see now?".
const session = vi.hoisted(() => ({ userId: null as string | null, signedInAt: 0 }));
vi.mock("next-auth", () => ({
  getServerSession: () => Promise.resolve(session.userId ? { user: { id: session.userId, signedInAt: session.signedInAt } } : null),
}));
vi.mock("next/headers", () => ({ headers: () => Promise.resolve(new Headers()) }));

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
  it("ends an existing session on its next request, and re-enabling lets the user sign in again but not revive it", async () => {
    const { getSessionActor } = await import("~/server/auth/session");
    const owner = await newUser("OWNER", accountId);
    const staff = await newUser("STAFF", accountId);
    session.userId = staff.userId;
    session.signedInAt = Date.now() - 1_000;
    await expect(getSessionActor()).resolves.toMatchObject({ userId: staff.userId, role: "STAFF" });

    await setUserDisabled(owner, { userId: staff.userId, disabled: true });
    await expect(getSessionActor()).resolves.toBeNull();
    await setUserDisabled(owner, { userId: staff.userId, disabled: false });
    // The session from before the disabling stays dead (a lost device stays locked out)...
    await expect(getSessionActor()).resolves.toBeNull();
    // ...while a fresh sign-in works.
    session.signedInAt = Date.now() + 1;
    await expect(getSessionActor()).resolves.toMatchObject({ userId: staff.userId });
    session.userId = null;
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

  it("lets operators disable owners and staff of any account but no operator", async () => {
    const owner = await newUser("OWNER", accountId);
    const operatorUser = await newUser("OPERATOR");
    await expect(setUserDisabled(operatorUser, { userId: owner.userId, disabled: true })).resolves.toMatchObject({
      disabledAt: expect.any(Date) as Date,
    });
    for (const actor of [operator, operatorUser]) {
      expect((await rejection(setUserDisabled(actor, { userId: operatorUser.userId, disabled: true }))).code).toBe("forbidden");
    }
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
