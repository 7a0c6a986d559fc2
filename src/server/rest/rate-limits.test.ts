/**
 * The per-key rate limit of /api/v1 over real sockets against the production server: the first N
 * requests pass with RateLimit-* headers, the next is a 429 problem+json with Retry-After; keys are
 * counted apart; a refused purchase charges nothing; allowlist 403s do not count; with two worker
 * processes the limit is one shared count, not one per process; and the window ends.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createAccountWithKey, operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const LIMIT = 5;
const CLUSTER_LIMIT = 12;
const SHORT_WINDOW_SECONDS = 2;

let server: TestServer;
let clustered: TestServer;
let shortWindow: TestServer;

beforeAll(async () => {
  const database = { DATABASE_URL: process.env.DATABASE_URL! };
  [server, clustered, shortWindow] = await Promise.all([
    startTestServer({ ...database, API_RATE_LIMIT: String(LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: "60" }),
    startTestServer({ ...database, API_RATE_LIMIT: String(CLUSTER_LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: "60", WEB_CONCURRENCY: "2" }),
    startTestServer({ ...database, API_RATE_LIMIT: "2", API_RATE_LIMIT_WINDOW_SECONDS: String(SHORT_WINDOW_SECONDS) }),
  ]);
  // The cluster's primary prints the first worker's line; both must listen before connections are dealt.
  await vi.waitFor(() => expect(clustered.listeningWorkers()).toBe(2), { timeout: 60_000, interval: 100 });
}, 120_000);

type Json = Record<string, unknown>;

/** One request on a connection of its own (so a cluster's primary deals each to the next worker). */
function get(target: TestServer, auth: Record<string, string>, path = "/api/v1/balance", localAddress = "127.0.0.1") {
  return request(target.url(path), { headers: auth, localAddress });
}

function buyData(target: TestServer, auth: Record<string, string>, clientReference: string) {
  return request(target.url("/api/v1/data"), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ clientReference, planId: "mtn-1gb-30d", phone: "08031234567" }),
    localAddress: "127.0.0.1",
  });
}

function expectRateLimited(response: HttpResponse, limit: number, windowSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  expect(response.headers["x-request-id"]).toBeTruthy();
  const retryAfter = Number(response.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers["ratelimit-limit"]).toBe(String(limit));
  expect(response.headers["ratelimit-remaining"]).toBe("0");
  expect(response.headers["ratelimit-reset"]).toBe(String(retryAfter));
  const body = response.json() as Json;
  expect(body).toEqual({
    type: "https://www.rfc-editor.org/rfc/rfc6585#section-4",
    title: "Too Many Requests",
    status: 429,
    detail: expect.stringContaining(`at most ${limit} per ${windowSeconds} s`),
    errors: [{ name: "rate_limit.exceeded", reason: body.detail }],
    requestId: response.headers["x-request-id"],
  });
  return retryAfter;
}

describe("per API key, one process", () => {
  it(`lets ${LIMIT} requests through with RateLimit headers, then answers 429 with Retry-After`, async () => {
    const { auth } = await createAccountWithKey();
    for (let index = 1; index <= LIMIT; index += 1) {
      const response = await get(server, auth);
      expect(response.status).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe(String(LIMIT));
      expect(response.headers["ratelimit-remaining"]).toBe(String(LIMIT - index));
      expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
      expect(Number(response.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
      expect(response.headers["retry-after"]).toBeUndefined();
    }
    expectRateLimited(await get(server, auth), LIMIT, 60);
    // Every endpoint shares the key's count.
    expectRateLimited(await get(server, auth, "/api/v1/networks"), LIMIT, 60);
  });

  it("counts each key apart: another key of the same account, and another account's key, are unaffected", async () => {
    const { accountId, auth } = await createAccountWithKey();
    for (let index = 0; index < LIMIT; index += 1) expect((await get(server, auth)).status).toBe(200);
    expect((await get(server, auth)).status).toBe(429);

    const sibling = await createApiKey(operator, { accountId, name: uniqueName("second") });
    const siblingResponse = await get(server, { authorization: `Bearer ${sibling.apiKey}` });
    expect(siblingResponse.status).toBe(200);
    expect(siblingResponse.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    const stranger = await createAccountWithKey();
    expect((await get(server, stranger.auth)).status).toBe(200);
  });

  it("refuses a purchase over the limit before anything happens: no transaction, nothing charged", async () => {
    const { accountId, auth } = await fundedAccount(100_000n);
    for (let index = 0; index < LIMIT; index += 1) expect((await get(server, auth)).status).toBe(200);
    const clientReference = reference();
    expectRateLimited(await buyData(server, auth, clientReference), LIMIT, 60);
    expect(await balanceOf(accountId)).toBe(100_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
  });

  it("does not count requests refused by the allowlist, nor requests without a valid key", async () => {
    const { auth } = await createAccountWithKey({ allowlist: ["127.0.0.1"] });
    for (let index = 0; index < LIMIT * 2; index += 1) {
      const refused = await get(server, auth, "/api/v1/balance", "127.0.0.2");
      expect(refused.status).toBe(403);
      expect(refused.headers["ratelimit-limit"]).toBeUndefined();
    }
    const allowed = await get(server, auth);
    expect(allowed.status).toBe(200);
    expect(allowed.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));

    for (let index = 0; index < LIMIT * 2; index += 1)
      expect((await get(server, { authorization: `Bearer pk_live_${"x".repeat(40)}` })).status).toBe(401);
  });

  it("sends the headers on problem responses after the count too (a 400 is counted)", async () => {
    const { auth } = await fundedAccount(0n);
    const invalid = await request(server.url("/api/v1/data"), {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ clientReference: reference(), planId: "mtn-1gb-30d", phone: "not a phone" }),
      localAddress: "127.0.0.1",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
  });
});

describe("per API key, two worker processes on one host", () => {
  it(`admits ${CLUSTER_LIMIT} requests in total, not ${CLUSTER_LIMIT} per process`, async () => {
    const { auth } = await createAccountWithKey();
    // Three times the limit, each on a new connection: the primary deals connections to the two workers
    // in turn, so each serves more than the limit, and counters kept per process would admit twice it.
    const responses: HttpResponse[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      responses.push(...(await Promise.all(Array.from({ length: CLUSTER_LIMIT }, () => get(clustered, auth)))));
    }
    const admitted = responses.filter((response) => response.status === 200);
    expect(admitted).toHaveLength(CLUSTER_LIMIT);
    // One shared count: each remaining value from limit-1 down to 0 was handed out exactly once.
    expect(admitted.map((response) => Number(response.headers["ratelimit-remaining"])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: CLUSTER_LIMIT }, (_, index) => index),
    );
    for (const response of responses.filter((candidate) => candidate.status !== 200)) expectRateLimited(response, CLUSTER_LIMIT, 60);
  });
});

describe("the window", () => {
  it("admits requests again once Retry-After has passed", async () => {
    const { auth } = await createAccountWithKey();
    // Until refused (a slow machine may see a window end on the way; the refusal is what matters).
    let refused: HttpResponse | undefined;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      const response = await get(shortWindow, auth);
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    const retryAfter = expectRateLimited(refused!, 2, SHORT_WINDOW_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const again = await get(shortWindow, auth);
    expect(again.status).toBe(200);
    expect(again.headers["ratelimit-remaining"]).toBe("1");
  });
});
