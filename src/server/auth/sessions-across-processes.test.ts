/**
 * A portal session ends when its person or an operator says so, on every process, on the very next
 * request (issue 30): two production servers share one database, a session is opened on one, and a
 * copy of its cookie taken before is tried on the other after each way a session must end: signing
 * out, a password change (the changing session goes on), a reset, a role change made in SQL, disabling,
 * and "sign out everywhere". Also the gated session a temporary password opens.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { setUserPassword } from "~/server/services/users/set-user-password";
import { createUser } from "~/server/services/users/create-user";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { cookieHeader, fetchCsrf, signIn, trpcCall } from "~/test/portal-session";
import { startTestServer, type TestServer } from "~/test/server";

const PASSWORD = "first password 1";
let a: TestServer;
let b: TestServer;
let accountId: string;

beforeAll(async () => {
  const env = { DATABASE_URL: process.env.DATABASE_URL!, BCRYPT_COST: "10" };
  [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
  ({ accountId } = await createAccountWithKey());
}, 120_000);

async function newOwner(): Promise<{ email: string; userId: string }> {
  const email = `owner-${randomUUID()}@sessions.test`;
  const { userId } = await createUser(operator, { email, password: PASSWORD, role: "OWNER", accountId });
  return { email, userId };
}

/** What a request with this cookie gets on a server: the signed-in e-mail, or null when signed out. */
async function whoAmI(server: TestServer, cookie: string): Promise<string | null> {
  const me = await trpcCall(server, cookie, "session.me", "query");
  return me.status === 200 ? (me.data as { email: string }).email : null;
}

async function signedIn(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const { cookie } = await signIn(server, email, password);
  expect(await whoAmI(server, cookie)).toBe(email);
  return cookie;
}

describe("a session ends everywhere on its next request", () => {
  it("signing out on one process: a copy of the cookie is refused on both, and creates no API key", async () => {
    const { email } = await newOwner();
    const cookie = await signedIn(a, email);
    expect(await whoAmI(b, cookie)).toBe(email);

    const csrf = await fetchCsrf(a);
    const signOut = await request(a.url("/api/auth/signout"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${cookie}; ${cookieHeader(csrf.response)}` },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: "/", json: "true" }).toString(),
    });
    expect(signOut.status).toBe(200);

    // The copy taken before sign-out, on the other process and on this one.
    expect(await whoAmI(b, cookie)).toBeNull();
    expect(await whoAmI(a, cookie)).toBeNull();
    const createKey = await trpcCall(b, cookie, "apiKeys.create", "mutation", { name: "after sign-out" });
    expect(createKey.code).toBe("UNAUTHORIZED");
    expect(await db.apiKey.count({ where: { accountId, name: "after sign-out" } })).toBe(0);
    const session = await request(b.url("/api/auth/session"), { headers: { cookie } });
    expect(session.json()).toEqual({});
  });

  it("a password change ends every other session, and the one that changed it goes on", async () => {
    const { email } = await newOwner();
    const changing = await signedIn(a, email);
    const other = await signedIn(b, email);
    const change = await trpcCall(a, changing, "security.changePassword", "mutation", {
      currentPassword: PASSWORD,
      newPassword: "second password 2",
    });
    expect(change.status).toBe(200);
    expect(change.data).toEqual({ otherSessionsEnded: 1 });
    expect(await whoAmI(a, other)).toBeNull();
    expect(await whoAmI(b, changing)).toBe(email);
    // The old password no longer signs in; the new one does.
    expect(await whoAmI(b, (await signIn(b, email, PASSWORD)).cookie)).toBeNull();
    await signedIn(b, email, "second password 2");
  });

  it("a wrong current password changes nothing and is refused", async () => {
    const { email } = await newOwner();
    const cookie = await signedIn(a, email);
    const change = await trpcCall(b, cookie, "security.changePassword", "mutation", {
      currentPassword: "not it",
      newPassword: "whatever 123",
    });
    expect(change.appCode).toBe("auth.wrong_password");
    await signedIn(a, email);
  });

  it("a role change made in SQL ends the user's sessions (the users_end_sessions trigger)", async () => {
    const { email, userId } = await newOwner();
    const cookie = await signedIn(a, email);
    await db.$executeRaw`UPDATE users SET role = 'STAFF' WHERE id = ${userId}::uuid`;
    expect(await whoAmI(b, cookie)).toBeNull();
    expect(await whoAmI(a, cookie)).toBeNull();
  });

  it("disabling ends them, and enabling again brings back neither the sessions nor the old password", async () => {
    const { email, userId } = await newOwner();
    const cookie = await signedIn(a, email);
    await setUserDisabled(operator, { userId, disabled: true });
    expect(await whoAmI(b, cookie)).toBeNull();
    const enabled = await setUserDisabled(operator, { userId, disabled: false });
    expect(enabled.temporaryPassword).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
    expect(await whoAmI(b, cookie)).toBeNull();
    expect((await trpcCall(b, (await signIn(b, email, PASSWORD)).cookie, "session.me", "query")).code).toBe("UNAUTHORIZED");
  });

  it("an operator's reset: sessions end, the temporary password signs in once into a session that can only choose a new password", async () => {
    const { email, userId } = await newOwner();
    const before = await signedIn(a, email);
    const { temporaryPassword } = await setUserPassword(operator, { userId });
    expect(await whoAmI(b, before)).toBeNull();

    const { cookie: gated } = await signIn(b, email, temporaryPassword!);
    // Gated: the portal refuses it as signed out, the sign-in page sends it on to choose a password.
    expect(await whoAmI(a, gated)).toBeNull();
    expect((await trpcCall(a, gated, "apiKeys.list", "query")).code).toBe("UNAUTHORIZED");
    const page = await request(a.url("/sign-in"), { headers: { cookie: gated } });
    expect(page.headers.location ?? page.text).toContain("/sign-in/new-password");
    // Single use: a second sign-in with it is refused even before it expires.
    expect(await whoAmI(a, (await signIn(a, email, temporaryPassword!)).cookie)).toBeNull();

    const change = await trpcCall(a, gated, "security.changePassword", "mutation", {
      currentPassword: temporaryPassword,
      newPassword: "my own one 9",
    });
    expect(change.status).toBe(200);
    expect(await whoAmI(b, gated)).toBe(email);
    // The session from before the reset ended, rather than only waiting behind the gate: with the
    // password chosen and the gate gone, it does not come back.
    expect(await whoAmI(a, before)).toBeNull();
    expect(await whoAmI(b, before)).toBeNull();
  });

  it("sign out everywhere, from one process, ends the sessions on both", async () => {
    const { email } = await newOwner();
    const here = await signedIn(a, email);
    const there = await signedIn(b, email);
    const ended = await trpcCall(b, there, "security.signOutEverywhere", "mutation");
    expect(ended.data).toEqual({ ended: 2 });
    expect(await whoAmI(a, here)).toBeNull();
    expect(await whoAmI(b, there)).toBeNull();
  });
});

describe("after all of it", () => {
  it("the ledger still adds up (ledger:check)", async () => {
    const { checkLedger } = await import("~/server/services/reconciliation/check-ledger");
    expect(await checkLedger(operator, {})).toMatchObject({ ok: true, mismatches: [] });
  });
});
