/**
 * `npm run bench`: the performance benchmark (docs/performance.md "Performance"). Builds if needed, starts the
 * production server on a fresh embedded database, seeds an account, and drives load with autocannon
 * from this process (32 connections, BENCH_SECONDS per scenario, default 15):
 *
 *   baseline  a route handler doing no work: the framework's ceiling under our server
 *   postBaseline  the same for a POST with a small JSON body (for reading the purchase figures;
 *             ratios stay over baseline, as the performance issue defines them)
 *   plans     GET /api/v1/plans            balance   GET /api/v1/balance
 *   purchase  POST /api/v1/data, a fresh reference each time (sandbox success)
 *   replay    POST /api/v1/data repeating references that exist
 *   dbLimit   the purchase's two statements straight to PostgreSQL with pg, no HTTP
 *   purchase with WEB_CONCURRENCY=2, for scaling
 *   purchaseUnnamed  purchase with DATABASE_POOLER=transaction but no pooler: what sending the hot
 *             statements unnamed costs by itself (PostgreSQL parses and plans them every time)
 *   purchasePooled   purchase through a real PgBouncer in transaction mode (pool of 10 server
 *             connections, the server's own pool size), statements unnamed: the deployment of docs/deploying.md
 *             "Deployment"; PgBouncer's CPU per request is reported too
 *   invoice   BENCH_INVOICE_ROWS transactions (default 1,000,000) in one month, then the CSV over
 *             HTTP: seconds and the server's peak resident memory, the server's heap limited to
 *             BENCH_INVOICE_HEAP_MB (default 160)
 *   batch     a BENCH_BATCH_ORDERS-order batch (default 5,000) from acceptance to completed: orders per
 *             second beside purchase rps; and another account's single purchases alone and while it runs
 *   purchaseStatements  purchase again with pg_stat_statements and track_functions on: the database's
 *             time per statement and per function, per purchase (src/bench/db-statements.ts)
 *   slowUpstream  src/bench/slow-upstream.ts: purchases against an upstream that answers every vend
 *             BENCH_UPSTREAM_DELAY_MS (default 2,000) late, from BENCH_SLOW_CONNECTIONS (default 1,000)
 *             connections, with the database pool's waits and longest hold; then through an upstream
 *             answering at once; then with one vend in ten never answered, until the reconciler has
 *             settled them all
 *   mixed     src/bench/mixed.ts: reads, purchases, replays and bill verifications at once, with
 *             webhook delivery on; each route's p99 in the mix and alone
 *   webhooks  src/bench/webhooks.ts: purchases without an endpoint, then while every settlement is
 *             delivered to a receiver that takes BENCH_WEBHOOK_SLOW_MS (default 300) to answer; a
 *             backlog of BENCH_WEBHOOK_BACKLOG (default 10,000) deliveries drained to a prompt local
 *             receiver; a delivery's CPU against a purchase's; the same with WEBHOOK_WORKER=0 and the
 *             deliveries in a process of their own
 *
 * Each HTTP scenario also reports the CPU time the server and PostgreSQL spent per request (from
 * /proc): unlike requests per second, it hardly moves when something else shares the machine.
 *
 * Writes JSON to BENCH_OUT (default bench-results.json) and prints a table. Ratios are each
 * scenario's rps over baseline rps from the same run, so they compare like with like on any machine.
 * `npm run bench -- --repeat 3` runs the whole benchmark three times, each on a fresh database and
 * server; the JSON's figures are then the medians, with every run under `runs`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { residentMb, startBenchServer, type BenchServer } from "~/bench/bench-server";
import { runDbLimit } from "~/bench/db-limit";
import { readStatementCosts, startStatementTracking, STATEMENT_STATISTICS_SETTINGS, trackNoStatements } from "~/bench/db-statements";
import { treeCpuMs } from "~/bench/cpu";
import { runLoad, type ScenarioResult } from "~/bench/load";
import { measureMixed, mixedRows } from "~/bench/mixed";
import { medianOf } from "~/bench/median";
import { profileBreakdown, type CpuProfile, type ProfileWindow } from "~/bench/profile-breakdown";
import { measureSlowUpstream, type SlowUpstreamResults } from "~/bench/slow-upstream";
import { measureWebhooks, webhookTargetRows } from "~/bench/webhooks";
import type { Db } from "~/server/db";
import { startEmbeddedPostgres } from "~/server/db/embedded-postgres";
import { applyPendingMigrations } from "~/server/db/migrate";
import { freePort } from "~/server/http/free-port";
import { assertProductionBuild, missingProductionBuild } from "./production-build";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const INVOICE_ROWS = Number(process.env.BENCH_INVOICE_ROWS ?? 1_000_000);
const OUT = process.env.BENCH_OUT ?? "bench-results.json";
const CONNECTIONS = 32;
const WARM_UP_SECONDS = Math.min(3, SECONDS);
const INVOICE_PERIOD = "2026-10";
/**
 * The invoice server's V8 heap limit. Without one, V8 lets a busy heap grow into whatever the machine
 * has before collecting (24 GB here), so peak RSS says more about the collector than about the
 * stream; with one, it shows whether the download fits in bounded memory at all.
 */
const INVOICE_HEAP_MB = Number(process.env.BENCH_INVOICE_HEAP_MB ?? 160);
/**
 * For working on one path: BENCH_ONLY=plans,purchase runs just those scenarios (baseline always runs,
 * since ratios need it). A partial run's JSON is not the benchmark's result.
 */
const ONLY = process.env.BENCH_ONLY ? new Set(["baseline", ...process.env.BENCH_ONLY.split(",").map((name) => name.trim())]) : null;
// replay repeats references the purchase scenario created; the pooled scenarios are read beside purchase,
// and slowUpstream's target is the purchase rate.
if (["replay", "purchaseUnnamed", "purchasePooled", "slowUpstream"].some((name) => ONLY?.has(name))) ONLY?.add("purchase");
const selected = (name: string) => !ONLY || ONLY.has(name);
/**
 * BENCH_PROFILE=1 writes V8 CPU profiles of the server to .data/profiles (open in Chrome DevTools), and
 * reports where the first server's CPU went in each of its scenarios (src/bench/profile-breakdown.ts).
 */
const PROFILE_DIR = ".data/profiles";
const PROFILE_FLAGS = process.env.BENCH_PROFILE === "1" ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const log = (message: string) => console.error(`[bench] ${message}`);
const BATCH_ORDERS = Number(process.env.BENCH_BATCH_ORDERS ?? 5_000);
/** Connections of the single purchases made from another account beside the batch: a few, for their latency. */
const BESIDE_BATCH_CONNECTIONS = 4;

function ensureBuild(): void {
  const missing = missingProductionBuild();
  if (!missing) return;
  log(`${missing} is missing: running npm run build`);
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
  assertProductionBuild();
}

/** The benchmark's own routes (/api/bench) answer only in a server started with BENCH_ROUTES=1. */
function startServer(databaseUrl: string, workers: number, nodeFlags: string[] = [], extraEnv: Record<string, string> = {}) {
  return startBenchServer(databaseUrl, { workers, nodeFlags, env: { BENCH_ROUTES: "1", ...extraEnv } });
}

function download(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The invoice scenario: BENCH_INVOICE_ROWS transactions bulk-inserted into one month, then the CSV
 * downloaded from a fresh server whose heap is limited, sampling its resident memory throughout.
 */
async function measureInvoice(context: {
  db: { $executeRawUnsafe: (query: string, ...values: unknown[]) => Promise<number> };
  databaseUrl: string;
  accountId: string;
  keyId: string;
  auth: Record<string, string>;
  servers: BenchServer[];
}) {
  const { db, accountId, keyId, auth, servers } = context;
  log(`invoice: inserting ${INVOICE_ROWS} transactions into ${INVOICE_PERIOD}…`);
  await db.$executeRawUnsafe(
    `INSERT INTO transactions (account_id, client_reference, service, status, order_fingerprint, plan_id, network_id,
       product_name, recipient, amount, channel, api_key_id, source_ip, provider_reference, created_at, completed_at)
     SELECT $1::uuid, 'invoice-' || g, 'DATA', 'SUCCESSFUL', 'fingerprint', 'mtn-1gb-30d', 'mtn', 'MTN 1GB (SME) – 30 days',
            '0803' || lpad((g % 10000000)::text, 7, '0'), 28000, 'API', $2::uuid,
            '10.0.' || (g % 200) || '.' || (g % 250), 'SBX-' || g,
            timestamptz '2026-10-01 00:00:00+01' + g * interval '2 seconds',
            timestamptz '2026-10-01 00:00:00+01' + g * interval '2 seconds'
     FROM generate_series(1, $3::int) AS g`,
    accountId,
    keyId,
    INVOICE_ROWS,
  );
  await db.$executeRawUnsafe("ANALYZE transactions");
  const server = await startServer(context.databaseUrl, 1, [`--max-old-space-size=${INVOICE_HEAP_MB}`]);
  servers.push(server);
  let peakRssMb = residentMb(server.pid);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, residentMb(server.pid))), 50);
  const started = performance.now();
  const invoiceDownload = await download(`http://127.0.0.1:${server.port}/api/v1/invoices/${INVOICE_PERIOD}.csv`, auth);
  const invoiceSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRssMb = Math.max(peakRssMb, residentMb(server.pid));
  if (invoiceDownload.status !== 200 || invoiceDownload.lines !== INVOICE_ROWS + 1) {
    throw new Error(`invoice download: status ${invoiceDownload.status}, ${invoiceDownload.lines} lines for ${INVOICE_ROWS} rows`);
  }
  await server.stop();
  return {
    rows: INVOICE_ROWS,
    seconds: Math.round(invoiceSeconds * 100) / 100,
    peakRssMb: Math.round(peakRssMb),
    heapLimitMb: INVOICE_HEAP_MB,
    bytes: invoiceDownload.bytes,
  };
}

/**
 * The batch scenario (issue 36): a BENCH_BATCH_ORDERS-order batch (POST /api/v1/batches) bought by the
 * server's batch worker, from acceptance to `completed`: orders per second, beside the purchase
 * scenario's rps; and single purchases from another account, first alone, then while the batch runs:
 * their latency, which the per-account concurrency limit is there to keep.
 */
async function measureBatch(context: {
  db: Db;
  databaseUrl: string;
  json: Record<string, string>;
  servers: BenchServer[];
  purchaseRps: number | null;
}) {
  const { db, json } = context;
  const { createAccount } = await import("~/server/services/accounts/create-account");
  const { addAllowlistEntry } = await import("~/server/services/allowlist/add-allowlist-entry");
  const { createApiKey } = await import("~/server/services/api-keys/create-api-key");
  const { fundWallet } = await import("~/server/services/wallet/fund-wallet");
  const operator = { kind: "cli", label: "cli:bench" } as const;
  const { accountId } = await createAccount(operator, { name: "Bench Neighbour", createdAt: "2026-08-01" });
  await addAllowlistEntry(operator, { accountId, entry: "127.0.0.0/8" });
  await fundWallet(operator, { accountId, amount: 10n ** 13n });
  const neighbour = {
    authorization: `Bearer ${(await createApiKey(operator, { accountId, name: "bench" })).apiKey}`,
    "content-type": "application/json",
  };
  const server = await startServer(context.databaseUrl, 1);
  context.servers.push(server);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    let sequence = 0;
    const single = (seconds: number) =>
      runLoad({
        url: `${base}/api/v1/data`,
        method: "POST",
        headers: neighbour,
        body: () => JSON.stringify({ clientReference: `beside-${sequence++}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
        seconds,
        connections: BESIDE_BATCH_CONNECTIONS,
      });
    const quietSeconds = Math.max(1, Math.min(5, SECONDS));
    log("batch: single purchases alone…");
    const alone = await single(quietSeconds);

    log(`batch: ${BATCH_ORDERS} orders…`);
    const batchReference = `bench-batch-${Date.now()}`;
    const orders = Array.from({ length: BATCH_ORDERS }, (_, index) => ({
      kind: "data",
      clientReference: `${batchReference}-${index}`,
      planId: "mtn-1gb-30d",
      phone: "08031234567",
    }));
    const started = performance.now();
    const accepted = await fetch(`${base}/api/v1/batches`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ batchReference, orders }),
    });
    if (accepted.status !== 202) throw new Error(`batch: POST /api/v1/batches answered ${accepted.status}: ${await accepted.text()}`);
    const acceptSeconds = (performance.now() - started) / 1000;
    const completed = (async () => {
      for (;;) {
        const batch = await db.batch.findFirstOrThrow({ where: { batchReference }, select: { status: true, successfulCount: true } });
        if (batch.status === "COMPLETED") return { seconds: (performance.now() - started) / 1000, successful: batch.successfulCount ?? 0 };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    // Beside it for as long as the scenario's length allows, and never past the batch's end by much.
    const beside = await single(Math.max(1, Math.min(SECONDS, 10)));
    const { seconds, successful } = await completed;
    if (successful !== BATCH_ORDERS) throw new Error(`batch: ${successful} of ${BATCH_ORDERS} orders successful`);
    const ordersPerSecond = Math.round((BATCH_ORDERS / seconds) * 10) / 10;
    return {
      orders: BATCH_ORDERS,
      acceptSeconds: Math.round(acceptSeconds * 100) / 100,
      seconds: Math.round(seconds * 100) / 100,
      ordersPerSecond,
      purchaseRps: context.purchaseRps,
      purchaseRatio: context.purchaseRps ? Math.round((ordersPerSecond / context.purchaseRps) * 100) / 100 : null,
      singleAlone: { rps: alone.rps, p50Ms: alone.p50Ms, p99Ms: alone.p99Ms, errors: alone.errors },
      singleBesideBatch: { rps: beside.rps, p50Ms: beside.p50Ms, p99Ms: beside.p99Ms, errors: beside.errors },
    };
  } finally {
    await server.stop();
  }
}

/** The monotonic clock V8's CPU profiles use, in microseconds. */
function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The profile a server wrote on exit (--cpu-prof names it after the pid), broken down per scenario window. */
function breakdownOfProfile(pid: number, measured: Record<string, ProfileWindow & { serverCpuUsPerRequest: number }>) {
  const file = readdirSync(PROFILE_DIR).find((name) => name.includes(`.${pid}.`) && name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`BENCH_PROFILE=1: no CPU profile of the server (pid ${pid}) in ${PROFILE_DIR}`);
  return profileBreakdown(JSON.parse(readFileSync(path.join(PROFILE_DIR, file), "utf8")) as CpuProfile, measured);
}

/** Each scenario's window with the server CPU per request it measured. */
function measuredWindows(
  windows: Record<string, ProfileWindow>,
  scenarios: Record<string, ScenarioResult & { serverCpuUsPerRequest?: number }>,
): Record<string, ProfileWindow & { serverCpuUsPerRequest: number }> {
  return Object.fromEntries(
    Object.entries(windows).map(([name, window]) => [
      name,
      { ...window, serverCpuUsPerRequest: scenarios[name]!.serverCpuUsPerRequest ?? 0 },
    ]),
  );
}

/**
 * The benchmark's PostgreSQL, with pg_stat_statements loaded (tracking off until purchaseStatements);
 * a build of PostgreSQL without the library starts without it, and the scenario reports the functions' times only.
 */
async function startBenchCluster() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-bench-pg-"));
  try {
    const cluster = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      database: "bench",
      settings: STATEMENT_STATISTICS_SETTINGS,
    });
    return { dir, cluster, pgStatStatements: true };
  } catch (error) {
    log(`PostgreSQL did not start with pg_stat_statements (${(error as Error).message}); starting without it`);
    rmSync(dir, { recursive: true, force: true });
    const plainDir = mkdtempSync(path.join(os.tmpdir(), "rp-bench-pg-"));
    const cluster = await startEmbeddedPostgres({ dir: plainDir, port: await freePort(), database: "bench" });
    return { dir: plainDir, cluster, pgStatStatements: false };
  }
}

/** One whole benchmark: a fresh database and server, every selected scenario; prints its table. */
async function runBenchmark() {
  const { dir, cluster, pgStatStatements } = await startBenchCluster();
  const servers: BenchServer[] = [];
  try {
    await applyPendingMigrations(cluster.url);
    process.env.DATABASE_URL = cluster.url;
    const { db } = await import("~/server/db");
    await trackNoStatements(db, pgStatStatements);
    const { upsertSandboxCatalog } = await import("~/server/seed/catalog");
    const { createAccount } = await import("~/server/services/accounts/create-account");
    const { addAllowlistEntry } = await import("~/server/services/allowlist/add-allowlist-entry");
    const { createApiKey } = await import("~/server/services/api-keys/create-api-key");
    const { fundWallet } = await import("~/server/services/wallet/fund-wallet");
    const operator = { kind: "cli", label: "cli:bench" } as const;

    await upsertSandboxCatalog(db);
    // A realistic account: created after the allowlist cutoff, with loopback on its list.
    const { accountId } = await createAccount(operator, { name: "Bench Reseller", createdAt: "2026-08-01" });
    await addAllowlistEntry(operator, { accountId, entry: "127.0.0.0/8" });
    await fundWallet(operator, { accountId, amount: 10n ** 13n });
    const { keyId, apiKey } = await createApiKey(operator, { accountId, name: "bench" });
    const auth = { authorization: `Bearer ${apiKey}` };
    const json = { ...auth, "content-type": "application/json" };

    let server = await startServer(cluster.url, 1, PROFILE_FLAGS);
    servers.push(server);
    /** With BENCH_PROFILE=1 the first server is profiled; its scenarios' time windows cut the profile. */
    const profiledServer = PROFILE_FLAGS.length > 0 ? server : null;
    const profileWindows: Record<string, ProfileWindow> = {};
    const base = () => `http://127.0.0.1:${server.port}`;
    const scenarios: Record<
      string,
      ScenarioResult & { serverCpuUsPerRequest?: number; databaseCpuUsPerRequest?: number; poolerCpuUsPerRequest?: number }
    > = {};
    // Line 1 of postmaster.pid: the PostgreSQL server process, whose children are the backends.
    const postmasterPid = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    /** PgBouncer's pid while a pooled scenario runs: its CPU is reported beside the server's and the database's. */
    let poolerPid: number | null = null;
    const run = async (name: string, scenario: Omit<Parameters<typeof runLoad>[0], "seconds" | "connections">) => {
      if (!selected(name)) return;
      log(`${name}…`);
      const serverCpuBefore = treeCpuMs(server.pid);
      const databaseCpuBefore = treeCpuMs(postmasterPid);
      const poolerCpuBefore = poolerPid ? treeCpuMs(poolerPid) : 0;
      const startUs = monotonicUs();
      const result = await runLoad({ ...scenario, seconds: SECONDS, connections: CONNECTIONS });
      if (server === profiledServer) profileWindows[name] = { startUs, endUs: monotonicUs() };
      const perRequest = (ms: number) => (result.requests > 0 ? Math.round((ms * 1000) / result.requests) : 0);
      scenarios[name] = {
        ...result,
        serverCpuUsPerRequest: perRequest(treeCpuMs(server.pid) - serverCpuBefore),
        databaseCpuUsPerRequest: perRequest(treeCpuMs(postmasterPid) - databaseCpuBefore),
        ...(poolerPid ? { poolerCpuUsPerRequest: perRequest(treeCpuMs(poolerPid) - poolerCpuBefore) } : {}),
      };
    };

    /** Bodies with fresh references: prefix-0, prefix-1, …; `issued()` says how many so far. */
    const purchaseBodies = (prefix: string) => {
      let sequence = 0;
      const body = () => JSON.stringify({ clientReference: `${prefix}-${sequence++}`, planId: "mtn-1gb-30d", phone: "08031234567" });
      return { body, issued: () => sequence };
    };

    // Warm up under full load first: route compilation, V8's optimising compiler and the database's
    // caches are not what is measured, and whichever scenario ran first would otherwise pay for them.
    const warmUp = { seconds: WARM_UP_SECONDS, connections: CONNECTIONS };
    await runLoad({ url: `${base()}/api/bench/baseline`, ...warmUp });
    await runLoad({ url: `${base()}/api/v1/plans`, headers: auth, ...warmUp });
    await runLoad({ url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchaseBodies("warm-up").body, ...warmUp });

    await run("baseline", { url: `${base()}/api/bench/baseline` });
    await run("postBaseline", {
      url: `${base()}/api/bench/post-baseline`,
      method: "POST",
      headers: json,
      body: purchaseBodies("post-baseline").body,
    });
    await run("plans", { url: `${base()}/api/v1/plans`, headers: auth });
    await run("balance", { url: `${base()}/api/v1/balance`, headers: auth });
    const purchases = purchaseBodies("bench");
    await run("purchase", { url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchases.body });
    // Requests still in flight when the scenario ended may not exist: repeat well inside those sent.
    const existing = Math.max(1, Math.min(purchases.issued() - 100, 1000));
    let replayIndex = 0;
    await run("replay", {
      url: `${base()}/api/v1/data`,
      method: "POST",
      headers: json,
      body: () => JSON.stringify({ clientReference: `bench-${replayIndex++ % existing}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
    });
    if (selected("dbLimit")) {
      log("dbLimit…");
      scenarios.dbLimit = await runDbLimit({ databaseUrl: cluster.url, accountId, keyId, connections: CONNECTIONS, seconds: SECONDS });
    }
    // Last on this server: the statistics count from here, and are read once its connections have closed.
    if (selected("purchaseStatements")) await startStatementTracking(db, pgStatStatements);
    await run("purchaseStatements", {
      url: `${base()}/api/v1/data`,
      method: "POST",
      headers: json,
      body: purchaseBodies("statements").body,
    });
    await server.stop();
    const databaseStatements = selected("purchaseStatements")
      ? await (async () => {
          await new Promise((resolve) => setTimeout(resolve, 500)); // the backends' exit, which flushes their statistics
          return readStatementCosts(db, pgStatStatements, scenarios.purchaseStatements!.requests);
        })()
      : null;
    const profile = profiledServer ? breakdownOfProfile(profiledServer.pid, measuredWindows(profileWindows, scenarios)) : null;

    if (selected("purchase2Processes")) {
      server = await startServer(cluster.url, 2);
      servers.push(server);
      await runLoad({ url: `${base()}/api/v1/balance`, headers: auth, seconds: 1, connections: 4 });
      await run("purchase2Processes", { url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchaseBodies("bench2").body });
      await server.stop();
    }

    // Behind a transaction pooler: statements unnamed (DATABASE_POOLER=transaction), first with no
    // pooler at all (what unnamed statements cost alone), then through PgBouncer (the deployment).
    const unpooled = { DATABASE_POOLER: "transaction", DIRECT_DATABASE_URL: cluster.url };
    const warmUpPurchases = async (prefix: string) =>
      runLoad({ url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchaseBodies(prefix).body, ...warmUp });
    if (selected("purchaseUnnamed")) {
      server = await startServer(cluster.url, 1, [], unpooled);
      servers.push(server);
      await warmUpPurchases("warm-up-unnamed");
      await run("purchaseUnnamed", { url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchaseBodies("unnamed").body });
      await server.stop();
    }
    if (selected("purchasePooled")) {
      const { startPgBouncer } = await import("~/test/daemons/pgbouncer");
      const pooler = await startPgBouncer({ upstream: cluster.url, poolSize: 10 }).catch((error: unknown) => {
        throw new Error(`the purchasePooled scenario runs a real PgBouncer and could not start one: ${(error as Error).message}`);
      });
      try {
        poolerPid = pooler.process.pid!;
        server = await startServer(pooler.url(new URL(cluster.url).pathname.slice(1)), 1, [], unpooled);
        servers.push(server);
        await warmUpPurchases("warm-up-pooled");
        await run("purchasePooled", { url: `${base()}/api/v1/data`, method: "POST", headers: json, body: purchaseBodies("pooled").body });
        await server.stop();
      } finally {
        poolerPid = null;
        await pooler.stop();
      }
    }

    const slowUpstream = selected("slowUpstream")
      ? await measureSlowUpstream({
          db,
          databaseUrl: cluster.url,
          accountId,
          json,
          servers,
          seconds: SECONDS,
          purchaseRps: scenarios.purchase?.rps ?? null,
          postmasterPid,
          // Its first phase's server is profiled too: where a purchase's CPU goes while a thousand wait on the upstream.
          ...(profile
            ? {
                profile: {
                  nodeFlags: PROFILE_FLAGS,
                  profiled: (pid, window) => Object.assign(profile, breakdownOfProfile(pid, { slowUpstream: window })),
                },
              }
            : {}),
        })
      : null;
    const mixed = selected("mixed")
      ? await measureMixed({
          db,
          databaseUrl: cluster.url,
          accountId,
          auth,
          servers,
          seconds: SECONDS,
          connections: CONNECTIONS,
          warmUpSeconds: WARM_UP_SECONDS,
        })
      : null;
    const webhooks = selected("webhooks")
      ? await measureWebhooks({
          db,
          databaseUrl: cluster.url,
          accountId,
          json,
          servers,
          seconds: SECONDS,
          connections: CONNECTIONS,
          warmUpSeconds: WARM_UP_SECONDS,
          postmasterPid,
        })
      : null;
    const batch = selected("batch")
      ? await measureBatch({ db, databaseUrl: cluster.url, json, servers, purchaseRps: scenarios.purchase?.rps ?? null })
      : null;
    const invoice = selected("invoice") ? await measureInvoice({ db, databaseUrl: cluster.url, accountId, keyId, auth, servers }) : null;
    await db.$disconnect();

    const baseline = scenarios.baseline!.rps || 1;
    const ratio = (name: string) => Math.round(((scenarios[name]?.rps ?? 0) / baseline) * 100) / 100;
    const results = {
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? "unknown",
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      seconds: SECONDS,
      connections: CONNECTIONS,
      scenarios,
      ratios: { plans: ratio("plans"), balance: ratio("balance"), purchase: ratio("purchase"), replay: ratio("replay") },
      scaling: { purchaseRps1Process: scenarios.purchase?.rps ?? null, purchaseRps2Processes: scenarios.purchase2Processes?.rps ?? null },
      // What the transaction pooler costs a purchase: rps over the direct purchase's, same run.
      pooling: {
        purchaseRps: scenarios.purchase?.rps ?? null,
        purchaseUnnamedRps: scenarios.purchaseUnnamed?.rps ?? null,
        purchasePooledRps: scenarios.purchasePooled?.rps ?? null,
        unnamedRatio:
          scenarios.purchase && scenarios.purchaseUnnamed
            ? Math.round((scenarios.purchaseUnnamed.rps / scenarios.purchase.rps) * 100) / 100
            : null,
        pooledRatio:
          scenarios.purchase && scenarios.purchasePooled
            ? Math.round((scenarios.purchasePooled.rps / scenarios.purchase.rps) * 100) / 100
            : null,
      },
      /**
       * The purchase's database CPU over the bare route's server CPU, per request, same run: what the
       * database costs a purchase in units of what the framework costs any request on this machine.
       */
      purchaseDatabaseCpuOverBaseline:
        scenarios.purchase?.databaseCpuUsPerRequest !== undefined && scenarios.baseline?.serverCpuUsPerRequest
          ? Math.round((scenarios.purchase.databaseCpuUsPerRequest / scenarios.baseline.serverCpuUsPerRequest) * 100) / 100
          : null,
      databaseStatements,
      invoice,
      webhooks,
      batch,
      slowUpstream,
      mixed,
      // BENCH_PROFILE=1: server CPU µs per request by whose code ran (src/bench/profile-breakdown.ts).
      ...(profile ? { profile } : {}),
    };

    const rows = Object.entries(scenarios).map(([name, result]) => ({
      scenario: name,
      rps: result.rps,
      "p50 ms": result.p50Ms,
      "p99 ms": result.p99Ms,
      errors: result.errors,
      "server µs cpu": result.serverCpuUsPerRequest ?? "",
      "db µs cpu": result.databaseCpuUsPerRequest ?? "",
      "pooler µs cpu": result.poolerCpuUsPerRequest ?? "",
      "× baseline": name in results.ratios || name === "baseline" ? ratio(name) : "",
    }));
    console.table(rows);
    if (results.purchaseDatabaseCpuOverBaseline !== null)
      console.log(
        `purchase: database CPU ${scenarios.purchase!.databaseCpuUsPerRequest} µs per purchase over the bare route's server CPU ` +
          `${scenarios.baseline!.serverCpuUsPerRequest} µs per request: ${results.purchaseDatabaseCpuOverBaseline}`,
      );
    if (databaseStatements) printStatementCosts(databaseStatements);
    if (profile) {
      console.log("server CPU µs per request by whose code ran (BENCH_PROFILE=1):");
      console.table(profile);
    }
    if (results.pooling.pooledRatio !== null || results.pooling.unnamedRatio !== null)
      console.log(
        `pooling: purchase ${results.pooling.purchaseRps} rps; statements unnamed ${results.pooling.purchaseUnnamedRps ?? "–"} rps ` +
          `(${results.pooling.unnamedRatio ?? "–"} of purchase); through PgBouncer ${results.pooling.purchasePooledRps ?? "–"} rps ` +
          `(${results.pooling.pooledRatio ?? "–"} of purchase)`,
      );
    if (invoice)
      console.log(
        `invoice: ${invoice.rows} rows in ${invoice.seconds} s, server peak RSS ${invoice.peakRssMb} MB (heap limit ${invoice.heapLimitMb} MB)`,
      );
    if (webhooks) {
      console.log(
        `webhooks: purchases ${webhooks.purchaseRpsWithoutReceiver} rps without an endpoint, ${webhooks.purchaseRpsWithSlowReceiver} ` +
          `with a ${webhooks.slowReceiverMs} ms receiver (${webhooks.slowReceiverDeliveriesPerSecond} deliveries/s to it); ` +
          `${webhooks.backlog} deliveries drained in ${webhooks.drainSeconds} s: ${webhooks.deliveriesPerSecond}/s; CPU µs server/database ` +
          `per delivery ${webhooks.deliveryCpuUs.server}/${webhooks.deliveryCpuUs.database}, per purchase ${webhooks.purchaseCpuUs.server}/${webhooks.purchaseCpuUs.database}`,
      );
      console.table(webhookTargetRows(webhooks, [webhooks]));
    }
    if (slowUpstream) printSlowUpstream(slowUpstream);
    if (mixed) {
      console.log(
        `mixed: ${mixed.rps} rps in all, ${mixed.errors} errors, ${mixed.webhookDeliveries} webhook deliveries; ` +
          `the largest p99 over its route alone: ${mixed.worstP99Ratio ?? "–"} (target ≤ 2)`,
      );
      console.table(mixedRows(mixed));
    }
    if (batch)
      console.log(
        `batch: ${batch.orders} orders in ${batch.seconds} s: ${batch.ordersPerSecond} orders/s (${batch.purchaseRatio ?? "–"} of purchase rps ${batch.purchaseRps ?? "–"}); ` +
          `another account's purchases p50/p99 ${batch.singleAlone.p50Ms}/${batch.singleAlone.p99Ms} ms alone, ` +
          `${batch.singleBesideBatch.p50Ms}/${batch.singleBesideBatch.p99Ms} ms beside the batch`,
      );
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type BenchmarkResults = Awaited<ReturnType<typeof runBenchmark>>;

function printStatementCosts(costs: NonNullable<BenchmarkResults["databaseStatements"]>) {
  console.log(
    `the purchase in the database, per purchase (${costs.purchases} purchases); settings: ${JSON.stringify(costs.settings)}; ` +
      `functions JIT-compiled: ${costs.jitFunctions ?? "not counted"}`,
  );
  if (costs.statements) console.table(costs.statements);
  else console.log("pg_stat_statements could not be loaded: the functions' own times only");
  console.table(costs.functions);
}

function printSlowUpstream(slow: SlowUpstreamResults) {
  const waits = (figures: SlowUpstreamResults["poolWaits"]) =>
    `${figures.waited} of ${figures.acquisitions} acquisitions waited, ${figures.waitedMs} ms in all, the longest ${figures.longestWaitMs} ms; ` +
    `a connection out of the pool at most ${figures.longestHeldMs} ms`;
  const cpu = (figures: Pick<SlowUpstreamResults, "cpuUsPerPurchase">) =>
    `${figures.cpuUsPerPurchase.server}/${figures.cpuUsPerPurchase.database}/${figures.cpuUsPerPurchase.loadAndUpstream}`;
  console.log(
    `slowUpstream: ${slow.connections} connections, vends answered after ${slow.delayMs} ms: ${slow.rps} rps ` +
      `(target min(purchase rps, connections / delay) = ${slow.targetRps}: ${slow.ratioToTarget} of it, target ≥ 0.9), ` +
      `p50/p99 ${slow.p50Ms}/${slow.p99Ms} ms, ${slow.errors} errors, server peak RSS ${slow.peakRssMb} MB, ` +
      `CPU µs per purchase server/database/load and upstream ${cpu(slow)}; pool: ${waits(slow.poolWaits)}`,
  );
  const instant = slow.instant;
  console.log(
    `slowUpstream, the same upstream answering at once: ${instant.rps} rps (the slow upstream's rate is ${slow.ratioToInstant} of it), ` +
      `p50/p99 ${instant.p50Ms}/${instant.p99Ms} ms, ${instant.errors} errors, CPU µs per purchase ${cpu(instant)}; pool: ${waits(instant.poolWaits)}`,
  );
  const timeouts = slow.timeouts;
  console.log(
    `slowUpstream, one vend in ten never answered: ${timeouts.rps} rps, p50/p99 ${timeouts.p50Ms}/${timeouts.p99Ms} ms, ` +
      `${timeouts.errors} errors; ${timeouts.timedOut} vends timed out, ${timeouts.answeredPending} answered pending, ` +
      `${timeouts.timedOutSettled} of them settled by the reconciler (${timeouts.settledByReconciler} purchases in all) in ${timeouts.settleSeconds} s; of ${timeouts.purchases} purchases ` +
      `${timeouts.pending} pending and ${timeouts.failed} failed at the end; CPU µs per purchase ${cpu(timeouts)}; pool: ${waits(timeouts.poolWaits)}`,
  );
  console.log(
    `slowUpstream limits: about ${slow.limits.descriptorsNeeded} open files needed; allowed ${slow.limits.benchOpenFiles} here, ` +
      `${slow.limits.serverOpenFiles} in the server; net.core.somaxconn ${slow.limits.somaxconn}`,
  );
}

/**
 * One run in a child process of its own (the server modules this process imports are bound to one
 * database), with `args` (`--volume`); its results as it wrote them to `out`.
 */
function runInChild<Results>(run: number, out: string, args: string[] = []): Results {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...args], {
    env: { ...process.env, BENCH_OUT: out },
    stdio: "inherit",
  });
  if (child.status !== 0) throw new Error(`benchmark run ${run} failed (exit ${child.status})`);
  // A ratio run's file also lists its one run under `runs`; the parent lists every run once.
  const { runs: _ownRun, ...results } = JSON.parse(readFileSync(out, "utf8")) as Results & { runs?: unknown };
  return results as Results;
}

/** `repeat` runs one after another, each in a child process, their results in order. */
function runsInChildren<Results>(repeat: number, args: string[] = []): Results[] {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "rp-bench-runs-"));
  try {
    const runs: Results[] = [];
    for (let run = 1; run <= repeat; run += 1) {
      log(`run ${run} of ${repeat}`);
      runs.push(runInChild<Results>(run, path.join(scratch, `run-${run}.json`), args));
    }
    return runs;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- --repeat N`: N whole benchmarks one after another, each in its own process on a
 * fresh database. The JSON's top level holds each figure's median over the runs (the figure the
 * targets are read against), `runs` every run. `npm run bench -- --volume`: the volume scenario
 * instead (src/bench/volume.ts, docs/performance.md "Performance at volume"), also repeatable with `--repeat N`.
 */
async function main() {
  const { values } = parseArgs({ options: { repeat: { type: "string", default: "1" }, volume: { type: "boolean", default: false } } });
  const repeat = Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`--repeat takes a whole number of runs, not '${values.repeat}'`);
  ensureBuild();
  if (values.volume) {
    const { reportVolume, runVolume, volumeAcrossRuns } = await import("~/bench/volume");
    if (repeat === 1) await runVolume();
    else reportVolume(volumeAcrossRuns(runsInChildren(repeat, ["--volume"])));
    return;
  }
  if (repeat === 1) {
    const results = await runBenchmark();
    writeFileSync(OUT, `${JSON.stringify({ ...results, runs: [results] }, null, 2)}\n`);
    console.log(`results written to ${OUT}`);
    return;
  }
  const runs = runsInChildren<BenchmarkResults>(repeat);
  const results = { ...medianOf(runs), machine: runs[0]!.machine, runs };
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`medians over ${repeat} runs (each run's figures are under "runs" in ${OUT}):`);
  console.table(
    Object.entries(results.ratios).map(([name, ratio]) => ({
      scenario: name,
      "× baseline (median)": ratio,
      "each run": runs.map((one) => one.ratios[name as keyof typeof one.ratios]).join(" / "),
    })),
  );
  if (results.webhooks) {
    console.log("webhooks, medians over the runs:");
    console.table(
      webhookTargetRows(
        results.webhooks,
        runs.map((one) => one.webhooks!),
      ),
    );
  }
  if (results.slowUpstream) {
    console.log("slowUpstream, medians over the runs:");
    printSlowUpstream(results.slowUpstream);
  }
  if (results.mixed) {
    console.log(
      `mixed, medians over the runs (each run's largest p99 ratio: ${runs.map((one) => one.mixed?.worstP99Ratio ?? "–").join(" / ")}):`,
    );
    console.table(mixedRows(results.mixed));
  }
  console.log(`results written to ${OUT}`);
}

await main();
process.exit(0);
