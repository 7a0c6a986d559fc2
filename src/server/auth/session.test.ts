/**
 * getSessionActor decides the portal's mode (docs/integrating.md "Test mode"): the "Test data" cookie makes an
 * account user's actor a test one, and nothing an operator's browser sends does.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { actorLivemode } from "~/server/auth/actor";
import { getSessionActor, testDataCookie } from "~/server/auth/session";
import { createAccount } from "~/server/services/accounts/create-account";
import { createUser } from "~/server/services/users/create-user";
import { operator, uniqueName } from "~/test/fixtures";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

// Stood in for as set-user-disabled.test.ts does (vi.mock is hoisted above the imports): who signed in,
// and the request's Cookie header. getSessionActor's per-render cache() does not cache outside React.
// The session next-auth hands over once its jwt callback has read the session row (next-auth.ts).
type SessionUser = {
  id: string;
  sessionId: string;
  email: string;
  role: "OPERATOR" | "OWNER" | "STAFF";
  accountId: string | null;
  gate: null;
};
const request = vi.hoisted(() => ({ user: null as SessionUser | null, cookie: null as string | null }));
vi.mock("next-auth", () => ({
  getServerSession: () => Promise.resolve(request.user ? { user: request.user } : null),
}));
vi.mock("next/headers", () => ({
  headers: () => Promise.resolve(new Headers(request.cookie ? { cookie: request.cookie } : {})),
}));

async function newUser(role: "OPERATOR" | "OWNER" | "STAFF", accountId?: string): Promise<SessionUser> {
  const email = `${uniqueName(role.toLowerCase())}@example.test`;
  const { userId } = await createUser(operator, { email, password: "password-1", role, ...(accountId ? { accountId } : {}) });
  return { id: userId, sessionId: randomUUID(), email, role, accountId: accountId ?? null, gate: null };
}

let users: Record<"OPERATOR" | "OWNER" | "STAFF", SessionUser>;
beforeAll(async () => {
  const { accountId } = await createAccount(operator, { name: uniqueName("Mode Test Ltd") });
  users = { OWNER: await newUser("OWNER", accountId), STAFF: await newUser("STAFF", accountId), OPERATOR: await newUser("OPERATOR") };
});

async function livemodeOf(role: keyof typeof users, cookie: string | null): Promise<boolean> {
  request.user = users[role];
  request.cookie = cookie;
  const actor = await getSessionActor();
  if (!actor) throw new Error("not signed in");
  return actorLivemode(actor);
}

describe("the portal's mode", () => {
  it("is live without the cookie", async () => {
    for (const role of ["OWNER", "STAFF", "OPERATOR"] as const) expect(await livemodeOf(role, null)).toBe(true);
  });

  it("is test for the account's owner and staff with their own Test data cookie, among others", async () => {
    const cookieOf = (role: keyof typeof users) => `next-auth.session-token=abc; ${testDataCookie().name}=${users[role].id}; other=1`;
    expect(await livemodeOf("OWNER", cookieOf("OWNER"))).toBe(false);
    expect(await livemodeOf("STAFF", cookieOf("STAFF"))).toBe(false);
  });

  it("stays live for another user's cookie (the next to sign in on that browser), an operator, any other value or a lookalike name", async () => {
    const { name } = testDataCookie();
    expect(await livemodeOf("STAFF", `${name}=${users.OWNER.id}`)).toBe(true);
    expect(await livemodeOf("OPERATOR", `${name}=${users.OPERATOR.id}`)).toBe(true);
    for (const cookie of [`${name}=test`, `${name}=`, `x${name}=${users.OWNER.id}`, `${name}x=${users.OWNER.id}`, users.OWNER.id]) {
      expect(await livemodeOf("OWNER", cookie), cookie).toBe(true);
    }
  });

  it("is named for a plain-HTTP deployment without a prefix (next-auth's cookies have none there either)", async () => {
    // The test environment has no https NEXTAUTH_URL; the __Host- name behind TLS is the e2e servers' and
    // docs/integrating.md "Test mode"'s to show.
    expect(testDataCookie()).toEqual({ name: "rp_mode", secure: false });
  });
});
