/**
 * No response shows how the server is built. The production server is driven into failures across
 * the REST API, tRPC, next-auth and the portal's pages (malformed input, unknown routes, wrong
 * methods, oversized bodies), then its database is made unreachable so every database call fails, and
 * every answer is checked: no stack trace, no SQL, no database or Prisma error text, no file path. API
 * errors are problem+json; tRPC errors keep tRPC's shape with a fixed message for anything unexpected.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/server/services/users/create-user";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { signIn } from "~/test/portal-session";
import { ensureSandboxCatalog } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";
import { startTcpProxy, type TcpProxy } from "~/test/tcp-proxy";

const UNEXPECTED_TRPC_MESSAGE = "Something went wrong on our side. Please try again.";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What must never reach a client, by what it would give away. */
const LEAKS: [string, RegExp][] = [
  // A V8 stack frame, raw or inside a JSON/RSC string.
  ["a stack frame", /(?:\n|\\n)\s*at\s|\bat (?:async )?[\w$.<>[\]]+ \((?:\/|file:|node:)/],
  ["a stack property", /"stack"\s*:/],
  [
    "SQL",
    /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|ALTER TABLE|CREATE TABLE)\b|relation "|column "|syntax error at|duplicate key value|violates [\w ]*constraint/,
  ],
  ["a database error", /ECONNREFUSED|ECONNRESET|Connection terminated|ETIMEDOUT|postgres(?:ql)?:\/\/|Can't reach database/i],
  ["Prisma", /prisma|Invalid `[^`]*` invocation|DriverAdapterError/i],
  ["a file path", new RegExp(`${escapeRegExp(process.cwd())}|node_modules|/src/server/|\\.next[-\\w]*/server|webpack-internal|file://`)],
];

function expectNothingInternal(label: string, response: HttpResponse) {
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(response.text);
    expect(
      match,
      `${label} (${response.status}) shows ${what}: …${match ? response.text.slice(Math.max(0, match.index - 80), match.index + 80) : ""}…`,
    ).toBeNull();
  }
}

/** DESIGN §3.4: application/problem+json with type, title, status (the HTTP one) and errors[]; and the request id, as its header. */
function expectProblem(label: string, response: HttpResponse) {
  expect(response.headers["content-type"], label).toContain("application/problem+json");
  const body = response.json() as {
    type: string;
    title: string;
    status: number;
    errors: { name: string; reason: string }[];
    requestId: string;
  };
  expect(body.requestId, label).toBe(response.headers["x-request-id"]);
  expect(typeof body.type, label).toBe("string");
  expect(typeof body.title, label).toBe("string");
  expect(body.status, label).toBe(response.status);
  expect(body.errors.length, label).toBeGreaterThan(0);
  for (const error of body.errors) expect(Object.keys(error).sort(), label).toEqual(["name", "reason"]);
}

interface TrpcErrorBody {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; stack?: string };
}

/** tRPC's error shape (superjson-wrapped), one per call of a batch, with no stack. */
function trpcErrors(label: string, response: HttpResponse): TrpcErrorBody[] {
  const body = response.json() as { error?: { json: TrpcErrorBody } } | { error?: { json: TrpcErrorBody } }[];
  const errors = (Array.isArray(body) ? body : [body]).map((item) => item.error?.json);
  for (const error of errors) {
    expect(error, `${label}: not a tRPC error`).toBeDefined();
    expect(error!.data.stack, label).toBeUndefined();
    if (error!.data.code === "INTERNAL_SERVER_ERROR") expect(error!.message, label).toBe(UNEXPECTED_TRPC_MESSAGE);
  }
  return errors as TrpcErrorBody[];
}

let server: TestServer;
let database: TcpProxy;
let apiKey: string;
let ownerCookie: string;
let operatorCookie: string;
let accountId: string;

beforeAll(async () => {
  const target = new URL(process.env.DATABASE_URL!);
  database = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  server = await startTestServer({ DATABASE_URL: database.proxiedUrl(process.env.DATABASE_URL!) });
  await ensureSandboxCatalog();
  ({ apiKey, accountId } = await createAccountWithKey({ funding: 1_000_000n }));
  const password = "correct horse battery staple";
  const ownerEmail = `owner-${randomUUID()}@leaks.test`;
  const operatorEmail = `operator-${randomUUID()}@leaks.test`;
  await createUser(operator, { email: ownerEmail, password, role: "OWNER", accountId });
  await createUser(operator, { email: operatorEmail, password, role: "OPERATOR" });
  ({ cookie: ownerCookie } = await signIn(server, ownerEmail, password));
  ({ cookie: operatorCookie } = await signIn(server, operatorEmail, password));
}, 120_000);

const api = (path: string, options: Parameters<typeof request>[1] = {}) =>
  request(server.url(`/api/v1${path}`), { ...options, headers: { authorization: `Bearer ${apiKey}`, ...options.headers } });
const json = { "content-type": "application/json" };
const trpcBody = (input: unknown) => JSON.stringify({ json: input });
const trpc = (path: string, options: Parameters<typeof request>[1] = {}) =>
  request(server.url(`/api/trpc/${path}`), { ...options, headers: { cookie: ownerCookie, ...options.headers } });

/** The same hostile requests against the REST API, before and after the database goes away. */
function apiFailures(): [string, () => Promise<HttpResponse>][] {
  return [
    ["no key", () => request(server.url("/api/v1/balance"))],
    ["a malformed key", () => api("/balance", { headers: { authorization: "Bearer pk_live_'; DROP TABLE api_keys; --" } })],
    ["an unknown endpoint", () => api("/no-such-endpoint")],
    ["a path walking out of /api/v1", () => api("/no-such-endpoint/../../etc/passwd")],
    ["malformed JSON", () => api("/data", { method: "POST", headers: json, body: '{"clientReference": "x", "planId": ' })],
    ["not JSON at all", () => api("/data", { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" })],
    [
      "an oversized body",
      () => api("/data", { method: "POST", headers: json, body: JSON.stringify({ clientReference: "x".repeat(200_000) }) }),
    ],
    ["deep nesting", () => api("/data", { method: "POST", headers: json, body: "[".repeat(50_000) + "]".repeat(50_000) })],
    [
      "a NUL in a field",
      () =>
        api("/data", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ clientReference: "a\u0000b", planId: "mtn-1gb-30d", phone: "08031234567" }),
        }),
    ],
    [
      "wrong types",
      () =>
        api("/airtime", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ clientReference: 1, networkId: [], phone: {}, amount: "1e400" }),
        }),
    ],
    [
      "an unknown plan",
      () =>
        api("/data", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ clientReference: randomUUID(), planId: "no-such-plan' OR 1=1 --", phone: "08031234567" }),
        }),
    ],
    ["a bad query string", () => api("/transactions?limit=-1&from=yesterday&cursor=%FF%FE")],
    ["a forged cursor", () => api(`/transactions?cursor=${Buffer.from("2026-01-01|1; SELECT 1").toString("base64url")}`)],
    ["a bad invoice period", () => api("/invoices/2026-13.pdf")],
    ["a webhook endpoint id that is SQL", () => api(`/webhook-endpoints/${encodeURIComponent("'; DROP TABLE webhook_endpoints; --")}`)],
    [
      "a webhook endpoint edit that is not an id",
      () => api("/webhook-endpoints/00000000-0000-0000-0000-00000000000g", { method: "PATCH", headers: json, body: '{"enabled": true}' }),
    ],
    [
      "a webhook URL that is not one",
      () =>
        api("/webhook-endpoints", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ url: "javascript:alert(1)", eventTypes: [{}] }),
        }),
    ],
    ["a forged events cursor", () => api(`/events?cursor=${Buffer.from("2026-01-01|evt_'; SELECT 1").toString("base64url")}&type=x`)],
    ["the webhook endpoints", () => api("/webhook-endpoints")],
    ["an unknown bill service", () => api("/bills/..%2F..%2Fetc/products")],
    [
      "a valid purchase",
      () =>
        api("/data", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ clientReference: randomUUID(), planId: "mtn-1gb-30d", phone: "08031234567" }),
        }),
    ],
    ["a balance", () => api("/balance")],
  ];
}

function trpcFailures(): [string, () => Promise<HttpResponse>][] {
  return [
    ["an unknown procedure", () => trpc("no.such.procedure")],
    ["malformed query input", () => trpc("transactions.list?input=%7Bnot-json")],
    ["input the schema refuses", () => trpc(`transactions.byId?input=${encodeURIComponent(trpcBody({ id: "x".repeat(500) }))}`)],
    ["a mutation over GET", () => trpc(`apiKeys.create?input=${encodeURIComponent(trpcBody({ name: "x" }))}`)],
    ["malformed mutation JSON", () => trpc("apiKeys.create", { method: "POST", headers: json, body: '{"json": {"name": ' })],
    [
      "an oversized mutation",
      () => trpc("apiKeys.create", { method: "POST", headers: json, body: trpcBody({ name: "x".repeat(2_000_000) }) }),
    ],
    [
      "a text/plain mutation",
      () => trpc("apiKeys.create", { method: "POST", headers: { "content-type": "text/plain" }, body: trpcBody({ name: "x" }) }),
    ],
    [
      "a batch of bad calls",
      () => trpc(`transactions.byId,session.me,nope?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id: 42 } } }))}`),
    ],
    [
      "an operator procedure as an owner",
      () => trpc(`operator.account?input=${encodeURIComponent(trpcBody({ accountId: "'; SELECT 1; --" }))}`),
    ],
    [
      "an operator lookup of nonsense",
      () =>
        trpc(`operator.account?input=${encodeURIComponent(trpcBody({ accountId: "not-a-uuid" }))}`, {
          headers: { cookie: operatorCookie },
        }),
    ],
    ["no session", () => trpc("session.me", { headers: { cookie: "" } })],
    [
      "a forged session cookie",
      () =>
        trpc("session.me", {
          headers: { cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged" },
        }),
    ],
    [
      "a purchase",
      () =>
        trpc("purchases.buyData", {
          method: "POST",
          headers: json,
          body: trpcBody({ clientReference: randomUUID(), planId: "mtn-1gb-30d", phone: "08031234567" }),
        }),
    ],
    ["who am I", () => trpc("session.me")],
  ];
}

function otherFailures(): [string, () => Promise<HttpResponse>][] {
  return [
    ["next-auth: an unknown action", () => request(server.url("/api/auth/no-such-action"))],
    [
      "next-auth: a garbage sign-in",
      () =>
        request(server.url("/api/auth/callback/credentials"), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "%%%&email=\u0000",
        }),
    ],
    [
      "next-auth: a session with a forged cookie",
      () => request(server.url("/api/auth/session"), { headers: { cookie: "next-auth.session-token=garbage" } }),
    ],
    ["a page that does not exist", () => request(server.url("/no/such/page"), { headers: { cookie: ownerCookie } })],
    ["a transaction that does not exist", () => request(server.url("/transactions/not-a-uuid"), { headers: { cookie: ownerCookie } })],
    [
      "an operator page for nonsense",
      () => request(server.url("/operator/accounts/%27%3B%20SELECT%201"), { headers: { cookie: operatorCookie } }),
    ],
    ["the dashboard", () => request(server.url("/dashboard"), { headers: { cookie: ownerCookie } })],
    [
      "a portal CSV export with bad filters",
      () => request(server.url("/api/portal/transactions.csv?from=nonsense&status=%00"), { headers: { cookie: ownerCookie } }),
    ],
    [
      "a portal invoice that cannot exist",
      () => request(server.url("/api/portal/invoices/1999-99.pdf"), { headers: { cookie: ownerCookie } }),
    ],
    ["an undecodable path", () => request(server.url("/api/v1/%E0%A4%A"))],
  ];
}

/**
 * Sends the cases; every response must show nothing internal, and every failure (4xx, 5xx) must have
 * `failureShape` when one is given: the API's problem+json, or tRPC's error.
 */
async function run(
  cases: [string, () => Promise<HttpResponse>][],
  failureShape?: (label: string, response: HttpResponse) => unknown,
): Promise<Map<string, HttpResponse>> {
  const responses = new Map<string, HttpResponse>();
  // One at a time: a clear picture per request, and no burst on a small machine.
  for (const [label, send] of cases) responses.set(label, await send());
  for (const [label, response] of responses) {
    expectNothingInternal(label, response);
    if (failureShape && response.status >= 400) failureShape(label, response);
  }
  return responses;
}

describe("with the database up", () => {
  it("REST failures are problem+json and show nothing internal", async () => {
    const responses = await run(apiFailures(), expectProblem);
    // The controls: the same server serves well-formed requests.
    expect(responses.get("a valid purchase")!.status).toBe(201);
    expect(responses.get("a balance")!.status).toBe(200);
    expect(responses.get("the webhook endpoints")!.status).toBe(200);
  });

  it("tRPC failures keep tRPC's shape, without stacks or internal messages", async () => {
    const responses = await run(trpcFailures(), trpcErrors);
    expect(responses.get("who am I")!.status).toBe(200);
    expect(responses.get("a purchase")!.status).toBe(200);
    // Refused before it is read into memory, with tRPC's own error for it.
    expect(trpcErrors("an oversized mutation", responses.get("an oversized mutation")!)[0]!.data.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("next-auth, the portal's pages and downloads, and the server itself show nothing internal", async () => {
    await run(otherFailures());
  });
});

describe("with the database unreachable", () => {
  beforeAll(async () => {
    await database.close();
  });

  it("every API call that needs the database is a 500 problem+json saying nothing more", async () => {
    const responses = await run(apiFailures(), expectProblem);
    for (const label of ["a balance", "a valid purchase", "the webhook endpoints"]) {
      expect(responses.get(label)!.status, label).toBe(500);
      expect((responses.get(label)!.json() as { detail: string }).detail).toBe("An unexpected error occurred.");
    }
  });

  it("tRPC answers INTERNAL_SERVER_ERROR with its fixed message", async () => {
    const responses = await run(trpcFailures(), trpcErrors);
    for (const label of ["who am I", "a purchase"]) {
      const [error] = trpcErrors(label, responses.get(label)!);
      expect(error!.data.code, label).toBe("INTERNAL_SERVER_ERROR");
    }
  });

  it("pages fail with Next's production error page, sign-in says it is unavailable, and nothing internal shows", async () => {
    const responses = await run(otherFailures());
    expect(responses.get("the dashboard")!.status).toBe(500);

    const signInPage = await request(server.url("/sign-in"));
    expectNothingInternal("the sign-in page", signInPage);
    const csrf = await request(server.url("/api/auth/csrf"));
    const form = new URLSearchParams({
      email: "someone@leaks.test",
      password: "whatever-it-is",
      csrfToken: (csrf.json() as { csrfToken: string }).csrfToken,
      json: "true",
    });
    const attempt = await request(server.url("/api/auth/callback/credentials"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: String(csrf.headers["set-cookie"]?.[0]?.split(";")[0]) },
      body: form.toString(),
    });
    expectNothingInternal("a sign-in", attempt);
    expect(JSON.stringify(attempt.json())).toContain("error=SignInUnavailable");
  });
});
