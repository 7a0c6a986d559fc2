/**
 * The real server, as `npm start` runs it. Two processes started at once on one empty database must
 * both come up with every migration applied exactly once, serve the REST surface with its
 * problem+json 401 on IPv4 and IPv6, read the upstream's wallet once for all of them (the balance
 * poll's lease), and stop cleanly on SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { useEmptyDatabase } from "~/test/empty-database";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { startTestServer, type TestServer } from "~/test/server";

const databaseUrl = useEmptyDatabase("rp_server");

let vtpass: FakeVtpass;
beforeAll(async () => {
  vtpass = await startFakeVtpass();
});
afterAll(() => vtpass.close());

/** Every server here vends through the fake VTpass and polls its wallet at start-up, then hourly. */
const serverEnv = (extra: Record<string, string> = {}) =>
  vtpass.env({ DATABASE_URL: databaseUrl, UPSTREAM_BALANCE_POLL_MS: "3600000", ...extra });

describe("npm start", () => {
  let servers: TestServer[] = [];

  it("starts two processes on one empty database without a migration race", async () => {
    servers = await Promise.all([startTestServer(serverEnv()), startTestServer(serverEnv())]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; n: string }>(
      "SELECT migration_name, count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL GROUP BY migration_name",
    );
    await client.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    // Exactly one of the two applied them; the other found nothing to do.
    const appliers = servers.filter((server) => server.output().includes("applied migrations"));
    expect(appliers).toHaveLength(1);
  }, 120_000);

  it("answers /api/v1/balance without a key with a 401 problem+json, on IPv4 and IPv6", async () => {
    for (const host of ["127.0.0.1", "::1"]) {
      const response = await fetch(servers[0]!.url("/api/v1/balance", host));
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toEqual({
        type: "https://www.rfc-editor.org/rfc/rfc7235#section-3.1",
        title: "Unauthorized",
        status: 401,
        detail: expect.any(String),
        errors: [{ name: "generalErrors", reason: expect.any(String) }],
        requestId: response.headers.get("x-request-id"),
      });
    }
  });

  it("runs WEB_CONCURRENCY worker processes on one port", async () => {
    const clustered = await startTestServer(serverEnv({ WEB_CONCURRENCY: "2" }));
    await expect.poll(() => clustered.listeningWorkers(), { timeout: 60_000 }).toBe(2);
    const responses = await Promise.all(Array.from({ length: 8 }, () => fetch(clustered.url("/api/v1/balance"))));
    expect(responses.every((response) => response.status === 401)).toBe(true);
    const exited = new Promise<number | null>((resolve) => clustered.process.once("exit", (code) => resolve(code)));
    clustered.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(clustered.output()).toMatch(/stopping 2 workers/);
  }, 120_000);

  it("reads the upstream's wallet once for every process started within the poll's interval, and records it", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const recorded = async () =>
        (await client.query<{ balance: string | null }>("SELECT balance::text FROM upstream_providers WHERE name = 'vtpass'")).rows[0]
          ?.balance;
      await expect.poll(recorded, { timeout: 30_000 }).toBe(String(vtpass.balance * 100));
    } finally {
      await client.end();
    }
    // Four processes (two servers, then two workers of a third) each tried at start-up; one lease, one read.
    expect(vtpass.balanceReads).toBe(1);
  });

  it("shuts down gracefully on SIGTERM", async () => {
    const child = servers[1]!.process;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
