/**
 * The HTTP provider against a fake upstream over real sockets (src/test/fake-upstream.ts): what each
 * answer and each fault becomes, that vend is sent exactly once whatever happens, that verify and
 * requery are retried through transient faults and not past a definite answer, and that the API key
 * is sent but never shows up in a log line or an outcome.
 */
import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { startFakeUpstream, type FakeUpstream, type Injection } from "~/test/fake-upstream";
import { HttpProvider, httpProviderFromEnv, type HttpProviderOptions } from "./http-provider";
import type { VendRequest } from "./vend-provider";
import { logger } from "~/server/log";

const API_KEY = "upk_SECRET_4f9c1d7e2b8a";

let upstream: FakeUpstream;
/** What the adapter logged: the arguments of every logger call, as JSON. */
let logCalls: unknown[][] = [];
let logSpies: MockInstance[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ apiKey: API_KEY });
});
afterAll(() => upstream.close());
beforeEach(() => {
  logCalls = [];
  logSpies = (["info", "warn", "error"] as const).map((level) =>
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logCalls.push(args)) as never),
  );
});
afterEach(async () => {
  upstream.clear();
  upstream.release();
  await upstream.idle();
  // Whatever the test did, the key must not have reached a log line.
  expect(loggedText()).not.toContain(API_KEY);
  for (const spy of logSpies) spy.mockRestore();
});

/** Short limits so faults end quickly; the vend's is longer than the queries', as in production. */
function provider(overrides: Partial<HttpProviderOptions> = {}): HttpProvider {
  return new HttpProvider({
    baseUrl: upstream.baseUrl,
    apiKey: API_KEY,
    vendTimeoutMs: 800,
    queryTimeoutMs: 300,
    retries: 2,
    retryDelayMs: 10,
    ...overrides,
  });
}

function order(overrides: Partial<VendRequest> = {}): VendRequest {
  return {
    transactionId: randomUUID(),
    service: "DATA",
    productCode: "mtn-1gb-30d",
    recipient: "08031234567",
    amount: 28_000n,
    phone: null,
    ...overrides,
  };
}

function requestsTo(path: "verify" | "vend" | "requery", transactionId?: string) {
  return upstream.requests.filter(
    (request) =>
      request.path === path &&
      (transactionId === undefined || request.idempotencyKey === transactionId || request.url.endsWith(`/${transactionId}`)),
  );
}

function loggedText(): string {
  return logCalls.map((call) => JSON.stringify(call)).join("\n");
}

describe("HttpProvider.vend", () => {
  it("sends the order once, with the bearer key and our transaction id as Idempotency-Key, and reads a success", async () => {
    const request = order({
      service: "ELECTRICITY",
      productCode: "ikeja-electric-prepaid",
      recipient: "45012345678",
      amount: 500_000n,
      phone: "08031234567",
    });
    const outcome = await provider().vend(request);

    expect(outcome).toEqual({
      status: "successful",
      providerReference: expect.stringMatching(/^FAKE-/),
      token: expect.stringMatching(/^\d{20}$/),
    });
    const sent = requestsTo("vend", request.transactionId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      url: "/vend",
      authorization: `Bearer ${API_KEY}`,
      idempotencyKey: request.transactionId,
      body: {
        transactionId: request.transactionId,
        service: "ELECTRICITY",
        productCode: "ikeja-electric-prepaid",
        recipient: "45012345678",
        amount: 500_000,
        phone: "08031234567",
      },
    });
    expect(upstream.deliveries(request.transactionId)).toBe(1);
  });

  it("reads an explicit refusal (422, status failed) as failed, with the upstream's reason", async () => {
    upstream.outcomeFor("08031230000", "failed");
    const request = order({ recipient: "08031230000" });
    expect(await provider().vend(request)).toEqual({
      status: "failed",
      providerReference: expect.stringMatching(/^FAKE-/),
      reason: "Recipient 08031230000 was refused by the fake upstream.",
      // A 4xx "failed" is the protocol's refusal before anything was executed: the next route may take it.
      refusal: "product",
    });
    expect(upstream.deliveries(request.transactionId)).toBe(0);
  });

  it("reads a pending answer as pending, keeping the upstream's reference", async () => {
    upstream.outcomeFor("08031231111", { pending: 0, then: "successful" });
    expect(await provider().vend(order({ recipient: "08031231111" }))).toEqual({
      status: "pending",
      providerReference: expect.stringMatching(/^FAKE-/),
    });
  });

  it("waits for a slow answer within the vend's own time limit, even past the queries' shorter one", async () => {
    upstream.inject("vend", { kind: "latency", ms: 450 });
    expect((await provider().vend(order())).status).toBe("successful");
  });

  // Every answer that does not settle the order: pending, one request only, and a requery once the
  // upstream recovers says what really happened (delivered when the fault struck after executing).
  const faults: [string, Injection][] = [
    ["an answer slower than the time-out", { kind: "latency", ms: 1_500 }],
    ["a hang", { kind: "hang" }],
    ["a hang after executing", { kind: "hang", executes: true }],
    ["a body that stalls halfway", { kind: "stall-body" }],
    ["a connection reset before executing", { kind: "reset" }],
    ["a connection reset after executing", { kind: "reset", executes: true }],
    ["a 500", { kind: "status", status: 500 }],
    ["a 502 after executing", { kind: "status", status: 502, executes: true }],
    ["a 503", { kind: "status", status: 503 }],
    ["malformed JSON", { kind: "malformed" }],
    ["malformed JSON after executing", { kind: "malformed", executes: true }],
    ["an unknown status", { kind: "raw", status: 200, body: '{"status":"processing"}' }],
    ["a success without a reference", { kind: "raw", status: 200, body: '{"status":"successful"}' }],
    [
      "an answer about another transaction",
      { kind: "raw", status: 200, body: '{"transactionId":"someone-else","status":"successful","providerReference":"X-1"}' },
    ],
    ["a 4xx that does not say failed", { kind: "raw", status: 429, body: '{"error":"slow down"}' }],
    ["a 4xx that claims success", { kind: "raw", status: 400, body: '{"status":"successful","providerReference":"X-2"}' }],
    ["a 5xx that says failed", { kind: "raw", status: 500, body: '{"status":"failed","reason":"oops"}' }],
  ];

  it.each(faults)("leaves the order pending after %s, sent exactly once", async (_name, injection) => {
    upstream.inject("vend", injection);
    const request = order();
    const adapter = provider();

    expect(await adapter.vend(request)).toEqual({ status: "pending", providerReference: null, unanswered: true });
    expect(upstream.vendArrivals(request.transactionId)).toBe(1);
    expect(requestsTo("vend", request.transactionId)).toHaveLength(1);
    expect(loggedText()).toContain("transaction left pending");

    upstream.clear();
    const settled = await adapter.requery({ ...request, providerReference: null });
    expect(settled.status).toBe(injection.executes ? "successful" : "failed");
    expect(upstream.deliveries(request.transactionId)).toBe(injection.executes ? 1 : 0);
    expect(upstream.vendArrivals(request.transactionId)).toBe(1);
  });

  it("treats an unreachable upstream (connection refused) as a refusal: nothing was sent, so the next route may be tried", async () => {
    const closed = await startFakeUpstream();
    const baseUrl = closed.baseUrl;
    await closed.close();
    expect(await provider({ baseUrl }).vend(order())).toMatchObject({ status: "failed", providerReference: null, refusal: "unreachable" });
    expect(loggedText()).toContain("ECONNREFUSED");
  });
});

describe("HttpProvider.requery", () => {
  it("asks GET /transactions/{transactionId} with the key and reads the order as the vend left it", async () => {
    const request = order();
    const vended = await provider().vend(request);
    const requeried = await provider().requery({ ...request, providerReference: null });
    expect(requeried).toEqual(vended);
    expect(requestsTo("requery", request.transactionId)).toEqual([
      expect.objectContaining({ method: "GET", url: `/transactions/${request.transactionId}`, authorization: `Bearer ${API_KEY}` }),
    ]);
  });

  it("settles an order the upstream never received as failed, and that closes the key: a late vend is refused", async () => {
    const request = order();
    expect(await provider().requery({ ...request, providerReference: null })).toEqual({
      status: "failed",
      providerReference: null,
      reason: "The provider never received the order.",
    });
    expect(upstream.closed(request.transactionId)).toBe(true);

    const late = await provider().vend(request);
    expect(late).toMatchObject({ status: "failed", reason: expect.stringContaining("closed by an earlier status query") });
    expect(upstream.deliveries(request.transactionId)).toBe(0);
  });

  it.each([
    ["an HTML page", "<html>Not Found</html>"],
    ["a gateway's JSON", '{"message":"no Route matched with those values"}'],
  ])(
    "does not read a 404 without the protocol's not_found (%s: a misrouted base URL, a proxy) as never received: pending, retried",
    async (_name, body) => {
      upstream.inject("requery", { kind: "raw", status: 404, body });
      const request = order();
      expect(await provider().requery({ ...request, providerReference: null })).toEqual({ status: "pending", providerReference: null });
      expect(requestsTo("requery", request.transactionId)).toHaveLength(3);
      expect(upstream.closed(request.transactionId)).toBe(false);
    },
  );

  const transient: [string, Injection][] = [
    ["a hang", { kind: "hang" }],
    ["an answer slower than the time-out", { kind: "latency", ms: 600 }],
    ["a body that stalls halfway", { kind: "stall-body" }],
    ["a connection reset", { kind: "reset" }],
    ["a 503", { kind: "status", status: 503 }],
    ["malformed JSON", { kind: "malformed" }],
  ];

  it.each(transient)("retries through %s and reads the answer once the upstream recovers", async (_name, fault) => {
    const request = order();
    await provider().vend(request);
    upstream.inject("requery", { ...fault, times: 2 });
    expect((await provider().requery({ ...request, providerReference: null })).status).toBe("successful");
    expect(requestsTo("requery", request.transactionId)).toHaveLength(3);
    expect(upstream.vendArrivals(request.transactionId)).toBe(1);
  });

  it("gives up after VEND_HTTP_RETRIES extra attempts and leaves the order pending", async () => {
    const request = order();
    await provider().vend(request);
    upstream.inject("requery", { kind: "reset" });
    expect(await provider({ retries: 1 }).requery({ ...request, providerReference: null })).toEqual({
      status: "pending",
      providerReference: null,
    });
    expect(requestsTo("requery", request.transactionId)).toHaveLength(2);
    expect(loggedText()).toContain("transaction left pending for the reconciler");
  });

  it("takes a definite pending as it is, without retrying, and later reads the final outcome", async () => {
    upstream.outcomeFor("08051231111", { pending: 1, then: "failed" });
    const request = order({ recipient: "08051231111" });
    expect((await provider().vend(request)).status).toBe("pending");
    expect((await provider().requery({ ...request, providerReference: null })).status).toBe("pending");
    expect(requestsTo("requery", request.transactionId)).toHaveLength(1);
    expect(await provider().requery({ ...request, providerReference: null })).toEqual({
      status: "failed",
      providerReference: expect.stringMatching(/^FAKE-/),
      reason: "Recipient 08051231111 could not be served by the fake upstream.",
    });
  });
});

describe("HttpProvider.verifyCustomer", () => {
  const customer = { service: "CABLE_TV", productCode: "dstv-padi", customerId: "7012345678" } as const;

  it("reads a valid customer, sending the key", async () => {
    expect(await provider().verifyCustomer(customer)).toEqual({
      status: "valid",
      customerName: "Ada Okafor",
      details: { customerId: "7012345678" },
    });
    expect(requestsTo("verify").at(-1)).toMatchObject({ authorization: `Bearer ${API_KEY}`, body: customer });
  });

  it("reads an unknown customer as invalid, without retrying", async () => {
    const before = requestsTo("verify").length;
    expect(await provider().verifyCustomer({ ...customer, customerId: "7012349999" })).toEqual({
      status: "invalid",
      reason: "Customer 7012349999 is not known to the fake biller.",
    });
    expect(requestsTo("verify").length - before).toBe(1);
  });

  it("retries through a transient fault", async () => {
    upstream.inject("verify", { kind: "reset", times: 1 });
    const before = requestsTo("verify").length;
    expect((await provider().verifyCustomer(customer)).status).toBe("valid");
    expect(requestsTo("verify").length - before).toBe(2);
  });

  it("says unavailable, in words fit for a reseller, when every attempt fails", async () => {
    upstream.inject("verify", { kind: "status", status: 503 });
    const before = requestsTo("verify").length;
    expect(await provider().verifyCustomer(customer)).toEqual({ status: "unavailable", reason: "The biller could not be reached." });
    expect(requestsTo("verify").length - before).toBe(3);
    expect(loggedText()).toContain("verification unavailable");
  });
});

describe("HttpProvider credentials", () => {
  it("are refused by the upstream when wrong, which leaves a vend pending and verification unavailable", async () => {
    const wrongKey = "upk_WRONG_0000";
    const adapter = provider({ apiKey: wrongKey });
    const request = order();
    expect(await adapter.vend(request)).toMatchObject({ status: "pending", providerReference: null });
    expect(upstream.order(request.transactionId)).toBeUndefined();
    expect((await adapter.verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "7012345678" })).status).toBe(
      "unavailable",
    );
    expect(loggedText()).not.toContain(wrongKey);
  });

  it("cannot be read off the provider object", () => {
    const adapter = provider();
    expect(JSON.stringify(adapter)).not.toContain(API_KEY);
    expect(inspect(adapter, { depth: 5, showHidden: true })).not.toContain(API_KEY);
  });
});

describe("HTTP provider configuration", () => {
  const configured = {
    VEND_HTTP_BASE_URL: "http://127.0.0.1:9/",
    VEND_HTTP_API_KEY: API_KEY,
    VEND_HTTP_TIMEOUT_MS: 30_000,
    VEND_HTTP_QUERY_TIMEOUT_MS: 5_000,
    VEND_HTTP_RETRIES: 2,
    VEND_HTTP_RETRY_DELAY_MS: 250,
  };

  it("refuses to build without the upstream's URL or key, naming what is missing and not the key", () => {
    expect(() => httpProviderFromEnv({ ...configured, VEND_HTTP_BASE_URL: undefined })).toThrow(
      "VEND_PROVIDER=http needs VEND_HTTP_BASE_URL",
    );
    expect(() => httpProviderFromEnv({ ...configured, VEND_HTTP_API_KEY: undefined })).toThrow(
      "VEND_PROVIDER=http needs VEND_HTTP_API_KEY",
    );
    expect(httpProviderFromEnv(configured).name).toBe("http");
  });

  describe("through the environment", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it("VEND_PROVIDER=http selects the adapter with the configured URL and key", async () => {
      vi.stubEnv("VEND_PROVIDER", "http");
      vi.stubEnv("VEND_HTTP_BASE_URL", upstream.baseUrl);
      vi.stubEnv("VEND_HTTP_API_KEY", API_KEY);
      vi.resetModules();
      const { getVendProvider } = await import("./index");
      const adapter = getVendProvider();
      expect(adapter.name).toBe("http");
      const request = order();
      expect((await adapter.vend(request)).status).toBe("successful");
      expect(requestsTo("vend", request.transactionId)[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    });

    it("VEND_PROVIDER=http without a base URL fails at first use, every time", async () => {
      vi.stubEnv("VEND_PROVIDER", "http");
      vi.stubEnv("VEND_HTTP_BASE_URL", "");
      vi.stubEnv("VEND_HTTP_API_KEY", API_KEY);
      vi.resetModules();
      const { getVendProvider } = await import("./index");
      expect(() => getVendProvider()).toThrow("VEND_PROVIDER=http needs VEND_HTTP_BASE_URL");
      expect(() => getVendProvider()).toThrow("VEND_PROVIDER=http needs VEND_HTTP_BASE_URL");
    });

    it.each([
      ["a base URL with credentials", "VEND_HTTP_BASE_URL", "https://user:pass@upstream.example/"],
      ["a base URL that is not http(s)", "VEND_HTTP_BASE_URL", "ftp://upstream.example/"],
      ["a time-out that is not a whole number", "VEND_HTTP_TIMEOUT_MS", "5s"],
      ["a negative retry count", "VEND_HTTP_RETRIES", "-1"],
    ])("rejects %s when the environment is read", async (_name, variable, value) => {
      vi.stubEnv(variable, value);
      vi.resetModules();
      await expect(import("~/env")).rejects.toThrow(variable);
    });
  });
});
