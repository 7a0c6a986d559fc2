/**
 * Inputs an attacker sent in issue 30's probe, through the production server: a test key asking for
 * the live invoice, dates the database cannot store, a `returnTo` that leaves the site, and bodies far
 * larger than the routes outside /api/v1 and tRPC should ever read.
 */
import net from "node:net";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createUser } from "~/server/services/users/create-user";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { signIn } from "~/test/portal-session";
import { useTestServer } from "~/test/server";

const server = useTestServer({ BCRYPT_COST: "10" });
let live: Record<string, string>;
let test: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  const account = await createAccountWithKey();
  accountId = account.accountId;
  live = account.auth;
  const { apiKey } = await createApiKey(operator, { accountId, name: "test key", mode: "test" });
  test = { authorization: `Bearer ${apiKey}` };
});

describe("invoices and test keys", () => {
  it("a pk_test_ key gets a 403 naming test mode for both files; the live key gets the invoice", async () => {
    for (const file of ["2026-11.csv", "2026-11.pdf"]) {
      const refused = await request(server.url(`/api/v1/invoices/${file}`), { headers: test });
      expect(refused.status, file).toBe(403);
      expect(refused.headers["content-type"]).toContain("application/problem+json");
      expect(refused.json()).toMatchObject({ status: 403, errors: [{ name: "invoice.live_only" }] });
      expect(refused.text).toContain("pk_test_");
    }
    expect((await request(server.url("/api/v1/invoices/2026-11.csv"), { headers: live })).status).toBe(200);
  });
});

describe("dates the database cannot store are 400s naming the field", () => {
  it.each([
    ["/api/v1/transactions?from=0000-01-01", "from"],
    // A five-digit year is refused by the ISO 8601 format already; one written with four digits and
    // an offset that carries it past 9999 is the storable-range check's to refuse.
    ["/api/v1/transactions?to=10000-01-01T00:00:00Z", "to"],
    ["/api/v1/transactions?to=9999-12-31T22:00:00-03:00", "to"],
    ["/api/v1/transactions?from=9999-12-31T23:59:59-05:00", "from"],
    ["/api/v1/events?since=0000-01-01T00:00:00Z", "since"],
    ["/api/v1/events?since=9999-12-31T23:00:00-12:00", "since"],
  ])("%s", async (path, field) => {
    const response = await request(server.url(path), { headers: live });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ name: field }] });
  });

  it("the portal's transaction filter too", async () => {
    const email = `owner-${randomUUID()}@dates.test`;
    await createUser(operator, { email, password: "dates password", role: "OWNER", accountId });
    const { cookie } = await signIn(server, email, "dates password");
    const input = encodeURIComponent(JSON.stringify({ json: { filter: { from: "0000-01-01" } } }));
    const response = await request(server.url(`/api/trpc/transactions.list?input=${input}`), { headers: { cookie } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json())).toContain("validation.failed");
    const csv = await request(server.url("/api/portal/transactions.csv?to=99999-01-01"), { headers: { cookie } });
    expect(csv.status).toBe(400);
  });
});

describe("returnTo of the Test data switch", () => {
  it("goes back only to a page of this portal; anything else is /dashboard, never a 500", async () => {
    const email = `owner-${randomUUID()}@return.test`;
    await createUser(operator, { email, password: "return password", role: "OWNER", accountId });
    const { cookie } = await signIn(server, email, "return password");
    const post = (returnTo: string) =>
      request(server.url("/api/portal/mode"), {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: `mode=test&returnTo=${encodeURIComponent(returnTo)}`,
      });
    for (const hostile of [
      "/\t/evil.example/x",
      "/dashboard\r\nSet-Cookie: a=b",
      "//evil.example",
      "/\\evil.example",
      "/nowhere",
      "https://evil.example/",
    ]) {
      const response = await post(hostile);
      expect(response.status, JSON.stringify(hostile)).toBe(303);
      expect(response.headers.location, JSON.stringify(hostile)).toBe("/dashboard");
    }
    expect((await post("/transactions?status=failed")).headers.location).toBe("/transactions?status=failed");
  });
});

/**
 * Sends the head of a POST announcing (or, chunked, streaming) far more than the limit, without ever
 * sending it all: a route that reads the whole body first would never answer. `cookie`: for a route
 * that reads the body only for a signed-in user, who would otherwise be answered 401 before it.
 */
function answerBeforeWholeBody(path: string, chunked: boolean, cookie?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(15_000, () => (socket.destroy(), reject(new Error(`no answer from ${path} before the whole body`))));
    socket.on("data", (data) => {
      answer += data.toString();
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n")[0]!);
      }
    });
    socket.on("error", () => {});
    const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${48 * 1024 * 1024}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}${length}\r\n\r\n`,
    );
    const piece = "a".repeat(64 * 1024);
    // 256 KiB: past every limit, a small part of what was announced.
    for (let index = 0; index < 4; index++) socket.write(chunked ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece);
  });
}

describe("bodies are limited while they are read", () => {
  it.each(["/api/upstream/vtpass/callback", "/sign-in/submit", "/api/auth/callback/credentials"])(
    "%s answers before a 48 MB body has arrived, announced or chunked",
    async (path) => {
      for (const chunked of [false, true]) {
        const status = await answerBeforeWholeBody(path, chunked);
        expect(status, `${path} chunked=${chunked}`).toMatch(/^HTTP\/1\.1 (413|200|401|403) /);
      }
    },
  );

  // Signed in: signed out, the route answers 401 before reading any body, which proves nothing of its limit.
  it("/api/portal/mode, signed in, answers 413 before a 48 MB body has arrived, announced or chunked", async () => {
    const email = `owner-${randomUUID()}@bodies.test`;
    await createUser(operator, { email, password: "bodies password", role: "OWNER", accountId });
    const { cookie } = await signIn(server, email, "bodies password");
    for (const chunked of [false, true]) {
      expect(await answerBeforeWholeBody("/api/portal/mode", chunked, cookie), `chunked=${chunked}`).toMatch(/^HTTP\/1\.1 413 /);
    }
  });
});

describe("after all of it", () => {
  it("the ledger still adds up (ledger:check)", async () => {
    const { checkLedger } = await import("~/server/services/reconciliation/check-ledger");
    expect(await checkLedger(operator, {})).toMatchObject({ ok: true, mismatches: [] });
  });
});
