/**
 * What an operator sees of a running production server (issue 8): the reconciler's counts in the log
 * at start-up; /api/health (alive, touches no database) and /api/ready (the database answers and every
 * migration is applied), which answers 503 problem+json naming what is wrong when a migration is
 * missing, when the database hangs and when it is unreachable. The database is taken away from the
 * server through a TCP proxy, so the shared test cluster is never touched.
 */
import { readdirSync } from "node:fs";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";
import { startTcpProxy, type TcpProxy } from "~/test/tcp-proxy";

const databaseUrl = process.env.DATABASE_URL!;
const MIGRATIONS = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) => entry.isDirectory());
// Generous: the check itself gives up after 2 s; this only turns a hang into a failure instead of a time-out.
const NO_HANG = 20_000;

let proxy: TcpProxy;
let server: TestServer;
const left = { accountId: "", succeeds: "", fails: "" };

/** A purchase a crashed process left behind right after the debit: pending, due for a requery now. */
async function leavePending(accountId: string, keyId: string, phone: string): Promise<string> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM begin_purchase(${accountId}::uuid, ${reference()}, 'DATA', 'fp', 'mtn-1gb-30d', 'mtn', 'MTN 1GB',
      ${phone}, NULL, 28000, 'API', ${keyId}::uuid, NULL, '127.0.0.1', interval '0 seconds')`;
  return rows[0]!.id;
}

async function get(path: string) {
  const response = await fetch(server.url(path), { signal: AbortSignal.timeout(NO_HANG) });
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
}

async function expectNotReady(name: string) {
  const response = await get("/api/ready");
  expect(response.status).toBe(503);
  expect(response.contentType).toContain("application/problem+json");
  const body = JSON.parse(response.text) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    errors: { name: string; reason: string }[];
  };
  expect(body).toMatchObject({ type: "https://www.rfc-editor.org/rfc/rfc9110#section-15.6.4", title: "Service Unavailable", status: 503 });
  expect(body.errors).toEqual([{ name, reason: body.detail }]);
  return response.text;
}

beforeAll(async () => {
  // One the provider has (it settles successful) and one it never received (…2222: failed, reversed).
  const { accountId, keyId } = await fundedAccount(100_000n);
  left.accountId = accountId;
  left.succeeds = await leavePending(accountId, keyId, "08031234567");
  left.fails = await leavePending(accountId, keyId, "08031232222");

  const target = new URL(databaseUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  server = await startTestServer({ DATABASE_URL: proxy.proxiedUrl(databaseUrl), RECONCILE_INTERVAL_MS: "600000" });
}, 90_000);

describe("the reconciler at start-up", () => {
  it("settles what a crashed process left pending and logs its counts as one structured line", async () => {
    const passes = server.logs().filter((line) => line.component === "reconciler");
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({
      level: "info",
      msg: "reconciler pass",
      trigger: "start-up",
      checked: 2,
      settled: 2,
      succeeded: 1,
      failed: 1,
      requeryErrors: 0,
      stillPending: 0,
    });
    const statuses = await db.transaction.findMany({ where: { accountId: left.accountId }, select: { id: true, status: true } });
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [left.succeeds]: "SUCCESSFUL",
      [left.fails]: "FAILED",
    });
    expect(await balanceOf(left.accountId)).toBe(72_000n);
  });
});

describe("/api/health and /api/ready", () => {
  it("answer 200 without any credentials while the database is up to date", async () => {
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: "ok" });

    const ready = await get("/api/ready");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: "ready", migrations: MIGRATIONS.length });
  });

  it("answers 503 database.migrations_pending when a migration of this build is not applied", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string }>(
      "DELETE FROM _prisma_migrations WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations) RETURNING migration_name",
    );
    await client.end();
    const missing = rows[0]!.migration_name;

    const text = await expectNotReady("database.migrations_pending");
    expect(text).not.toContain(missing);
    // The name is for the operator, in the log.
    await expect
      .poll(() => server.logs().find((line) => line.msg.startsWith("not ready")))
      .toMatchObject({ level: "warn", pending: [missing] });
    // Liveness never depended on it.
    expect((await get("/api/health")).status).toBe(200);
  });

  it("answers 503 database.unreachable, promptly, when the database stops answering", async () => {
    proxy.hang();
    const text = await expectNotReady("database.unreachable");
    expect(text).not.toMatch(/ms|timeout|ECONN|127\.0\.0\.1/i);
    expect((await get("/api/health")).status).toBe(200);
  });

  it("answers 503 database.unreachable when the database refuses connections", async () => {
    await proxy.close();
    await expectNotReady("database.unreachable");
    expect((await get("/api/health")).status).toBe(200);
  });
});
