/**
 * No secret is ever written to the logs (issue 8). A realistic session against the production server
 * with everything it prints captured: API calls with a valid, an invalid and a revoked key; a portal
 * sign-in the way the browser does it (CSRF token, credentials callback), a failed one, pages and tRPC
 * calls on the session cookie, a tampered cookie, an API key created through the portal (its secret is
 * shown once), a webhook endpoint created and its signing secret rotated through the API, sign-out.
 * Then not one key, password, session token, CSRF token, webhook secret or the AUTH_SECRET may appear
 * anywhere in stdout or stderr, while the log does show that each of those things happened.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createUser } from "~/server/services/users/create-user";
import { request, type HttpResponse } from "~/test/http";
import { createAccountWithKey, operator, uniqueName } from "~/test/fixtures";
import { ensureSandboxCatalog, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

const AUTH_SECRET = randomBytes(32).toString("base64url");
const PASSWORD = `pw-${randomBytes(12).toString("base64url")}`;
const WRONG_PASSWORD = `wrong-${randomBytes(12).toString("base64url")}`;
const INVALID_KEY = `pk_live_${randomBytes(30).toString("base64url").replace(/[-_]/g, "A").slice(0, 40)}`;

const server = useTestServer({ AUTH_SECRET, BCRYPT_COST: "10" });

/** Cookies as the browser keeps them: name → value, from each response's Set-Cookie. */
class CookieJar {
  readonly values = new Map<string, string>();
  take(response: HttpResponse): void {
    for (const header of response.headers["set-cookie"] ?? []) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = decodeURIComponent(pair.slice(at + 1));
      if (value === "") this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }
}

async function send(
  jar: CookieJar,
  method: string,
  path: string,
  options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { cookie: jar.header(), ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await request(server.url(path), { method, headers, body });
  jar.take(response);
  return response;
}

/** next-auth's credentials sign-in, as the sign-in form posts it. */
async function signIn(jar: CookieJar, email: string, password: string) {
  const { csrfToken } = (await send(jar, "GET", "/api/auth/csrf")).json() as { csrfToken: string };
  const response = await send(jar, "POST", "/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: "/dashboard", json: "true" },
  });
  return { csrfToken, response };
}

/** A tRPC mutation over HTTP with superjson, as the portal's client sends it. */
async function mutate(jar: CookieJar, path: string, input: unknown) {
  const response = await send(jar, "POST", `/api/trpc/${path}`, { json: { json: input } });
  return { status: response.status, data: (response.json() as { result?: { data: { json: unknown } } }).result?.data.json };
}

const balance = (key: string) => request(server.url("/api/v1/balance"), { headers: { authorization: `Bearer ${key}` } });

describe("logs of a realistic session", () => {
  it("show what happened and contain no key, password, session or secret", async () => {
    await ensureSandboxCatalog();
    const { accountId, apiKey: fixtureKey } = await createAccountWithKey({ funding: 200_000n });
    const email = `${uniqueName("owner")}@example.test`;
    const { userId } = await createUser(operator, { email, password: PASSWORD, role: "OWNER", accountId });
    const secrets: Record<string, string> = { AUTH_SECRET, PASSWORD, WRONG_PASSWORD, INVALID_KEY, fixtureKey };

    // The portal: a failed sign-in, then the real one.
    const stranger = new CookieJar();
    const failed = await signIn(stranger, email, WRONG_PASSWORD);
    expect(failed.response.status).toBe(401);
    expect(stranger.values.has("next-auth.session-token")).toBe(false);

    const browser = new CookieJar();
    const { csrfToken, response: signedIn } = await signIn(browser, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const sessionToken = browser.values.get("next-auth.session-token");
    expect(sessionToken).toBeTruthy();
    Object.assign(secrets, { csrfToken, sessionToken: sessionToken! });

    expect((await send(browser, "GET", "/api/auth/session")).json()).toMatchObject({ user: { email } });
    expect((await send(browser, "GET", "/dashboard")).status).toBe(200);

    // An API key made in the portal: the secret is in the response once, and must be nowhere else.
    const created = await mutate(browser, "apiKeys.create", { name: "from the portal" });
    expect(created.status).toBe(200);
    const { keyId: portalKeyId, apiKey: portalKey } = created.data as { keyId: string; apiKey: string };
    const doomed = (await mutate(browser, "apiKeys.create", { name: "to revoke" })).data as { keyId: string; apiKey: string };
    Object.assign(secrets, { portalKey, revokedKey: doomed.apiKey });
    expect((await mutate(browser, "apiKeys.revoke", { keyId: doomed.keyId })).status).toBe(200);

    // A forged session cookie is refused, and next-auth's complaint about it is logged without it.
    const forger = new CookieJar();
    const forgedToken = `eyJ${randomBytes(48).toString("base64url")}`;
    forger.values.set("next-auth.session-token", forgedToken);
    secrets.forgedToken = forgedToken;
    expect((await mutate(forger, "apiKeys.create", { name: "forged" })).status).toBe(401);

    // The REST API with the valid, the portal-made, an invalid and the revoked key.
    expect((await balance(fixtureKey)).status).toBe(200);
    expect((await balance(portalKey)).status).toBe(200);
    const bought = await request(server.url("/api/v1/data"), {
      method: "POST",
      headers: { authorization: `Bearer ${portalKey}`, "content-type": "application/json" },
      body: JSON.stringify({ clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" }),
    });
    expect(bought.status).toBe(201);
    // A webhook endpoint's signing secret, shown by its creation and its rotation only.
    const webhookCall = (path: string, body: unknown) =>
      request(server.url(path), {
        method: "POST",
        headers: { authorization: `Bearer ${portalKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const endpoint = await webhookCall("/api/v1/webhook-endpoints", { url: "https://example.com/hooks/logs" });
    expect(endpoint.status).toBe(201);
    const { id: endpointId, secret: webhookSecret } = endpoint.json() as { id: string; secret: string };
    const rotated = await webhookCall(`/api/v1/webhook-endpoints/${endpointId}/rotate-secret`, { overlapHours: 1 });
    expect(rotated.status).toBe(200);
    Object.assign(secrets, { webhookSecret, rotatedWebhookSecret: (rotated.json() as { secret: string }).secret });
    expect((await balance(INVALID_KEY)).status).toBe(401);
    expect((await balance(doomed.apiKey)).status).toBe(401);

    const signedOut = await send(browser, "POST", "/api/auth/signout", { form: { csrfToken, json: "true" } });
    expect(signedOut.status).toBe(200);

    // The log did record the session (so the assertions below are about a log that saw it all)…
    const logs = server.logs();
    const expectLogged = (fields: Record<string, unknown>) =>
      expect(
        logs.some((line) => Object.entries(fields).every(([key, value]) => line[key] === value)),
        JSON.stringify(fields),
      ).toBe(true);
    await expect.poll(() => server.logs().some((line) => line.msg === "signed out")).toBe(true);
    expectLogged({ msg: "sign-in refused", outcome: "wrong_password", userId });
    expectLogged({ msg: "signed in", userId, userRole: "OWNER", accountId });
    expectLogged({ msg: "next-auth: session cookie refused", code: "JWT_SESSION_ERROR" });
    expectLogged({ msg: "portal procedure", path: "apiKeys.create", userId, accountId, outcome: "ok" });
    expectLogged({ msg: "portal procedure", path: "apiKeys.create", outcome: "unauthorized", status: 401 });
    expectLogged({ msg: "api request", route: "/api/v1/data", apiKeyId: portalKeyId, status: 201 });
    expectLogged({ msg: "api request", route: "/api/v1/balance", status: 401, outcome: "unauthorized" });
    expectLogged({ msg: "api request", route: "/api/v1/webhook-endpoints", webhookEndpointId: endpointId, status: 201 });

    // …and holds none of its secrets, whole or in part (a key's 40-character secret without its prefix).
    const output = server.output();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThanOrEqual(12);
      expect(output.includes(value), `${name} appears in the server's output`).toBe(false);
      if (value.startsWith("pk_live_"))
        expect(output.includes(value.slice("pk_live_".length)), `${name}'s secret part appears`).toBe(false);
    }
    // Nor a header dump of any kind (even redacted, one would mean a call site logs requests wholesale).
    expect(output).not.toMatch(/"(authorization|cookie|set-cookie)"\s*:/i);
  });
});
