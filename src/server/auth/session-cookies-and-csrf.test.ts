/**
 * The portal session through the real production server: next-auth's cookies are httpOnly and
 * SameSite=Lax, and Secure with the __Secure-/__Host- prefix when the public URL is https (a
 * TLS-terminating proxy in front); next-auth's CSRF protection holds for sign-in and sign-out; and a
 * tRPC mutation cannot be made from another site, neither with a form's content types nor with a
 * cross-site fetch. The portal's "Test data" switch (/api/portal/mode) sets its cookie on the same
 * terms and takes only same-origin posts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { isCrossSiteRequest } from "~/server/http/cross-site-request";
import { createUser } from "~/server/services/users/create-user";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { cookieHeader, fetchCsrf, postCredentials, responseCookies, signIn } from "~/test/portal-session";
import { startTestServer, type TestServer } from "~/test/server";

const PASSWORD = "correct horse battery staple";
let plain: TestServer;
let behindTls: TestServer;
let accountId: string;
let email: string;

beforeAll(async () => {
  [plain, behindTls] = await Promise.all([startTestServer(), startTestServer({ NEXTAUTH_URL: "https://portal.example.test" })]);
  ({ accountId } = await createAccountWithKey());
  email = `owner-${randomUUID()}@cookies.test`;
  await createUser(operator, { email, password: PASSWORD, role: "OWNER", accountId });
}, 120_000);

const sessionCookieOf = (cookies: ReturnType<typeof responseCookies>) =>
  cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));

describe("session cookies", () => {
  it("over plain http: httpOnly and SameSite=Lax, not Secure, no prefix", async () => {
    const csrf = await fetchCsrf(plain);
    const response = await postCredentials(plain, { email, password: PASSWORD, csrfToken: csrf.csrfToken }, cookieHeader(csrf.response));
    const cookies = [...responseCookies(csrf.response), ...responseCookies(response)];
    expect(cookies.map((cookie) => cookie.name)).toContain("next-auth.csrf-token");
    const session = sessionCookieOf(cookies);
    expect(session?.name).toBe("next-auth.session-token");
    expect(session?.value.length).toBeGreaterThan(20);
    for (const cookie of cookies) {
      expect(cookie.attributes.has("httponly"), cookie.name).toBe(true);
      expect(cookie.attributes.get("samesite")?.toLowerCase(), cookie.name).toBe("lax");
      expect(cookie.attributes.has("secure"), cookie.name).toBe(false);
      expect(cookie.attributes.get("path"), cookie.name).toBe("/");
    }
  });

  it("behind TLS (NEXTAUTH_URL https): Secure and __Secure-/__Host- prefixed as well", async () => {
    const csrf = await fetchCsrf(behindTls);
    const csrfCookie = responseCookies(csrf.response).find((cookie) => cookie.name.endsWith("next-auth.csrf-token"));
    expect(csrfCookie?.name).toBe("__Host-next-auth.csrf-token");

    const { response } = await signIn(behindTls, email, PASSWORD);
    const cookies = [...responseCookies(csrf.response), ...responseCookies(response)];
    expect(sessionCookieOf(cookies)?.name).toBe("__Secure-next-auth.session-token");
    for (const cookie of cookies) {
      expect(cookie.name, cookie.name).toMatch(/^__(Secure|Host)-/);
      expect(cookie.attributes.has("secure"), cookie.name).toBe(true);
      expect(cookie.attributes.has("httponly"), cookie.name).toBe(true);
      expect(cookie.attributes.get("samesite")?.toLowerCase(), cookie.name).toBe("lax");
    }
  });
});

describe("next-auth's CSRF protection", () => {
  it("does not sign in without the CSRF token, with a wrong one, or with another browser's", async () => {
    const csrf = await fetchCsrf(plain);
    const csrfCookie = cookieHeader(csrf.response);
    const otherBrowser = await fetchCsrf(plain);
    const attempts = [
      await postCredentials(plain, { email, password: PASSWORD, csrfToken: null }, csrfCookie),
      await postCredentials(plain, { email, password: PASSWORD, csrfToken: "0".repeat(64) }, csrfCookie),
      await postCredentials(plain, { email, password: PASSWORD, csrfToken: otherBrowser.csrfToken }, csrfCookie),
      // A cross-site form: the attacker's page knows no token and the browser sends no CSRF cookie.
      await postCredentials(plain, { email, password: PASSWORD, csrfToken: csrf.csrfToken }, null),
    ];
    for (const response of attempts) {
      expect(sessionCookieOf(responseCookies(response))).toBeUndefined();
      expect(JSON.stringify(response.json())).toContain("csrf=true");
    }
    // The control: the same form with the right token and cookie signs in.
    const ok = await postCredentials(plain, { email, password: PASSWORD, csrfToken: csrf.csrfToken }, csrfCookie);
    expect(sessionCookieOf(responseCookies(ok))).toBeDefined();
  });

  it("does not sign out on a cross-site POST without the token: the session cookie stays and still works", async () => {
    const { cookie } = await signIn(plain, email, PASSWORD);
    const sessionOnly = cookie
      .split("; ")
      .filter((pair) => pair.startsWith("next-auth.session-token="))
      .join("; ");
    expect(sessionOnly).not.toBe("");

    const signOut = await request(plain.url("/api/auth/signout"), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: sessionOnly,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: "callbackUrl=%2F",
    });
    const cleared = responseCookies(signOut).find((item) => item.name === "next-auth.session-token");
    expect(cleared).toBeUndefined();
    expect(signOut.headers.location ?? "").toContain("csrf=true");

    const session = await request(plain.url("/api/auth/session"), { headers: { cookie: sessionOnly } });
    expect(session.json()).toMatchObject({ user: { email } });

    // The control: with the token, the same request does sign out (it clears the cookie).
    const csrf = await fetchCsrf(plain);
    const realSignOut = await request(plain.url("/api/auth/signout"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${sessionOnly}; ${cookieHeader(csrf.response)}` },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: "/", json: "true" }).toString(),
    });
    expect(responseCookies(realSignOut).find((item) => item.name === "next-auth.session-token")?.value).toBe("");
  });
});

describe("the sign-in form posted without its script (/sign-in/submit)", () => {
  const submit = (headers: Record<string, string>, csrfToken = randomUUID().replaceAll("-", "").repeat(2)) =>
    request(plain.url("/sign-in/submit"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ email, password: PASSWORD, csrfToken, callbackUrl: "/dashboard" }).toString(),
    });

  it("from this origin: sets next-auth's CSRF cookie for the form's token, and next-auth then signs in", async () => {
    const csrfToken = "c".repeat(64);
    const first = await submit({ "sec-fetch-site": "same-origin" }, csrfToken);
    expect(first.status).toBe(307);
    expect(first.headers.location).toBe("/api/auth/callback/credentials");
    const csrfCookie = responseCookies(first).find((cookie) => cookie.name === "next-auth.csrf-token");
    expect(decodeURIComponent(csrfCookie?.value ?? "").startsWith(`${csrfToken}|`)).toBe(true);
    expect(csrfCookie?.attributes.has("httponly")).toBe(true);
    expect(csrfCookie?.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    // What the browser does with the 307: the same form, now with the cookie.
    const second = await postCredentials(plain, { email, password: PASSWORD, csrfToken }, cookieHeader(first));
    expect(sessionCookieOf(responseCookies(second))).toBeDefined();
  });

  it("from another site, a sibling subdomain or an older browser's foreign Origin: 403 and no cookie", async () => {
    for (const headers of [
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" } as Record<string, string>,
      { "sec-fetch-site": "same-site", origin: "https://other.portal.example" },
      { origin: "https://evil.example" },
    ]) {
      const response = await submit(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(responseCookies(response), JSON.stringify(headers)).toEqual([]);
    }
  });

  it("without a well-formed token: back to the form, no cookie", async () => {
    const response = await submit({ "sec-fetch-site": "same-origin" }, "not-a-token");
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/sign-in?csrf=true");
    expect(responseCookies(response)).toEqual([]);
  });
});

describe('the Test data switch (/api/portal/mode, docs/integrating.md "Test mode")', () => {
  const switchTo = (server: TestServer, cookie: string, headers: Record<string, string>, form: Record<string, string>) =>
    request(server.url("/api/portal/mode"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const modeCookieOf = (response: Parameters<typeof responseCookies>[0]) =>
    responseCookies(response).find((cookie) => /rp_mode$/.test(cookie.name));

  it("over plain http: an httpOnly, Lax cookie, a 303 back to the page, which then shows test data; off clears it", async () => {
    const { cookie } = await signIn(plain, email, PASSWORD);
    const on = await switchTo(
      plain,
      cookie,
      { "sec-fetch-site": "same-origin" },
      { mode: "test", returnTo: "/transactions?status=failed" },
    );
    expect(on.status).toBe(303);
    expect(on.headers.location).toBe("/transactions?status=failed");
    const modeCookie = modeCookieOf(on);
    // The signed-in user's id: the switch follows the user, not the browser.
    expect(modeCookie).toMatchObject({ name: "rp_mode", value: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(modeCookie?.attributes.has("httponly")).toBe(true);
    expect(modeCookie?.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(modeCookie?.attributes.has("secure")).toBe(false);
    expect(modeCookie?.attributes.get("path")).toBe("/");

    const page = await request(plain.url("/dashboard"), { headers: { cookie: `${cookie}; rp_mode=${modeCookie?.value}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("purchases use the sandbox and your test wallet; nothing here is real.");

    const off = await switchTo(plain, cookie, { "sec-fetch-site": "same-origin" }, { mode: "live", returnTo: "/dashboard" });
    expect(off.status).toBe(303);
    expect(modeCookieOf(off)).toMatchObject({ name: "rp_mode", value: "" });
    expect(modeCookieOf(off)?.attributes.get("max-age")).toBe("0");
  });

  it("behind TLS (NEXTAUTH_URL https): Secure and __Host- prefixed, as next-auth's CSRF cookie", async () => {
    const { cookie } = await signIn(behindTls, email, PASSWORD);
    const on = await switchTo(behindTls, cookie, { "sec-fetch-site": "same-origin" }, { mode: "test", returnTo: "/dashboard" });
    expect(on.status).toBe(303);
    const modeCookie = modeCookieOf(on);
    expect(modeCookie?.name).toBe("__Host-rp_mode");
    expect(modeCookie?.attributes.has("secure")).toBe(true);
    expect(modeCookie?.attributes.has("httponly")).toBe(true);
    expect(modeCookie?.attributes.has("domain")).toBe(false);
    const page = await request(behindTls.url("/dashboard"), { headers: { cookie: `${cookie}; __Host-rp_mode=${modeCookie?.value}` } });
    expect(page.text).toContain("nothing here is real.");
    // The unprefixed name, which a sibling subdomain could set, means nothing there.
    const unprefixed = await request(behindTls.url("/dashboard"), { headers: { cookie: `${cookie}; rp_mode=${modeCookie?.value}` } });
    expect(unprefixed.status).toBe(200);
    expect(unprefixed.text).not.toContain("nothing here is real.");
  });

  it("from another site, a sibling subdomain or an older browser's foreign Origin: 403 and no cookie", async () => {
    const { cookie } = await signIn(plain, email, PASSWORD);
    for (const headers of [
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" } as Record<string, string>,
      { "sec-fetch-site": "same-site", origin: "https://other.portal.example" },
      { origin: "https://evil.example" },
    ]) {
      const response = await switchTo(plain, cookie, headers, { mode: "test", returnTo: "/dashboard" });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(responseCookies(response), JSON.stringify(headers)).toEqual([]);
    }
  });

  it("signed out: 401 and no cookie; a return path to another host: back to the dashboard instead", async () => {
    const signedOut = await switchTo(plain, "", { "sec-fetch-site": "same-origin" }, { mode: "test", returnTo: "/dashboard" });
    expect(signedOut.status).toBe(401);
    expect(responseCookies(signedOut)).toEqual([]);
    const { cookie } = await signIn(plain, email, PASSWORD);
    for (const returnTo of ["//evil.example/", "/\\evil.example", "https://evil.example/", "dashboard"]) {
      const response = await switchTo(plain, cookie, { "sec-fetch-site": "same-origin" }, { mode: "test", returnTo });
      expect(response.headers.location, returnTo).toBe("/dashboard");
    }
  });
});

describe("tRPC mutations from another site", () => {
  let cookie: string;
  const mutation = () => plain.url("/api/trpc/apiKeys.create");
  const keyName = () => `csrf-${randomUUID()}`;
  const keyCount = (name: string) => db.apiKey.count({ where: { accountId, name } });

  beforeAll(async () => {
    ({ cookie } = await signIn(plain, email, PASSWORD));
  });

  it("are refused in the body types an HTML form can send without CORS", async () => {
    const name = keyName();
    const json = JSON.stringify({ json: { name } });
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await request(mutation(), { method: "POST", headers: { cookie, "content-type": contentType }, body: json });
      expect(response.status, contentType).toBe(415);
    }
    // multipart/form-data is parsed by tRPC, but no mutation accepts FormData as its input.
    const boundary = "----csrf";
    const multipart = await request(mutation(), {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.status).toBe(400);
    expect(await keyCount(name)).toBe(0);
  });

  it("are refused when the browser says another site sent them, even with the session cookie and JSON", async () => {
    const name = keyName();
    const body = JSON.stringify({ json: { name } });
    const crossSite = [
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      // A sibling subdomain is the same *site*: SameSite=Lax cookies are sent, this check still refuses.
      { "sec-fetch-site": "same-site", origin: "https://evil.portal.example.test" },
      // Browsers without Sec-Fetch-Site: the Origin must be this host.
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of crossSite) {
      const response = await request(mutation(), {
        method: "POST",
        headers: { ...headers, cookie, "content-type": "application/json" },
        body,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ error: { json: { data: { code: "FORBIDDEN" } } } });
    }
    expect(await keyCount(name)).toBe(0);

    // The control: the portal's own request (same origin) goes through.
    const host = new URL(plain.url("/")).host;
    const own = await request(mutation(), {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", origin: `http://${host}`, cookie, "content-type": "application/json" },
      body,
    });
    expect(own.status).toBe(200);
    expect(await keyCount(name)).toBe(1);
  });
});

describe("isCrossSiteRequest", () => {
  const check = (headers: Record<string, string>) => isCrossSiteRequest(new Headers(headers));

  it("trusts Sec-Fetch-Site when the browser sends it", () => {
    expect(check({ "sec-fetch-site": "same-origin", origin: "https://elsewhere.example", host: "portal.test" })).toBe(false);
    expect(check({ "sec-fetch-site": "cross-site", host: "portal.test" })).toBe(true);
    expect(check({ "sec-fetch-site": "same-site", host: "portal.test" })).toBe(true);
  });

  it("otherwise compares Origin with the host, and lets through requests that are not from a browser", () => {
    expect(check({ origin: "https://portal.test", host: "portal.test" })).toBe(false);
    expect(check({ origin: "https://portal.test", host: "10.0.0.5:3000", "x-forwarded-host": "portal.test" })).toBe(false);
    expect(check({ origin: "https://evil.example", host: "portal.test" })).toBe(true);
    expect(check({ origin: "null", host: "portal.test" })).toBe(true);
    expect(check({ host: "portal.test" })).toBe(false);
  });
});
