/**
 * The webhooks REST API (DESIGN.md §7) over real sockets against the production server: endpoints
 * created, listed, read, edited, rotated and deleted with an account's API key; the secret only in the
 * answers that create or rotate it; another account's endpoints unknown; the allowlist as on every
 * endpoint; refused URLs, bad fields and the endpoint limit as problem+json that change nothing;
 * GET /api/v1/events paged, filtered and holding the very Transaction GET /transactions returns; and
 * a purchase made through POST /api/v1/data delivered to a real receiver that verifies it with the
 * `standardwebhooks` library, as a reseller's code would.
 */
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { problemDetails } from "~/schemas/api";
import {
  webhookEndpoint,
  webhookEndpointDeleted,
  webhookEndpointList,
  webhookDeliveryList,
  webhookEndpointWithSecret,
  webhookEventList,
  webhookResent,
  webhookTestEventSent,
} from "~/schemas/webhooks";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer, type TestServer } from "~/test/server";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";

/** Loopback receivers are allowed here (vitest.config.ts sets WEBHOOK_ALLOW_PRIVATE_URLS=1); deliveries looked for every 100 ms. */
const server = useTestServer({ WEBHOOK_POLL_INTERVAL_MS: "100" });
/** As deployed: endpoints must be https on public addresses. It delivers nothing, so only `server` sends to the receivers. */
const strict = useTestServer({ WEBHOOK_ALLOW_PRIVATE_URLS: "0", WEBHOOK_WORKER: "0" });

type Auth = Record<string, string>;
type Json = Record<string, unknown>;
const ENDPOINTS = "/api/v1/webhook-endpoints";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function call(
  auth: Auth,
  method: string,
  path: string,
  body?: unknown,
  options: { on?: TestServer; from?: string } = {},
): Promise<HttpResponse> {
  return request((options.on ?? server).url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: options.from ?? "127.0.0.1",
  });
}

function expectStatus(response: HttpResponse, status: number): HttpResponse {
  expect(response.status, response.text).toBe(status);
  expect(response.headers["x-request-id"]).toBeTruthy();
  return response;
}

/** A problem+json answer with `status` whose errors include `name`; returns that error's reason. */
function expectProblem(response: HttpResponse, status: number, name: string): string {
  expectStatus(response, status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  const problem = problemDetails.parse(response.json());
  expect(problem.status).toBe(status);
  const error = problem.errors.find((entry) => entry.name === name);
  expect(error, `${name} in ${response.text}`).toBeDefined();
  return error!.reason;
}

async function createEndpoint(auth: Auth, body: Json = { url: "https://example.com/hooks/orders" }, on = server) {
  return webhookEndpointWithSecret.parse(expectStatus(await call(auth, "POST", ENDPOINTS, body, { on }), 201).json());
}

const storedEndpoints = (accountId: string) => db.webhookEndpoint.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });

async function buyData(auth: Auth, phone = "08031234567") {
  const response = await call(auth, "POST", "/api/v1/data", { clientReference: reference("wh"), planId: "mtn-1gb-30d", phone });
  return expectStatus(response, 201).json() as Json & { clientReference: string; status: string };
}

describe("webhook endpoints", () => {
  it("are created, listed, read, edited, rotated and deleted; the secret is in the create and rotate answers only", async () => {
    const { accountId, auth } = await createAccountWithKey();
    const createdResponse = expectStatus(
      await call(auth, "POST", ENDPOINTS, {
        url: "https://example.com/hooks/orders",
        description: "  Order system ",
        eventTypes: ["transaction.successful", "transaction.pending", "transaction.successful"],
      }),
      201,
    );
    expect(createdResponse.headers["content-type"]).toContain("application/json");
    const created = webhookEndpointWithSecret.parse(createdResponse.json());
    expect(created).toMatchObject({
      url: "https://example.com/hooks/orders",
      description: "Order system",
      eventTypes: ["transaction.successful", "transaction.pending"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      secretRotatedUntil: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { secret: firstSecret, ...view } = created;
    const path = `${ENDPOINTS}/${created.id}`;

    // Without eventTypes: every type but the opt-in transaction.pending.
    const defaults = await createEndpoint(auth, { url: "https://example.com/hooks/all" });
    expect(defaults.eventTypes).toEqual([
      "transaction.successful",
      "transaction.failed",
      "wallet.funded",
      "wallet.low_balance",
      "api_key.created",
      "api_key.revoked",
      "batch.completed",
    ]);
    expect(defaults.description).toBe("");
    expect(defaults.secret).not.toBe(firstSecret);
    const { secret: _defaultsSecret, ...defaultsView } = defaults;

    const listed = expectStatus(await call(auth, "GET", ENDPOINTS), 200);
    expect(webhookEndpointList.parse(listed.json())).toEqual({ data: [view, defaultsView] });
    const read = expectStatus(await call(auth, "GET", path), 200);
    expect(webhookEndpoint.parse(read.json())).toEqual(view);

    const patched = expectStatus(await call(auth, "PATCH", path, { description: "Order system v2", eventTypes: ["wallet.funded"] }), 200);
    expect(patched.json()).toEqual({ ...view, description: "Order system v2", eventTypes: ["wallet.funded"] });
    const moved = expectStatus(await call(auth, "PATCH", path, { url: "https://example.org/v2/hooks" }), 200);
    expect(moved.json()).toMatchObject({ url: "https://example.org/v2/hooks", description: "Order system v2" });

    const rotatedResponse = expectStatus(await call(auth, "POST", `${path}/rotate-secret`, { overlapHours: 2 }), 200);
    const rotated = webhookEndpointWithSecret.parse(rotatedResponse.json());
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(firstSecret);
    expect(Date.parse(rotated.secretRotatedUntil!) - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(Date.parse(rotated.secretRotatedUntil!) - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    // Without a body: the default overlap, a day.
    const again = webhookEndpointWithSecret.parse(expectStatus(await call(auth, "POST", `${path}/rotate-secret`), 200).json());
    expect(again.secret).not.toBe(rotated.secret);
    expect(Date.parse(again.secretRotatedUntil!) - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    // As curl sends it with the usual headers and no -d: a JSON Content-Type and no body.
    const curlLike = await request(server.url(`${path}/rotate-secret`), {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      localAddress: "127.0.0.1",
    });
    const latest = webhookEndpointWithSecret.parse(expectStatus(curlLike, 200).json());
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect({ secret: stored.secret, previousSecret: stored.previousSecret }).toEqual({
      secret: latest.secret,
      previousSecret: again.secret,
    });

    const readAfter = expectStatus(await call(auth, "GET", path), 200);
    expect(readAfter.json()).toMatchObject({ secretRotatedUntil: latest.secretRotatedUntil });
    const deleted = expectStatus(await call(auth, "DELETE", path), 200);
    expect(webhookEndpointDeleted.parse(deleted.json())).toEqual({ id: created.id, deleted: true });

    // No answer but the creation's and the rotations' carries a secret, under any name.
    for (const response of [listed, read, patched, moved, readAfter, deleted]) {
      expect(response.text).not.toMatch(/whsec_|secret"/);
    }

    expectProblem(await call(auth, "GET", path), 404, "webhook_endpoint.not_found");
    expectProblem(await call(auth, "DELETE", path), 404, "webhook_endpoint.not_found");
    expect((await call(auth, "GET", ENDPOINTS)).json()).toEqual({ data: [defaultsView] });
    expect((await storedEndpoints(accountId)).map((row) => row.id)).toEqual([defaults.id]);
  });

  it("of another account are unknown: 404 for every operation, and nothing changes", async () => {
    const owner = await createAccountWithKey();
    const other = await createAccountWithKey();
    const endpoint = await createEndpoint(owner.auth);
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });

    for (const id of [endpoint.id, UNKNOWN_ID, "not-a-uuid"]) {
      const path = `${ENDPOINTS}/${id}`;
      expectProblem(await call(other.auth, "GET", path), 404, "webhook_endpoint.not_found");
      expectProblem(await call(other.auth, "PATCH", path, { description: "mine now", enabled: false }), 404, "webhook_endpoint.not_found");
      expectProblem(await call(other.auth, "POST", `${path}/rotate-secret`, { overlapHours: 0 }), 404, "webhook_endpoint.not_found");
      expectProblem(await call(other.auth, "POST", `${path}/test`), 404, "webhook_endpoint.not_found");
      expectProblem(await call(other.auth, "GET", `${path}/deliveries`), 404, "webhook_endpoint.not_found");
      expectProblem(await call(other.auth, "POST", `${path}/deliveries/1/resend`), 404, "webhook_endpoint.not_found");
      expectProblem(
        await call(other.auth, "POST", `${path}/resend-failed`, { since: "2026-01-01T00:00:00Z" }),
        404,
        "webhook_endpoint.not_found",
      );
      expectProblem(await call(other.auth, "DELETE", path), 404, "webhook_endpoint.not_found");
    }

    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toEqual(before);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await call(other.auth, "GET", ENDPOINTS)).json()).toEqual({ data: [] });
  });

  it("are refused to a key used from outside its account's allowlist (403), or without a key (401), and nothing is created or changed", async () => {
    const listed = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.5"] });
    // From an address on the list, the key works.
    const created = await call(listed.auth, "POST", ENDPOINTS, { url: "https://example.com/hooks/allowed" }, { from: "127.0.0.5" });
    const endpoint = webhookEndpointWithSecret.parse(expectStatus(created, 201).json());
    expectStatus(await call(listed.auth, "GET", ENDPOINTS, undefined, { from: "127.0.0.5" }), 200);
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const unconfigured = await createAccountWithKey({ createdAt: "2026-08-01" });

    const path = `${ENDPOINTS}/${endpoint.id}`;
    const requests: [string, string, unknown][] = [
      ["GET", ENDPOINTS, undefined],
      ["POST", ENDPOINTS, { url: "https://example.com/hooks/refused" }],
      ["GET", path, undefined],
      ["PATCH", path, { enabled: false }],
      ["POST", `${path}/rotate-secret`, {}],
      ["POST", `${path}/test`, undefined],
      ["DELETE", path, undefined],
      ["GET", "/api/v1/events", undefined],
      ["GET", `${path}/deliveries`, undefined],
      ["POST", `${path}/deliveries/1/resend`, undefined],
      ["POST", `${path}/resend-failed`, { since: "2026-01-01T00:00:00Z" }],
      ["GET", `${ENDPOINTS}/low-balance-threshold`, undefined],
      ["PUT", `${ENDPOINTS}/low-balance-threshold`, { threshold: 100 }],
    ];
    for (const [method, target, body] of requests) {
      const reason = expectProblem(await call(listed.auth, method, target, body, { from: "127.0.0.6" }), 403, "ip.not_allowed");
      expect(reason).toContain("127.0.0.6");
      expectProblem(await call(unconfigured.auth, method, target.replace(endpoint.id, UNKNOWN_ID), body), 403, "ip.not_configured");
      expectProblem(await call({}, method, target, body), 401, "generalErrors");
    }

    expect(await storedEndpoints(listed.accountId)).toEqual([before]);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await storedEndpoints(unconfigured.accountId)).toEqual([]);
    const wallets = await db.wallet.findMany({ where: { accountId: { in: [listed.accountId, unconfigured.accountId] } } });
    expect(wallets.every((wallet) => wallet.lowBalanceThreshold === null)).toBe(true);
  }, 60_000);

  it("refuse a URL that cannot be an endpoint with 400 naming `url`, and save nothing", async () => {
    const { accountId, auth } = await createAccountWithKey();
    const kept = await createEndpoint(auth, { url: "https://example.com/hooks/kept" }, strict);
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: kept.id } });

    // Everywhere: an http(s) URL, without credentials or a fragment.
    for (const url of [
      "ftp://example.com/hooks",
      "example.com/hooks",
      "https://user:pw@example.com/hooks",
      "https://example.com/h#x",
      "",
      42,
    ]) {
      for (const on of [server, strict]) {
        expectProblem(await call(auth, "POST", ENDPOINTS, { url }, { on }), 400, "url");
        expectProblem(await call(auth, "PATCH", `${ENDPOINTS}/${kept.id}`, { url }, { on }), 400, "url");
      }
    }
    expectProblem(await call(auth, "POST", ENDPOINTS, { description: "no url" }), 400, "url");

    // As deployed (WEBHOOK_ALLOW_PRIVATE_URLS=0): https only, and only a public address.
    const refused: [string, RegExp][] = [
      ["https://127.0.0.1/", /public address/],
      ["https://127.0.0.1:8443/hooks", /public address/],
      ["https://[::1]/hooks", /public address/],
      ["https://10.0.0.7/hooks", /public address/],
      ["https://192.168.1.20/hooks", /public address/],
      ["https://169.254.169.254/latest/meta-data", /public address/],
      ["https://[::ffff:127.0.0.1]/hooks", /public address/],
      ["https://localhost/hooks", /local name/],
      ["http://example.com/hooks", /https/],
    ];
    for (const [url, reason] of refused) {
      const response = await call(auth, "POST", ENDPOINTS, { url }, { on: strict });
      expect(expectProblem(response, 400, "url"), url).toMatch(reason);
      expect((problemDetails.parse(response.json()).errors ?? []).map((error) => error.name)).toEqual(["url"]);
      expectProblem(await call(auth, "PATCH", `${ENDPOINTS}/${kept.id}`, { url }, { on: strict }), 400, "url");
    }
    // The development setting (the test server's) takes http and loopback.
    const loopback = await createEndpoint(auth, { url: "http://127.0.0.1:9/hooks" }, server);

    expect((await storedEndpoints(accountId)).map((row) => row.id)).toEqual([kept.id, loopback.id]);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: kept.id } })).toEqual(before);
  }, 60_000);

  it("refuse other bad fields with 400 naming each field, and change nothing", async () => {
    const { accountId, auth } = await createAccountWithKey();
    const endpoint = await createEndpoint(auth);
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const path = `${ENDPOINTS}/${endpoint.id}`;
    const url = "https://example.com/hooks/more";

    expectProblem(await call(auth, "POST", ENDPOINTS, { url, eventTypes: ["transaction.refunded"] }), 400, "eventTypes.0");
    expectProblem(await call(auth, "POST", ENDPOINTS, { url, eventTypes: [] }), 400, "eventTypes");
    expectProblem(await call(auth, "POST", ENDPOINTS, { url, eventTypes: "wallet.funded" }), 400, "eventTypes");
    expectProblem(await call(auth, "POST", ENDPOINTS, { url, description: "x".repeat(201) }), 400, "description");
    expectProblem(await call(auth, "POST", ENDPOINTS, { url: "https://example.com/\u0000" }), 400, "url");
    expectProblem(await call(auth, "POST", ENDPOINTS, []), 400, "generalErrors");
    expectProblem(await call(auth, "PATCH", path, {}), 400, "generalErrors");
    expectProblem(await call(auth, "PATCH", path, { enabled: "no" }), 400, "enabled");
    expectProblem(await call(auth, "PATCH", path, { eventTypes: ["wallet.funded", "nope"] }), 400, "eventTypes.1");
    for (const overlapHours of [-1, 169, 1.5, "soon"]) {
      expectProblem(await call(auth, "POST", `${path}/rotate-secret`, { overlapHours }), 400, "overlapHours");
    }
    const notJson = await request(server.url(`${path}/rotate-secret`), {
      method: "POST",
      headers: { ...auth, "content-type": "text/plain" },
      body: "overlapHours=1",
      localAddress: "127.0.0.1",
    });
    expectProblem(notJson, 415, "generalErrors");
    expectProblem(await call(auth, "GET", `${ENDPOINTS}/${"x".repeat(101)}`), 400, "endpointId");

    expect(await storedEndpoints(accountId)).toEqual([before]);
  });

  it("are at most ten per account: the eleventh is 409 webhook_endpoint.limit_reached, also when requests race", async () => {
    const { accountId, auth } = await createAccountWithKey();
    for (let index = 0; index < 8; index++) await createEndpoint(auth, { url: `https://example.com/hooks/${index}` });
    // Four at once for the last two places: exactly two are created.
    const racing = await Promise.all(
      [8, 9, 10, 11].map((index) => call(auth, "POST", ENDPOINTS, { url: `https://example.com/hooks/${index}` })),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 409, 409]);
    for (const response of racing.filter((candidate) => candidate.status === 409)) {
      expectProblem(response, 409, "webhook_endpoint.limit_reached");
    }
    expect(await db.webhookEndpoint.count({ where: { accountId } })).toBe(10);

    const eleventh = await call(auth, "POST", ENDPOINTS, { url: "https://example.com/hooks/eleventh" });
    expect(expectProblem(eleventh, 409, "webhook_endpoint.limit_reached")).toMatch(/at most 10/);
    expect(await db.webhookEndpoint.count({ where: { accountId } })).toBe(10);

    // Another account is not affected, and a deleted endpoint frees its place.
    await createEndpoint((await createAccountWithKey()).auth);
    const [first] = await storedEndpoints(accountId);
    expectStatus(await call(auth, "DELETE", `${ENDPOINTS}/${first!.id}`), 200);
    await createEndpoint(auth, { url: "https://example.com/hooks/again" });
  });
});

describe("an endpoint's deliveries and the low-balance threshold over the API", () => {
  const deliveriesOf = async (auth: Auth, endpointId: string, query = "") =>
    webhookDeliveryList.parse(expectStatus(await call(auth, "GET", `${ENDPOINTS}/${endpointId}/deliveries${query}`), 200).json());
  const settled = (auth: Auth, endpointId: string, count: number) =>
    expect
      .poll(async () => (await deliveriesOf(auth, endpointId)).data.filter((delivery) => delivery.status !== "pending").length, {
        timeout: 15_000,
      })
      .toBe(count);

  it("lists the delivery log with attempts, resends one delivery and every failed one since a time", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { auth } = await fundedAccount(1_000_000n);
      const endpoint = await createEndpoint(auth, { url: receiver.url, eventTypes: ["transaction.successful"] });
      receiver.secrets = [endpoint.secret];
      const path = `${ENDPOINTS}/${endpoint.id}`;
      const since = new Date(Date.now() - 1_000).toISOString();

      // The receiver fails every attempt: the tests' schedule (three retries) runs out within a second.
      receiver.answers = [{ status: 500, body: "down for maintenance" }];
      const first = await buyData(auth);
      await settled(auth, endpoint.id, 1);
      const [failed] = (await deliveriesOf(auth, endpoint.id)).data;
      expect(failed).toMatchObject({ eventType: "transaction.successful", status: "failed", nextAttemptAt: null, attemptCount: 4 });
      expect(failed!.attempts.map((attempt) => [attempt.statusCode, attempt.responseExcerpt])).toEqual(
        Array.from({ length: 4 }, () => [500, "down for maintenance"]),
      );
      const event = receiver.received[0]!;
      expect(event.payload.data).toMatchObject({ clientReference: first.clientReference });

      // One delivery resent: a new delivery of the same event, which the receiver now takes.
      receiver.answers = [{ status: 204 }];
      const resent = expectStatus(await call(auth, "POST", `${path}/deliveries/${failed!.id}/resend`), 202);
      expect(webhookResent.parse(resent.json())).toEqual({ resent: 1 });
      await settled(auth, endpoint.id, 2);
      expect(receiver.received.at(-1)).toMatchObject({ id: event.id, verifiedBy: 0 });
      const afterResend = await deliveriesOf(auth, endpoint.id);
      expect(afterResend.data.map((delivery) => [delivery.eventId, delivery.status])).toEqual([
        [event.id, "succeeded"],
        [event.id, "failed"],
      ]);
      expect(afterResend.data[0]!.attempts.map((attempt) => attempt.statusCode)).toEqual([204]);

      // Two more fail; every failed event since then is resent, but not the first, delivered by its resend.
      receiver.answers = [{ status: 503 }];
      await buyData(auth);
      await buyData(auth);
      await settled(auth, endpoint.id, 4);
      expect((await deliveriesOf(auth, endpoint.id, "?status=failed")).data).toHaveLength(3);
      receiver.answers = [{ status: 204 }];
      const recovery = expectStatus(await call(auth, "POST", `${path}/resend-failed`, { since }), 202);
      expect(webhookResent.parse(recovery.json())).toEqual({ resent: 2 });
      await settled(auth, endpoint.id, 6);
      expect((await deliveriesOf(auth, endpoint.id, "?status=succeeded")).data).toHaveLength(3);
      expect((await deliveriesOf(auth, endpoint.id, "?status=pending")).data).toEqual([]);

      // Paged newest first, one at a time, the same list.
      const whole = (await deliveriesOf(auth, endpoint.id, "?limit=100")).data.map((delivery) => delivery.id);
      expect(whole.map(Number)).toEqual([...whole.map(Number)].sort((a, b) => b - a));
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof deliveriesOf>> = await deliveriesOf(
          auth,
          endpoint.id,
          `?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        );
        paged.push(...page.data.map((delivery) => delivery.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);

      // Refusals: bad query, unknown delivery, missing time; and a disabled endpoint resends nothing.
      expectProblem(await call(auth, "GET", `${path}/deliveries?status=lost`), 400, "status");
      expectProblem(await call(auth, "GET", `${path}/deliveries?limit=0`), 400, "limit");
      expectProblem(await call(auth, "GET", `${path}/deliveries?cursor=nonsense`), 400, "cursor");
      expectProblem(await call(auth, "POST", `${path}/deliveries/99999999/resend`), 404, "webhook_delivery.not_found");
      expectProblem(await call(auth, "POST", `${path}/deliveries/not-a-number/resend`), 404, "webhook_delivery.not_found");
      expectProblem(await call(auth, "POST", `${path}/resend-failed`, {}), 400, "since");
      expectProblem(await call(auth, "POST", `${path}/resend-failed`, { since: "yesterday" }), 400, "since");
      expectStatus(await call(auth, "PATCH", path, { enabled: false }), 200);
      expectProblem(await call(auth, "POST", `${path}/deliveries/${failed!.id}/resend`), 409, "webhook_endpoint.disabled");
      expectProblem(await call(auth, "POST", `${path}/resend-failed`, { since }), 409, "webhook_endpoint.disabled");
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(6);
    } finally {
      await receiver.close();
    }
  });

  it("reads and sets the low-balance threshold of the key's mode, which then fires wallet.low_balance", async () => {
    const { accountId, auth } = await fundedAccount(100_000n);
    const threshold = `${ENDPOINTS}/low-balance-threshold`;
    expect(expectStatus(await call(auth, "GET", threshold), 200).json()).toEqual({ threshold: null });
    expect(expectStatus(await call(auth, "PUT", threshold, { threshold: 50_000 }), 200).json()).toEqual({ threshold: 50_000 });
    expect(expectStatus(await call(auth, "GET", threshold), 200).json()).toEqual({ threshold: 50_000 });

    for (const body of [{ threshold: 0 }, { threshold: 1.5 }, { threshold: "50000" }, {}]) {
      expectProblem(await call(auth, "PUT", threshold, body), 400, "threshold");
    }
    // PATCH is not how it is set; nor is the path an endpoint's id.
    const patched = await call(auth, "PATCH", threshold, { threshold: 1 });
    expectProblem(patched, 405, "generalErrors");
    expect(patched.headers.allow).toBe("GET, HEAD, OPTIONS, PUT");
    expect(expectStatus(await call(auth, "GET", threshold), 200).json()).toEqual({ threshold: 50_000 });

    // A test key sets the test wallet's threshold only.
    const { apiKey: testKey } = await createApiKey(operator, { accountId, name: "test key", mode: "test" });
    const testAuth = { authorization: `Bearer ${testKey}` };
    expect(expectStatus(await call(testAuth, "GET", threshold), 200).json()).toEqual({ threshold: null });
    expectStatus(await call(testAuth, "PUT", threshold, { threshold: 7_000 }), 200);
    const wallets = await db.wallet.findMany({ where: { accountId }, orderBy: { livemode: "desc" } });
    expect(wallets.map((wallet) => [wallet.livemode, wallet.lowBalanceThreshold])).toEqual([
      [true, 50_000n],
      [false, 7_000n],
    ]);

    await buyData(auth); // 72,000
    await buyData(auth); // 44,000: below
    const events = webhookEventList.parse((await call(auth, "GET", "/api/v1/events?type=wallet.low_balance")).json()).data;
    expect(events.map((event) => event.data)).toEqual([
      { balance: 44_000, currency: "NGN", livemode: true, amount: 50_000, reference: null },
    ]);

    expect(expectStatus(await call(auth, "PUT", threshold, { threshold: null }), 200).json()).toEqual({ threshold: null });
    const audit = await db.auditLogEntry.findMany({ where: { accountId, action: "wallet.set_low_balance_threshold" } });
    expect(audit).toHaveLength(3);
  });
});

describe("GET /api/v1/events", () => {
  it("lists a purchase's transaction.successful with the Transaction GET /transactions/{clientReference} returns", async () => {
    const { auth, keyId } = await fundedAccount(1_000_000n);
    const bought = await buyData(auth);
    const response = expectStatus(await call(auth, "GET", "/api/v1/events"), 200);
    const page = webhookEventList.parse(response.json());
    expect(page.data.map((event) => event.type)).toEqual(["wallet.funded", "api_key.created", "transaction.successful"]);
    expect(page.nextCursor).toBeNull();

    const transaction = expectStatus(await call(auth, "GET", `/api/v1/transactions/${bought.clientReference}`), 200).json();
    const event = (response.json() as { data: Json[] }).data[2]!;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: "transaction.successful",
      createdAt: expect.any(String),
      livemode: true,
      data: transaction,
    });
    expect(event.data).toMatchObject({ clientReference: bought.clientReference, status: "successful" });
    expect((response.json() as { data: Json[] }).data[0]!.data).toMatchObject({ balance: 1_000_000, currency: "NGN", amount: 1_000_000 });
    expect((response.json() as { data: Json[] }).data[1]!.data).toMatchObject({ id: keyId, revokedAt: null });
    expect(response.text).not.toMatch(/key_hash|keyHash|costPrice|cost_price|source_ip|sourceIp|fingerprint/);
  });

  it("pages oldest first with a cursor, filters by type and since, resumes, and refuses a bad query with 400", async () => {
    const { auth } = await fundedAccount(1_000_000n);
    const other = await fundedAccount(1_000_000n);
    await buyData(auth);
    await buyData(auth, "08030000000"); // fails: refunded
    await buyData(auth);
    await buyData(auth);
    await buyData(other.auth);

    const all = webhookEventList.parse(expectStatus(await call(auth, "GET", "/api/v1/events?limit=100"), 200).json()).data;
    expect(all.map((event) => event.type)).toEqual([
      "wallet.funded",
      "api_key.created",
      "transaction.successful",
      "transaction.failed",
      "transaction.successful",
      "transaction.successful",
    ]);
    const order = all.map((event) => [event.createdAt, event.id].join(" "));
    expect(order).toEqual([...order].sort());

    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${encodeURIComponent(cursor)}` : "limit=2";
      const page = webhookEventList.parse(expectStatus(await call(auth, "GET", `/api/v1/events?${query}`), 200).json());
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data.map((event) => event.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(paged).toEqual(all.map((event) => event.id));
    expect(pages).toBe(3);

    const successful = webhookEventList.parse((await call(auth, "GET", "/api/v1/events?type=transaction.successful")).json()).data;
    expect(successful.map((event) => event.id)).toEqual(
      all.filter((event) => event.type === "transaction.successful").map((event) => event.id),
    );
    const failed = webhookEventList.parse((await call(auth, "GET", "/api/v1/events?type=transaction.failed")).json()).data;
    expect(failed).toEqual([all[3]]);
    expect(failed[0]!.data).toMatchObject({ status: "failed", failureReason: expect.any(String) });

    const since = all[3]!.createdAt;
    const sinceThen = webhookEventList.parse((await call(auth, "GET", `/api/v1/events?since=${encodeURIComponent(since)}`)).json()).data;
    expect(sinceThen.map((event) => event.id)).toEqual(all.filter((event) => event.createdAt >= since).map((event) => event.id));
    expect(sinceThen[0]!.id).toBe(all[3]!.id);
    // An offset other than Z means the same instant.
    const lagos = new Date(Date.parse(since) + 3_600_000).toISOString().replace("Z", "+01:00");
    const inLagos = webhookEventList.parse((await call(auth, "GET", `/api/v1/events?since=${encodeURIComponent(lagos)}`)).json()).data;
    expect(inLagos).toEqual(sinceThen);
    const future = webhookEventList.parse((await call(auth, "GET", "/api/v1/events?since=2099-01-01T00:00:00Z")).json());
    expect(future).toEqual({ data: [], nextCursor: null, resumeCursor: expect.any(String) });
    const combined = webhookEventList.parse(
      (await call(auth, "GET", `/api/v1/events?type=transaction.successful&since=${encodeURIComponent(since)}&limit=1`)).json(),
    );
    expect(combined.data.map((event) => event.id)).toEqual([all[4]!.id]);
    expect(combined.nextCursor).not.toBeNull();

    // A cursor given out before the feed was paged by position (createdAt|id) still works: it resumes after that event.
    const timeCursor = Buffer.from(`${all[2]!.createdAt}|${all[2]!.id}`).toString("base64url");
    const resumed = webhookEventList.parse((await call(auth, "GET", `/api/v1/events?cursor=${timeCursor}&limit=100`)).json()).data;
    expect(resumed.map((event) => event.id)).toEqual(all.slice(3).map((event) => event.id));

    // The last page's resumeCursor: nothing more until something happens, then exactly that.
    const last = webhookEventList.parse((await call(auth, "GET", "/api/v1/events?limit=100")).json());
    expect(last.nextCursor).toBeNull();
    const quiet = webhookEventList.parse((await call(auth, "GET", `/api/v1/events?cursor=${last.resumeCursor}`)).json());
    expect(quiet.data).toEqual([]);
    const bought = await buyData(auth);
    const next = webhookEventList.parse((await call(auth, "GET", `/api/v1/events?cursor=${quiet.resumeCursor}`)).json());
    expect(next.data.map((event) => [event.type, (event.data as { id?: unknown }).id])).toEqual([["transaction.successful", bought.id]]);

    // The other account's events are its own.
    const theirs = webhookEventList.parse((await call(other.auth, "GET", "/api/v1/events?limit=100")).json()).data;
    expect(theirs.map((event) => event.type)).toEqual(["wallet.funded", "api_key.created", "transaction.successful"]);
    expect(theirs.some((event) => all.some((mine) => mine.id === event.id))).toBe(false);

    const transactionsCursor = ((await call(auth, "GET", "/api/v1/transactions?limit=1")).json() as { nextCursor: string }).nextCursor;
    for (const bad of ["nonsense", transactionsCursor, Buffer.from("2026-01-01T00:00:00Z|evt_x").toString("base64url")]) {
      expectProblem(await call(auth, "GET", `/api/v1/events?cursor=${encodeURIComponent(bad)}`), 400, "cursor");
    }
    expectProblem(await call(auth, "GET", "/api/v1/events?type=transaction.refunded"), 400, "type");
    expectProblem(await call(auth, "GET", "/api/v1/events?type=webhook.test"), 400, "type");
    expectProblem(await call(auth, "GET", "/api/v1/events?since=yesterday"), 400, "since");
    for (const limit of ["0", "101", "ten"]) expectProblem(await call(auth, "GET", `/api/v1/events?limit=${limit}`), 400, "limit");
  });
});

describe("delivery, end to end", () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it("a purchase through POST /api/v1/data reaches the registered receiver as transaction.successful, verified by standardwebhooks", async () => {
    receiver = await startWebhookReceiver();
    const { auth } = await fundedAccount(1_000_000n);
    const endpoint = await createEndpoint(auth, { url: receiver.url, eventTypes: ["transaction.successful"] });
    receiver.secrets = [endpoint.secret];

    const bought = await buyData(auth);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.verifiedBy).toBe(0);
    expect(delivery!.payload.type).toBe("transaction.successful");
    expect(delivery!.id).toBe(delivery!.payload.id);
    const transaction = expectStatus(await call(auth, "GET", `/api/v1/transactions/${bought.clientReference}`), 200).json();
    expect(delivery!.payload.data).toEqual(transaction);

    // The delivered event is the one GET /events lists, to the byte of its JSON.
    const listed = (await call(auth, "GET", "/api/v1/events?type=transaction.successful")).json() as { data: Json[] };
    expect(listed.data).toEqual([JSON.parse(delivery!.body)]);
    // Funding and key creation came before the endpoint, and it takes no other type: nothing else was sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    await expect.poll(async () => (await db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id } }))?.status).toBe("succeeded");
  });

  it("a test event (202 with its id), signed with both secrets during a rotation, and refused once the endpoint is disabled", async () => {
    receiver = await startWebhookReceiver();
    const { auth } = await createAccountWithKey();
    const endpoint = await createEndpoint(auth, { url: receiver.url });
    const path = `${ENDPOINTS}/${endpoint.id}`;
    receiver.secrets = [endpoint.secret];

    const sent = webhookTestEventSent.parse(expectStatus(await call(auth, "POST", `${path}/test`), 202).json());
    const [test] = await receiver.waitFor(1);
    expect(test).toMatchObject({ id: sent.eventId, verifiedBy: 0 });
    expect(test!.payload).toMatchObject({ id: sent.eventId, type: "webhook.test", data: { endpointId: endpoint.id } });
    // Not an event of the account: GET /events does not list it.
    const events = (await call(auth, "GET", "/api/v1/events?limit=100")).json() as { data: Json[] };
    expect(events.data.map((event) => event.id)).not.toContain(sent.eventId);

    const rotated = webhookEndpointWithSecret.parse(
      expectStatus(await call(auth, "POST", `${path}/rotate-secret`, { overlapHours: 1 }), 200).json(),
    );
    receiver.secrets = [rotated.secret];
    expectStatus(await call(auth, "POST", `${path}/test`), 202);
    const overlapping = (await receiver.waitFor(2))[1]!;
    expect(overlapping.verifiedBy).toBe(0);
    const signatures = overlapping.signature.split(" ");
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const headers = (signature: string) => ({
      "webhook-id": overlapping.id,
      "webhook-timestamp": overlapping.timestamp,
      "webhook-signature": signature,
    });
    // A receiver still on the previous secret verifies it too.
    expect(() => new Webhook(endpoint.secret).verify(overlapping.body, headers(overlapping.signature))).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(overlapping.body, headers(signatures[0]!))).not.toThrow();

    // No overlap: only the new secret signs.
    const abrupt = webhookEndpointWithSecret.parse(
      expectStatus(await call(auth, "POST", `${path}/rotate-secret`, { overlapHours: 0 }), 200).json(),
    );
    expect(abrupt.secretRotatedUntil).toBeNull();
    receiver.secrets = [rotated.secret, abrupt.secret];
    expectStatus(await call(auth, "POST", `${path}/test`), 202);
    const single = (await receiver.waitFor(3))[2]!;
    expect(single.signature.split(" ")).toHaveLength(1);
    expect(single.verifiedBy).toBe(1);

    expectStatus(await call(auth, "PATCH", path, { enabled: false }), 200);
    expectProblem(await call(auth, "POST", `${path}/test`), 409, "webhook_endpoint.disabled");
    expectStatus(await call(auth, "PATCH", path, { enabled: true }), 200);
    expectStatus(await call(auth, "POST", `${path}/test`), 202);
    await receiver.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(4);
  });
});
