/**
 * One JSON log line per /api/v1 request from the production server: the request id the client was
 * given, method, route, status, latency, the source address, the account and key once authenticated,
 * the outcome (ok or the error name), and for purchases the transaction. Nothing of the key itself.
 */
import { describe, expect, it } from "vitest";
import { request } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { type LogLine, useTestServer } from "~/test/server";

const server = useTestServer();

function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  return request(server.url(path), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    localAddress: "127.0.0.7",
  });
}

/** The log line of the request that got this X-Request-Id (written just after the response). */
async function lineOf(response: { headers: Record<string, unknown> }): Promise<LogLine> {
  const requestId = response.headers["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => server.logs().filter((line) => line.requestId === requestId).length).toBe(1);
  return server.logs().find((line) => line.requestId === requestId)!;
}

const COMMON = { level: "info", msg: "api request", sourceIp: "127.0.0.7", latencyMs: expect.any(Number) };

describe("the request log", () => {
  it("records a purchase with its account, key, outcome and transaction, and never the key", async () => {
    const { accountId, keyId, apiKey, auth } = await fundedAccount(100_000n);
    const response = await call(auth, "POST", "/api/v1/data", {
      clientReference: reference(),
      planId: "mtn-1gb-30d",
      phone: "08031234567",
    });
    expect(response.status).toBe(201);
    const transaction = response.json() as { id: string };

    const line = await lineOf(response);
    expect(line).toEqual({
      ...COMMON,
      time: expect.any(String),
      pid: server.process.pid,
      hostname: expect.any(String),
      role: "server",
      requestId: response.headers["x-request-id"],
      method: "POST",
      route: "/api/v1/data",
      status: 201,
      accountId,
      apiKeyId: keyId,
      outcome: "ok",
      transactionId: transaction.id,
      transactionStatus: "successful",
      replay: false,
    });
    expect(line.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.output()).not.toContain(apiKey);
  });

  it("records a 401 with the outcome and no account", async () => {
    const response = await call({ authorization: `Bearer pk_live_${"x".repeat(40)}` }, "GET", "/api/v1/balance");
    expect(response.status).toBe(401);
    const line = await lineOf(response);
    expect(line).toMatchObject({ ...COMMON, method: "GET", route: "/api/v1/balance", status: 401, outcome: "unauthorized" });
    expect(line).not.toHaveProperty("accountId");
    expect(line).not.toHaveProperty("apiKeyId");
  });

  it("records a 402 and a 404 with their error names and the account that asked", async () => {
    const { accountId, keyId, auth } = await fundedAccount(1_000n);
    const poor = await call(auth, "POST", "/api/v1/data", { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" });
    expect(poor.status).toBe(402);
    expect(await lineOf(poor)).toMatchObject({ ...COMMON, status: 402, outcome: "wallet.insufficient_funds", accountId, apiKeyId: keyId });
    expect(await lineOf(poor)).not.toHaveProperty("transactionId");

    const unknown = await call(auth, "GET", "/api/v1/transactions/no-such-reference");
    expect(unknown.status).toBe(404);
    expect(await lineOf(unknown)).toMatchObject({
      ...COMMON,
      method: "GET",
      route: "/api/v1/transactions/no-such-reference",
      status: 404,
      outcome: "transaction.not_found",
      accountId,
    });
  });

  it("names the wrapper's own refusals too", async () => {
    const { auth } = await fundedAccount(1_000n);
    const invalid = await call(auth, "POST", "/api/v1/data", { clientReference: reference(), planId: "mtn-1gb-30d", phone: "12" });
    expect(invalid.status).toBe(400);
    expect(await lineOf(invalid)).toMatchObject({ status: 400, outcome: "validation.failed" });

    const notJson = await request(server.url("/api/v1/data"), {
      method: "POST",
      headers: { ...auth, "content-type": "text/plain" },
      body: "x",
    });
    expect(notJson.status).toBe(415);
    expect(await lineOf(notJson)).toMatchObject({ status: 415, outcome: "request.unsupported_media_type" });
  });
});
