/**
 * The scaled-out deployment of docs/deploying.md "Deployment", for real (issue 19): nginx in front, balancing two
 * production server processes on ports of their own; both reach PostgreSQL through PgBouncer in
 * pool_mode = transaction (DATABASE_POOLER=transaction, the file's database as DIRECT_DATABASE_URL)
 * and count the per-key API limit in Redis. Every program is the real one from Debian's packages
 * (src/test/daemons), on a free port, with its config in a temporary folder, started and stopped here.
 * The upstream is the fake HTTP upstream, whose books count vends. Host A runs two cluster workers.
 *
 * Through the proxy:
 *  - the setting matters: a server that keeps named statements behind the same pooler fails with
 *    `prepared statement "rp_…" already exists` (issue 19's symptom), where the hosts below do not;
 *  - 40 identical purchases (one reference) spread over both hosts: one debit, one vend;
 *  - 30 purchases racing with funds for 10: exactly 10 succeed;
 *  - the source address recorded and allowlisted is the client's, never a client's X-Forwarded-For;
 *  - a limit of N per window admits exactly N across both hosts, and with Redis killed requests keep
 *    being served (counted per host), then counting returns to Redis when it is back;
 *  - a host SIGKILLed mid-load loses nothing: its purchases cut in half are settled by the other
 *    host's reconciler (the test never reconciles), retries are replays, the fake upstream's books agree
 *    with ours and `npm run admin -- ledger:check` (through the pooler too) passes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { adminWithEnv } from "~/test/admin-cli";
import { startNginx, type Nginx } from "~/test/daemons/nginx";
import { startPgBouncer, type PgBouncer } from "~/test/daemons/pgbouncer";
import { startRedis, type RedisServer } from "~/test/daemons/redis";
import { startFakeUpstream, type FakeUpstream } from "~/test/fake-upstream";
import { operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { livingProcessesInGroup } from "~/test/process-group";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type LogLine, type TestServer } from "~/test/server";

const RATE_LIMIT = 60;
const RATE_WINDOW_SECONDS = 60;
/** nginx connects to the hosts from this address, and the hosts trust it alone. */
const PROXY_ADDRESS = "127.0.0.3";
const CLIENT_ADDRESS = "127.0.0.7";
const PLAN = { planId: "mtn-1gb-30d", price: 28_000n };
const VEND_TIMEOUT_MS = 2_000;

let upstream: FakeUpstream;
let pgbouncer: PgBouncer;
let redis: RedisServer;
let nginx: Nginx;
let hostA: TestServer;
let hostB: TestServer;

const directUrl = () => process.env.DATABASE_URL!;
const databaseName = () => new URL(directUrl()).pathname.slice(1);

/** What every host gets: the pooler for requests, the database itself for sessions, Redis for limits. */
function hostEnv(): Record<string, string> {
  return {
    DATABASE_URL: pgbouncer.url(databaseName()),
    DIRECT_DATABASE_URL: directUrl(),
    DATABASE_POOLER: "transaction",
    DATABASE_POOL_SIZE: "8",
    REDIS_URL: redis.url,
    TRUSTED_PROXIES: `${PROXY_ADDRESS}/32`,
    API_RATE_LIMIT: String(RATE_LIMIT),
    API_RATE_LIMIT_WINDOW_SECONDS: String(RATE_WINDOW_SECONDS),
    VEND_PROVIDER: "http",
    VEND_HTTP_BASE_URL: upstream.baseUrl,
    VEND_HTTP_API_KEY: upstream.apiKey,
    VEND_HTTP_TIMEOUT_MS: String(VEND_TIMEOUT_MS),
    VEND_HTTP_QUERY_TIMEOUT_MS: "1000",
    VEND_HTTP_RETRY_DELAY_MS: "20",
    // A purchase left pending is requeried a little after the vend's time-out, by whichever host.
    RECONCILE_GRACE_MS: String(VEND_TIMEOUT_MS + 500),
    RECONCILE_INTERVAL_MS: "500",
    RECONCILE_RETRY_MS: "200",
  };
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // Four server connections for two hosts of eight client connections each: transactions share them.
  [pgbouncer, redis] = await Promise.all([
    startPgBouncer({ upstream: directUrl(), poolSize: 4, aliases: { rp_single: { database: databaseName(), poolSize: 1 } } }),
    startRedis(),
  ]);
  // Host A runs two worker processes (node:cluster), as a host with two cores would: its processes
  // share one count with host B in Redis, and fall back together to its primary's count without it.
  [hostA, hostB] = await Promise.all([
    startTestServer({ ...hostEnv(), WEB_CONCURRENCY: "2" }, { detached: true }),
    startTestServer(hostEnv(), { detached: true }),
  ]);
  await vi.waitFor(() => expect(hostA.listeningWorkers()).toBe(2), { timeout: 60_000, interval: 100 });
  nginx = await startNginx({ upstreams: [hostA.port, hostB.port], proxyBind: PROXY_ADDRESS, maxFails: 1, failTimeoutSeconds: 5 });
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  await redis?.stop();
  // The hosts stop with the file (src/test/server.ts); the pooler after them.
  for (const host of [hostA, hostB]) {
    if (host && host.process.exitCode === null && host.process.signalCode === null) {
      const exited = new Promise((resolve) => host.process.once("exit", resolve));
      host.process.kill("SIGTERM");
      await exited;
    }
  }
  await pgbouncer?.stop();
  await upstream?.close();
}, 60_000);

type Json = Record<string, unknown>;

function call(
  path: string,
  options: { auth: Record<string, string>; body?: unknown; localAddress?: string; headers?: Record<string, string>; url?: string },
): Promise<HttpResponse> {
  return request(options.url ?? nginx.url(path), {
    method: options.body === undefined ? "GET" : "POST",
    headers: { ...options.auth, ...options.headers, ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    localAddress: options.localAddress ?? "127.0.0.1",
    timeoutMs: 60_000,
  });
}

const buyData = (
  auth: Record<string, string>,
  clientReference: string,
  phone = "08031234567",
  extra: Parameters<typeof call>[1] = { auth },
) => call("/api/v1/data", { ...extra, auth, body: { clientReference, planId: PLAN.planId, phone } });

/** The request lines a host logged for one API key. */
function requestLines(host: TestServer, apiKeyId: string): LogLine[] {
  return host.logs().filter((line) => line.msg.startsWith("api request") && line.apiKeyId === apiKeyId);
}

async function newKey(accountId: string) {
  const { keyId, apiKey } = await createApiKey(operator, { accountId, name: uniqueName("key") });
  return { keyId, auth: { authorization: `Bearer ${apiKey}` } };
}

describe("behind PgBouncer in transaction mode", () => {
  it("is what breaks named prepared statements: a server without DATABASE_POOLER=transaction fails there", async () => {
    // One server connection for the control server's pool: two client connections preparing the same
    // name meet on it. The hosts under test share four the same way and never fail (the tests below).
    const control = await startTestServer({
      DATABASE_URL: pgbouncer.url("rp_single"),
      DATABASE_POOL_SIZE: "4",
      API_RATE_LIMIT: "0",
    });
    try {
      const { auth } = await fundedAccount(1_000n);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call("/api/v1/balance", { auth, url: control.url("/api/v1/balance") })),
      );
      const failed = answers.filter((answer) => answer.status === 500).length;
      expect(failed).toBeGreaterThan(0);
      console.log(`scaled-out: ${failed} of 20 requests failed on a server with named statements behind the pooler`);
      expect(control.output()).toMatch(/prepared statement \\?"rp_[0-9a-f]+\\?" (already|does not) exists?/);
    } finally {
      const exited = new Promise((resolve) => control.process.once("exit", resolve));
      control.process.kill("SIGTERM");
      await exited;
    }
    for (const host of [hostA, hostB]) expect(host.output()).not.toContain("prepared statement");
  }, 120_000);

  it("serves through nginx from both hosts, ready, with the traffic going through the pooler", async () => {
    const before = (await pgbouncer.stats()).find((row) => row.database === databaseName())?.transactions ?? 0;
    const ready = await Promise.all([1, 2, 3, 4].map(() => call("/api/ready", { auth: {} })));
    expect(ready.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(ready[0]!.json()).toMatchObject({ status: "ready" });
    const after = (await pgbouncer.stats()).find((row) => row.database === databaseName())?.transactions ?? 0;
    expect(after).toBeGreaterThan(before);
  });
});

describe("purchases through the proxy and the pooler", () => {
  it("charges 40 identical purchases sent at once over both hosts once, with one vend", async () => {
    const { accountId, keyId, auth } = await fundedAccount(1_000_000n);
    const clientReference = reference("same");
    const answers = await Promise.all(Array.from({ length: 40 }, () => buyData(auth, clientReference)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(39);
    const ids = new Set(answers.map((answer) => (answer.json() as Json).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as string[];

    expect(await balanceOf(accountId)).toBe(1_000_000n - PLAN.price);
    expect((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE")).toHaveLength(1);
    expect(upstream.vendArrivals(id!)).toBe(1);
    expect(upstream.deliveries(id!)).toBe(1);
    // Both hosts took part in the race.
    expect(requestLines(hostA, keyId).length).toBeGreaterThan(0);
    expect(requestLines(hostB, keyId).length).toBeGreaterThan(0);
  });

  it("lets exactly 10 of 30 racing purchases through on funds for 10", async () => {
    const { accountId, keyId, auth } = await fundedAccount(10n * PLAN.price);
    const answers = await Promise.all(Array.from({ length: 30 }, () => buyData(auth, reference("race"))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(20);
    for (const answer of answers.filter((one) => one.status === 201)) expect(answer.json()).toMatchObject({ status: "successful" });
    expect(await balanceOf(accountId)).toBe(0n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(10);
    expect((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE")).toHaveLength(10);
    expect(requestLines(hostA, keyId).length).toBeGreaterThan(0);
    expect(requestLines(hostB, keyId).length).toBeGreaterThan(0);
  });

  it("records and allowlists the client's address, never a client's X-Forwarded-For", async () => {
    const { accountId, auth } = await fundedAccount(1_000_000n, { allowlist: [CLIENT_ADDRESS] });
    // Through the proxy from the allowed address, with a forged header in front: accepted, recorded as the client.
    const bought = await buyData(auth, reference("source"), "08031234567", {
      auth,
      localAddress: CLIENT_ADDRESS,
      headers: { "x-forwarded-for": "6.6.6.6" },
    });
    expect(bought.status).toBe(201);
    const row = await db.transaction.findUniqueOrThrow({ where: { id: (bought.json() as Json).id as string } });
    expect(row.sourceIp).toBe(CLIENT_ADDRESS);

    // From another address, claiming the allowed one: refused, nothing charged.
    const forged = await buyData(auth, reference("forged"), "08031234567", {
      auth,
      localAddress: "127.0.0.8",
      headers: { "x-forwarded-for": CLIENT_ADDRESS },
    });
    expect(forged.status).toBe(403);
    // Straight to a host, past the proxy: the header is not believed from anyone but the proxy.
    const bypass = await buyData(auth, reference("bypass"), "08031234567", {
      auth,
      url: hostA.url("/api/v1/data"),
      headers: { "x-forwarded-for": CLIENT_ADDRESS },
    });
    expect(bypass.status).toBe(403);
    expect(await db.transaction.count({ where: { accountId } })).toBe(1);
    expect(await balanceOf(accountId)).toBe(1_000_000n - PLAN.price);
  });
});

describe("the per-key rate limit across hosts", () => {
  /** 3N requests of one fresh key at once through the proxy: how many were admitted, and where. */
  async function burst(accountId: string) {
    const { keyId, auth } = await newKey(accountId);
    const answers = await Promise.all(Array.from({ length: 3 * RATE_LIMIT }, () => call("/api/v1/balance", { auth })));
    const admitted = answers.filter((answer) => answer.status === 200);
    const others = answers.filter((answer) => answer.status !== 200 && answer.status !== 429);
    expect(others.map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    const admittedBy = (host: TestServer) => requestLines(host, keyId).filter((line) => line.status === 200).length;
    return { admitted, admittedByA: admittedBy(hostA), admittedByB: admittedBy(hostB) };
  }

  it(`admits exactly ${RATE_LIMIT} per window across both hosts, one count in Redis`, async () => {
    const { accountId } = await fundedAccount(1n);
    const { admitted, admittedByA, admittedByB } = await burst(accountId);
    expect(admitted).toHaveLength(RATE_LIMIT);
    // Both hosts admitted some, and between them counted down one shared budget: each remaining value once.
    expect(admittedByA).toBeGreaterThan(0);
    expect(admittedByB).toBeGreaterThan(0);
    expect(admitted.map((answer) => Number(answer.headers["ratelimit-remaining"])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: RATE_LIMIT }, (_, index) => index),
    );
  });

  it("keeps serving with Redis killed (counting per host), and counts in Redis again once it is back", async () => {
    const { accountId } = await fundedAccount(100_000_000n);
    const port = redis.port;
    const served: number[] = [];
    let stop = false;
    // Clients keep buying and reading while Redis dies under them; each key stays under its limit (at
    // most 25 rounds of two requests), so every answer should be a success.
    const clients = Array.from({ length: 4 }, async () => {
      const { auth } = await newKey(accountId);
      for (let round = 0; round < 25 && !stop; round += 1) {
        served.push((await buyData(auth, reference("outage"))).status);
        served.push((await call("/api/v1/balance", { auth })).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    redis.process.kill("SIGKILL");
    await redis.stop();
    await expect
      .poll(() => [hostA, hostB].every((host) => host.output().includes("rate-limit store unreachable")), { timeout: 10_000 })
      .toBe(true);
    const atOutage = served.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await Promise.all(clients);
    expect(served.length - atOutage).toBeGreaterThan(8);
    expect(served.filter((status) => status !== 200 && status !== 201)).toEqual([]);

    // While Redis is down each host counts alone: a burst gets more than one host's limit, at most both.
    const degraded = await burst(accountId);
    expect(degraded.admitted.length).toBeGreaterThan(RATE_LIMIT);
    expect(degraded.admitted.length).toBeLessThanOrEqual(2 * RATE_LIMIT);
    expect(degraded.admittedByA).toBeLessThanOrEqual(RATE_LIMIT);
    expect(degraded.admittedByB).toBeLessThanOrEqual(RATE_LIMIT);

    // Back on the same port: every process of both hosts reconnects by itself and the limit is exact again.
    redis = await startRedis(port);
    await expect
      .poll(
        () => {
          const [a, b] = [hostA, hostB].map(
            (host) => host.logs().filter((line) => line.msg.startsWith("rate-limit store reachable again")).length,
          );
          // Every process: host A's two workers, host B.
          return a! >= 2 && b! >= 1;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const recovered = await burst(accountId);
    expect(recovered.admitted).toHaveLength(RATE_LIMIT);
    console.log(
      `scaled-out: ${served.length - atOutage} requests served after Redis was killed; a burst of ${3 * RATE_LIMIT} admitted ` +
        `${degraded.admitted.length} while it was down (${degraded.admittedByA} + ${degraded.admittedByB}), ${recovered.admitted.length} once back`,
    );
  }, 120_000);
});

describe("one host killed mid-load", () => {
  interface Attempt {
    auth: Record<string, string>;
    accountId: string;
    clientReference: string;
    phone: string;
    /** Each answer's status (0: the connection failed) and when its request was sent. */
    answers: { status: number; sentAt: number }[];
    transaction?: { id: string; status: string };
  }

  it("loses nothing: the other host settles what the dead one left, retries are replays, the books agree", async () => {
    // Recipients the fake upstream answers in each way: delivered, refused, pending then delivered.
    upstream.outcomeFor("08031230000", "failed");
    upstream.outcomeFor("08031231111", { pending: 1, then: "successful" });
    const phones = ["08031234567", "08031234567", "08031230000", "08031231111"];
    const accounts = await Promise.all([1, 2].map(() => fundedAccount(100_000_000n)));
    const attempts: Attempt[] = [];
    let stopping = false;

    const send = async (attempt: Attempt) => {
      const sentAt = Date.now();
      let answer: HttpResponse | null = null;
      try {
        answer = await buyData(attempt.auth, attempt.clientReference, attempt.phone);
      } catch {
        answer = null;
      }
      attempt.answers.push({ status: answer?.status ?? 0, sentAt });
      if (answer && (answer.status === 200 || answer.status === 201)) {
        const body = answer.json() as Json;
        attempt.transaction = { id: body.id as string, status: body.status as string };
      }
    };
    // Eight clients, each with a key of its own (the limit is per key: 60 a minute each is plenty here).
    const clients = Array.from({ length: 8 }, async (_, index) => {
      const account = accounts[index % accounts.length]!;
      const { auth } = await newKey(account.accountId);
      for (let step = 0; step < 40 && !stopping; step += 1) {
        const attempt: Attempt = {
          auth,
          accountId: account.accountId,
          clientReference: reference("kill"),
          phone: phones[(index + step) % phones.length]!,
          answers: [],
        };
        attempts.push(attempt);
        await send(attempt);
      }
    });

    const startedAt = new Date();
    // Begun (debited) and not yet touched by any settlement: cut in half if their host dies now.
    const midFlight = async () => {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM transactions WHERE status = 'PENDING' AND updated_at = created_at AND created_at >= ${startedAt}`;
      return row?.n ?? 0;
    };
    await expect.poll(() => attempts.filter((attempt) => attempt.transaction).length, { timeout: 30_000 }).toBeGreaterThan(40);
    // From now on every vend waits at the upstream: purchases pile up debited and pending on both hosts.
    upstream.inject("vend", { kind: "hold" });
    await expect.poll(midFlight, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(6);

    const killed = hostA.process;
    const exited = new Promise((resolve) => killed.once("exit", resolve));
    process.kill(-killed.pid!, "SIGKILL");
    await exited;
    expect(killed.signalCode).toBe("SIGKILL");
    await expect.poll(() => livingProcessesInGroup(killed.pid!), { timeout: 10_000 }).toEqual([]);
    const killedAt = Date.now();

    // The upstream recovers; what the dead host had sent is executed with nobody left to hear the answer.
    upstream.clear();
    upstream.release();
    // More load on the surviving host, then the clients stop.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    stopping = true;
    await Promise.all(clients);

    // The dead host's requests in flight got no answer (nginx: 502): retried with the same reference,
    // they are now the surviving host's, as a reseller's retry would be.
    const statuses = (attempt: Attempt) => attempt.answers.map((answer) => answer.status);
    const cutOff = attempts.filter((attempt) => !attempt.transaction);
    const story = () =>
      attempts
        .filter((attempt) => attempt.answers.length !== 1 || ![200, 201].includes(attempt.answers[0]!.status))
        .map(
          (attempt) =>
            `${attempt.clientReference}: ${attempt.answers.map((answer) => `${answer.status}@${answer.sentAt - killedAt}ms`).join(" ")}`,
        )
        .join("\n");
    expect(cutOff.length, story()).toBeGreaterThan(0);
    for (const attempt of cutOff)
      expect(
        statuses(attempt).every((status) => status === 502 || status === 0),
        story(),
      ).toBe(true);
    for (const attempt of cutOff) {
      for (let retry = 0; retry < 5 && !attempt.transaction; retry += 1) await send(attempt);
      expect(attempt.transaction, `${attempt.clientReference}: ${statuses(attempt).join(",")}`).toBeDefined();
    }
    // The dead host had begun (debited) them, its vends held at the upstream: the retries are replays.
    expect(cutOff.filter((attempt) => statuses(attempt).includes(200)).length, story()).toBeGreaterThan(0);
    // nginx learns of the death from the dead host's connections: a request sent in the first moments
    // may still go down a kept-alive connection to it, and a POST sent that way is not resent (nginx's
    // rule for non-idempotent requests) but answered 502 and retried above, like the ones cut off.
    // From a second after the kill, every request is served by the survivor.
    const afterKill = attempts.flatMap((attempt) => attempt.answers).filter((answer) => answer.sentAt > killedAt + 1_000);
    expect(afterKill.length, story()).toBeGreaterThan(cutOff.length);
    expect(
      afterKill.filter((answer) => answer.status !== 200 && answer.status !== 201),
      story(),
    ).toEqual([]);

    // Nothing stays pending, and the test never reconciled: host B's reconciler did.
    await expect.poll(() => db.transaction.count({ where: { status: "PENDING" } }), { timeout: 60_000, interval: 250 }).toBe(0);
    const settledByB = hostB
      .logs()
      .filter((line) => line.msg === "reconciler pass" && Date.parse(String(line.time)) >= killedAt)
      .reduce((sum, line) => sum + Number(line.settled ?? 0), 0);
    expect(settledByB).toBeGreaterThan(0);

    // What each client saw agrees with what is stored; one reference is one transaction, 201 at most once.
    for (const attempt of attempts.filter((one) => one.transaction)) {
      const row = await db.transaction.findUniqueOrThrow({
        where: {
          accountId_livemode_clientReference: { accountId: attempt.accountId, livemode: true, clientReference: attempt.clientReference },
        },
      });
      expect(row.id, attempt.clientReference).toBe(attempt.transaction!.id);
      if (attempt.transaction!.status === "successful") expect(row.status).toBe("SUCCESSFUL");
      if (attempt.transaction!.status === "failed") expect(row.status).toBe("FAILED");
      expect(statuses(attempt).filter((status) => status === 201).length, attempt.clientReference).toBeLessThanOrEqual(1);
    }

    // The upstream's books: one vend per transaction at most, and it delivered exactly what we settled successful.
    const rows = await db.transaction.findMany({ where: { accountId: { in: accounts.map((account) => account.accountId) } } });
    expect(rows.filter((row) => upstream.vendArrivals(row.id) > 1).map((row) => row.clientReference)).toEqual([]);
    expect(
      rows.filter((row) => (upstream.deliveries(row.id) === 1) !== (row.status === "SUCCESSFUL")).map((row) => row.clientReference),
    ).toEqual([]);
    for (const account of accounts) {
      const spent = rows
        .filter((row) => row.accountId === account.accountId && row.status === "SUCCESSFUL")
        .reduce((sum, row) => sum + row.amount, 0n);
      expect(await balanceOf(account.accountId)).toBe(100_000_000n - spent);
    }

    console.log(
      `scaled-out: ${attempts.length} purchases, ${cutOff.length} cut off by the kill and retried, ${afterKill.length} requests from a second after it, ` +
        `${settledByB} settled by the surviving host's reconciler`,
    );

    // The operator's check, run through the pooler as a deployed CLI would.
    const check = await adminWithEnv(
      { DATABASE_URL: pgbouncer.url(databaseName()), DIRECT_DATABASE_URL: directUrl(), DATABASE_POOLER: "transaction" },
      "ledger:check",
    );
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
  }, 180_000);
});
