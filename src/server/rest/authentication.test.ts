/**
 * DESIGN.md §3.1 over real sockets against the production server: API keys, revocation, several keys,
 * and the IP allowlist with source addresses chosen inside 127.0.0.0/8 and ::1 — never via headers.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { removeAllowlistEntry } from "~/server/services/allowlist/remove-allowlist-entry";
import { setAllowlistRequired } from "~/server/services/allowlist/set-allowlist-required";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { useTestServer } from "~/test/server";

const server = useTestServer();

const balance = (headers: Record<string, string>, localAddress = "127.0.0.1", host = "127.0.0.1") =>
  request(server.url("/api/v1/balance", host), { headers, localAddress: host === "::1" ? "::1" : localAddress });

function expectAllowlistProblem(response: { status: number; headers: Record<string, unknown>; json: () => unknown }, name: string) {
  expect(response.status).toBe(403);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  const body = response.json() as Record<string, unknown>;
  // The contract's form for these two: type, title, status and errors, and no detail; and the request id every problem carries.
  expect(Object.keys(body).sort()).toEqual(["errors", "requestId", "status", "title", "type"]);
  expect(body.requestId).toBe(response.headers["x-request-id"]);
  expect(body.status).toBe(403);
  expect(body.type).toMatch(/^https:\/\//);
  const errors = body.errors as { name: string; reason: string }[];
  expect(errors).toHaveLength(1);
  expect(errors[0]!.name).toBe(name);
  return errors[0]!.reason;
}

describe("API keys", () => {
  it("rejects a missing, malformed, unknown or non-Bearer key with 401 generalErrors", async () => {
    const { apiKey } = await createAccountWithKey();
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: "Bearer pk_live_short" },
      { authorization: `Bearer pk_test_${"a".repeat(40)}` },
      { authorization: `Bearer pk_live_${"a".repeat(40)}` },
      { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}` },
      { authorization: apiKey },
    ];
    for (const headers of cases) {
      const response = await balance(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers["x-request-id"]).toBeTruthy();
      const body = response.json() as { title: string; type: string; errors: { name: string; reason: string }[]; detail: string };
      expect(body.title).toBe("Unauthorized");
      expect(body.type).toBe("https://www.rfc-editor.org/rfc/rfc7235#section-3.1");
      expect(body.errors).toEqual([{ name: "generalErrors", reason: body.detail }]);
    }
  });

  it("serves the balance in kobo to a valid key", async () => {
    const { auth } = await createAccountWithKey({ funding: 123_456n });
    const response = await balance(auth);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ balance: 123456, currency: "NGN", livemode: true });
  });

  it("accepts several keys per account, and a revoked key fails on the very next request", async () => {
    const first = await createAccountWithKey({ funding: 500n });
    const second = await createApiKey(operator, { accountId: first.accountId, name: "second" });
    const secondAuth = { authorization: `Bearer ${second.apiKey}` };
    expect((await balance(first.auth)).status).toBe(200);
    expect((await balance(secondAuth)).status).toBe(200);

    await revokeApiKey(operator, { keyId: first.keyId });
    expect((await balance(first.auth)).status).toBe(401);
    expect((await balance(secondAuth)).status).toBe(200);
  });

  it("records lastUsedAt without a write on every request", async () => {
    const { keyId, auth } = await createAccountWithKey();
    await balance(auth);
    await expect.poll(async () => (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt).not.toBeNull();
    const first = (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;
    await balance(auth);
    await balance(auth);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt).toEqual(first);
  });

  it("refreshes a lastUsedAt older than a minute on the next request", async () => {
    const { keyId, auth } = await createAccountWithKey();
    const stale = new Date(Date.now() - 2 * 60_000);
    await db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: stale } });
    await balance(auth);
    await expect
      .poll(async () => (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt!.getTime())
      .toBeGreaterThan(stale.getTime() + 60_000);
  });
});

describe("IP allowlist", () => {
  it("blocks an account created on or after 2026-07-01 with no entries: 403 ip.not_configured", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-07-01", funding: 100n });
    const reason = expectAllowlistProblem(await balance(auth), "ip.not_configured");
    expect(reason).toMatch(/allowlist/i);
  });

  it("does not block an older account without entries until it opts in", async () => {
    const { accountId, auth } = await createAccountWithKey({ createdAt: "2026-06-30" });
    expect((await balance(auth, "127.0.0.44")).status).toBe(200);
    await setAllowlistRequired(operator, { accountId, required: true });
    expectAllowlistProblem(await balance(auth, "127.0.0.44"), "ip.not_configured");
  });

  it("admits listed addresses and rejects others with 403 ip.not_allowed naming the address", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.5", "127.0.1.0/24"] });
    expect((await balance(auth, "127.0.0.5")).status).toBe(200);
    expect((await balance(auth, "127.0.1.77")).status).toBe(200);
    const reason = expectAllowlistProblem(await balance(auth, "127.0.0.6"), "ip.not_allowed");
    expect(reason).toContain("127.0.0.6");
  });

  it("applies a non-empty list even to an account that does not require one", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-01-01", allowlist: ["127.0.0.8"] });
    expect((await balance(auth, "127.0.0.8")).status).toBe(200);
    expectAllowlistProblem(await balance(auth, "127.0.0.9"), "ip.not_allowed");
  });

  it("cannot be talked past with X-Forwarded-For, Forwarded, X-Real-IP or the private header", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.5"] });
    const spoofs: Record<string, string>[] = [
      { "x-forwarded-for": "127.0.0.5" },
      { forwarded: "for=127.0.0.5" },
      { "x-real-ip": "127.0.0.5" },
      { "x-rp-source-address": "127.0.0.5" },
    ];
    for (const spoof of spoofs) {
      const reason = expectAllowlistProblem(await balance({ ...auth, ...spoof }, "127.0.0.6"), "ip.not_allowed");
      expect(reason).toContain("127.0.0.6");
    }
  });

  it("handles IPv6: ::1 is refused until listed, and IPv4 clients are matched as IPv4", async () => {
    const { accountId, auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.0/8"] });
    const reason = expectAllowlistProblem(await balance(auth, "::1", "::1"), "ip.not_allowed");
    expect(reason).toContain("::1");
    await addAllowlistEntry(operator, { accountId, entry: "::1" });
    expect((await balance(auth, "::1", "::1")).status).toBe(200);
    // The listener is dual-stack: an IPv4 client arrives as ::ffff:127.0.0.1 and must match 127.0.0.0/8.
    expect((await balance(auth, "127.0.0.1")).status).toBe(200);
  });

  it("matches an entry written as IPv4-mapped IPv6 against IPv4 clients", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["::ffff:127.0.0.12"] });
    expect((await balance(auth, "127.0.0.12")).status).toBe(200);
  });

  it("takes removals into account on the next request", async () => {
    const { accountId, auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["127.0.0.20", "127.0.0.21"] });
    expect((await balance(auth, "127.0.0.20")).status).toBe(200);
    await removeAllowlistEntry(operator, { accountId, entry: "127.0.0.20" });
    expectAllowlistProblem(await balance(auth, "127.0.0.20"), "ip.not_allowed");
  });

  it("checks the key before the allowlist: a bad key from an unlisted address is 401", async () => {
    const response = await balance({ authorization: `Bearer pk_live_${"b".repeat(40)}` }, "127.0.0.99");
    expect(response.status).toBe(401);
  });
});
