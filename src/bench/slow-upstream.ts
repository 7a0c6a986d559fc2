/**
 * The benchmark's slowUpstream scenario (docs/performance.md "A slow upstream", issue 38): purchases
 * against an upstream that answers every vend BENCH_UPSTREAM_DELAY_MS (2,000) late, as real ones do,
 * driven by BENCH_SLOW_CONNECTIONS (1,000) connections, so that many purchases wait on the upstream at
 * once. DESIGN.md §3.3.7 promises that no connection, transaction or lock is held across the vend: the
 * database pool's counters (src/server/db/pool-waits.ts, read through GET /api/bench/pool) show the
 * longest any connection was out of the pool (a connection held across a vend would be out for the
 * whole vend), and whether requests queued for a connection meanwhile, and for how long.
 *
 * The upstream is the fake of the HTTP provider's protocol (src/test/fake-upstream.ts), a real HTTP
 * server on loopback in this process, with its own books; the server runs VEND_PROVIDER=http against
 * it, with a vend time-out of the delay plus a second. Three phases, each on a fresh server:
 *
 * 1. every vend answered after the delay: rps, p50/p99, errors, the target min(the same run's purchase
 *    rps, connections / delay) and the ratio to it, the server's peak resident memory, the pool's waits
 *    and longest hold, the CPU per purchase of the server, PostgreSQL and this process; with
 *    BENCH_PROFILE=1 its server is profiled, and the breakdown has a slowUpstream row;
 * 2. the same purchases from the same connections through an upstream of the same protocol answering at
 *    once (`instant`): what the machine sells this way when nothing is slow, so `ratioToInstant` is what
 *    the slowness itself costs, apart from the vend's HTTP call, which the sandbox's purchases (the
 *    target's) do not make;
 * 3. the same as 1 with every tenth vend never answered (executed upstream, its answer lost): each such
 *    purchase is answered pending when the provider's time-out strikes, and the reconciler (every half
 *    second here) settles them by requerying; the scenario waits for it and counts: none pending at the
 *    end, none failed, every timed-out vend settled by a requery.
 *
 * The rate is counted after the first round trip to the upstream: in the first `delay` seconds no
 * purchase can finish, and a rate over the whole window would read that start-up as slowness.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { residentMb, startBenchServer, type BenchServer } from "~/bench/bench-server";
import { treeCpuMs } from "~/bench/cpu";
import type { ProfileWindow } from "~/bench/profile-breakdown";
import type { Db } from "~/server/db";
import type { PoolWaits } from "~/server/db/pool-waits";

const DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_SLOW_CONNECTIONS ?? 1000);
/** Phase 2: one vend in TIMEOUT_EVERY is never answered. */
const TIMEOUT_EVERY = 10;
/** The provider's vend time-out for the bench: past the delay, short enough to keep the phase short. */
const VEND_TIMEOUT_MS = DELAY_MS + 1000;
/** How long phase 2 waits for the reconciler to settle everything before reporting what is left. */
const SETTLE_WAIT_MS = 120_000;
const log = (message: string) => console.error(`[bench] ${message}`);
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SlowUpstreamContext {
  db: Db;
  databaseUrl: string;
  accountId: string;
  json: Record<string, string>;
  servers: BenchServer[];
  seconds: number;
  /** The same run's purchase rps against the instant (sandbox) upstream, when it ran. */
  purchaseRps: number | null;
  /** PostgreSQL's server process: its CPU and its backends' is charged per purchase beside the server's. */
  postmasterPid: number;
  /**
   * BENCH_PROFILE=1: the first phase's server runs with these Node flags (--cpu-prof), and once it has
   * exited, `profiled` is told its pid, the measured window and its CPU per purchase, to break the profile down.
   */
  profile?: { nodeFlags: string[]; profiled: (pid: number, window: ProfileWindow & { serverCpuUsPerRequest: number }) => void };
}

/** The monotonic clock V8's CPU profiles use, in microseconds. */
function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

function cpuMsOfThisProcess(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A process's soft and hard limits on open files, from /proc (Linux); null where unreadable. */
export function openFilesLimit(pid: number | "self"): { soft: number; hard: number } | null {
  try {
    const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, "utf8"));
    if (!line) return null;
    const value = (text: string) => (text === "unlimited" ? Number.POSITIVE_INFINITY : Number(text));
    return { soft: value(line[1]!), hard: value(line[2]!) };
  } catch {
    return null;
  }
}

function somaxconn(): number | null {
  try {
    return Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8").trim());
  } catch {
    return null;
  }
}

/**
 * File descriptors each side needs: this process holds the load's connections and the upstream's side
 * of every vend; the server its side of both; a few hundred more for everything else.
 */
export function descriptorsNeeded(connections: number): number {
  return 2 * connections + 256;
}

async function readPoolWaits(server: BenchServer): Promise<PoolWaits> {
  const answer = await fetch(`${server.base}/api/bench/pool`);
  if (answer.status !== 200) throw new Error(`slowUpstream: GET /api/bench/pool answered ${answer.status}`);
  return (await answer.json()) as PoolWaits;
}

/**
 * Purchases with fresh references from CONNECTIONS connections for `seconds`: the rate after the
 * first `rampSeconds`, latency percentiles over every answer, and how many answers said pending.
 */
function slowPurchases(server: BenchServer, json: Record<string, string>, prefix: string, seconds: number, rampSeconds: number) {
  let sequence = 0;
  let answeredPending = 0;
  let answeredAfterRamp = 0;
  const started = performance.now();
  const rampEnds = started + rampSeconds * 1000;
  return new Promise<{
    rps: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    errors: number;
    requests: number;
    answeredPending: number;
  }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.base}/api/v1/data`,
        connections: CONNECTIONS,
        duration: seconds,
        // Longer than a purchase whose vend times out can take.
        timeout: Math.ceil(VEND_TIMEOUT_MS / 1000) + 10,
        requests: [
          {
            method: "POST",
            headers: json,
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ clientReference: `${prefix}-${sequence++}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
            }),
            onResponse: (_status, body) => {
              if (body.includes('"status":"pending"')) answeredPending += 1;
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const steadySeconds = (performance.now() - rampEnds) / 1000;
        resolve({
          rps: round(answeredAfterRamp / Math.max(0.001, steadySeconds), 1),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
          errors: result.errors + result.timeouts + result.non2xx,
          requests: result.requests.total,
          answeredPending,
        });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number) => {
      if (statusCode >= 200 && statusCode < 300 && performance.now() >= rampEnds) answeredAfterRamp += 1;
    });
  });
}

export async function measureSlowUpstream(context: SlowUpstreamContext) {
  const { db, accountId, json } = context;
  const needed = descriptorsNeeded(CONNECTIONS);
  const ownLimit = openFilesLimit("self");
  if (ownLimit && ownLimit.soft < needed) {
    throw new Error(
      `slowUpstream: ${CONNECTIONS} connections need about ${needed} open files in this process and in the server, ` +
        `and the limit is ${ownLimit.soft} (hard ${ownLimit.hard}): raise it (ulimit -n ${needed}) or set BENCH_SLOW_CONNECTIONS lower`,
    );
  }
  const { startFakeUpstream } = await import("~/test/fake-upstream");
  const upstream = await startFakeUpstream({ vendDelayMs: DELAY_MS });
  const instantUpstream = await startFakeUpstream({ apiKey: upstream.apiKey });
  // No purchase can finish in the first round trip; a second more for the connections to open.
  const rampSeconds = Math.ceil(DELAY_MS / 1000) + 1;
  const seconds = Math.max(context.seconds, rampSeconds + 3);
  const serverEnv = (vendTo: typeof upstream) => ({
    BENCH_ROUTES: "1",
    VEND_PROVIDER: "http",
    VEND_HTTP_BASE_URL: vendTo.baseUrl,
    VEND_HTTP_API_KEY: vendTo.apiKey,
    VEND_HTTP_TIMEOUT_MS: String(VEND_TIMEOUT_MS),
    // The grace must exceed the vend time-out (src/server/services/purchases/requery-schedule.ts).
    RECONCILE_GRACE_MS: String(VEND_TIMEOUT_MS + 1000),
    RECONCILE_INTERVAL_MS: "500",
    RECONCILE_RETRY_MS: "500",
  });

  /**
   * One phase on a fresh server: the load, the server's memory sampled throughout, the pool's waits, and
   * the CPU spent per purchase by the server, PostgreSQL and this process (the load and the upstream).
   * CPU is counted from the load's start until the purchases it left in flight have settled, over the
   * purchases the phase began: a thousand connections take several seconds to reach a steady rate, so
   * dividing by the answers within the load's window alone would charge them for work still under way.
   */
  const phase = async (prefix: string, vendTo: typeof upstream, nodeFlags: string[] = []) => {
    const server = await startBenchServer(context.databaseUrl, { env: serverEnv(vendTo), nodeFlags });
    context.servers.push(server);
    try {
      const serverLimit = openFilesLimit(server.pid);
      if (serverLimit && serverLimit.soft < needed) {
        throw new Error(`slowUpstream: the server may open ${serverLimit.soft} files and ${CONNECTIONS} connections need about ${needed}`);
      }
      // The route compiled and the pool opened before the measured window: as many purchases as the pool
      // has connections, at once (one slow round trip).
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          fetch(`${server.base}/api/v1/data`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ clientReference: `${prefix}-warm-up-${index}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
          }).then((answer) => answer.text()),
        ),
      );
      const before = await readPoolWaits(server);
      let peakRssMb = residentMb(server.pid);
      const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, residentMb(server.pid))), 100);
      const cpuNow = () => ({
        atUs: monotonicUs(),
        serverMs: treeCpuMs(server.pid),
        databaseMs: treeCpuMs(context.postmasterPid),
        benchMs: cpuMsOfThisProcess(),
      });
      const start = cpuNow();
      const load = await slowPurchases(server, json, prefix, seconds, rampSeconds).finally(() => clearInterval(sampler));
      const after = await readPoolWaits(server);
      // The purchases the load left in flight (autocannon closes its connections when time is up) settle.
      await sleep(VEND_TIMEOUT_MS + 1000);
      const end = cpuNow();
      const settled = await readPoolWaits(server);
      const [begun] = await db.$queryRaw<{ count: bigint }[]>`
        SELECT count(*) FROM transactions
        WHERE account_id = ${accountId}::uuid AND client_reference LIKE ${`${prefix}-%`} AND client_reference NOT LIKE ${`${prefix}-warm-up-%`}`;
      const purchases = Number(begun?.count ?? 0);
      const perPurchase = (ms: number) => (purchases > 0 ? Math.round((ms * 1000) / purchases) : 0);
      return {
        server,
        serverOpenFiles: serverLimit?.soft ?? null,
        load,
        /** The measured window on the profile's clock. */
        window: { startUs: start.atUs, endUs: end.atUs },
        purchasesBegun: purchases,
        cpuUsPerPurchase: {
          server: perPurchase(end.serverMs - start.serverMs),
          database: perPurchase(end.databaseMs - start.databaseMs),
          loadAndUpstream: perPurchase(end.benchMs - start.benchMs),
        },
        peakRssMb: Math.round(peakRssMb),
        poolWaits: {
          acquisitions: after.acquisitions - before.acquisitions,
          waited: after.waited - before.waited,
          waitedMs: after.waitedMs - before.waitedMs,
          /** The longest single wait in the server's life (its warm-up of ten purchases may queue briefly too). */
          longestWaitMs: after.longestWaitMs,
          /**
           * The longest any connection was out of the pool in the server's life, read once the load's last
           * purchases have settled: a connection held across a vend would make it at least the delay.
           */
          longestHeldMs: settled.longestHeldMs,
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  };

  try {
    log(`slowUpstream: ${CONNECTIONS} connections, every vend answered after ${DELAY_MS} ms…`);
    const slow = await phase("slow", upstream, context.profile?.nodeFlags);
    await slow.server.stop();
    context.profile?.profiled(slow.server.pid, { ...slow.window, serverCpuUsPerRequest: slow.cpuUsPerPurchase.server });
    const target = Math.min(context.purchaseRps ?? Number.POSITIVE_INFINITY, CONNECTIONS / (DELAY_MS / 1000));

    log(`slowUpstream: the same through an upstream answering at once…`);
    const instant = await phase("slow-instant", instantUpstream);
    await instant.server.stop();

    log(`slowUpstream: the same with one vend in ${TIMEOUT_EVERY} never answered…`);
    upstream.inject("vend", { kind: "hang", executes: true, every: TIMEOUT_EVERY });
    const timeouts = await phase("slow-timeouts", upstream);
    upstream.clear();
    try {
      const counts = async () => {
        const rows = await db.$queryRaw<{ status: string; requeried: boolean; count: bigint }[]>`
          SELECT status::text, requery_count > 0 AS requeried, count(*) FROM transactions
          WHERE account_id = ${accountId}::uuid AND client_reference LIKE 'slow-timeouts-%'
          GROUP BY 1, 2`;
        const count = (match: (row: (typeof rows)[number]) => boolean) =>
          rows.filter(match).reduce((total, row) => total + Number(row.count), 0);
        return {
          purchases: count(() => true),
          pending: count((row) => row.status === "PENDING"),
          failed: count((row) => row.status === "FAILED"),
          successful: count((row) => row.status === "SUCCESSFUL"),
          settledByReconciler: count((row) => row.status === "SUCCESSFUL" && row.requeried),
        };
      };
      log("slowUpstream: waiting for the reconciler to settle the timed-out purchases…");
      const settleStarted = performance.now();
      let settled = await counts();
      while (settled.pending > 0 && performance.now() - settleStarted < SETTLE_WAIT_MS) {
        await sleep(250);
        settled = await counts();
      }
      const settleSeconds = round((performance.now() - settleStarted) / 1000);
      // The fake's idempotency key is the transaction's id.
      const timedOutIds = upstream.requests
        .filter((request) => request.path === "vend" && request.fault === "hang")
        .map((request) => request.idempotencyKey ?? "");
      const [timedOutEnded] = await db.$queryRaw<{ settled: bigint }[]>`
        SELECT count(*) AS settled FROM transactions
        WHERE id = ANY(${timedOutIds}::uuid[]) AND status = 'SUCCESSFUL' AND requery_count > 0`;

      const phaseFigures = (result: Awaited<ReturnType<typeof phase>>) => ({
        rps: result.load.rps,
        p50Ms: result.load.p50Ms,
        p99Ms: result.load.p99Ms,
        maxMs: result.load.maxMs,
        errors: result.load.errors,
        requests: result.load.requests,
        /** Purchases the phase began (its warm-up aside): what the CPU figures are per. */
        purchasesBegun: result.purchasesBegun,
        /**
         * CPU µs per purchase: the server's (every thread), PostgreSQL's, and this process's (autocannon's
         * thousand connections and the fake upstream, which share the machine with the other two).
         */
        cpuUsPerPurchase: result.cpuUsPerPurchase,
        peakRssMb: result.peakRssMb,
        poolWaits: result.poolWaits,
      });
      return {
        delayMs: DELAY_MS,
        connections: CONNECTIONS,
        seconds,
        rampSeconds,
        vendTimeoutMs: VEND_TIMEOUT_MS,
        ...phaseFigures(slow),
        /** min(the same run's purchase rps, connections / delay): the most a slow upstream lets through. */
        targetRps: round(target, 1),
        /** Target ≥ 0.9. */
        ratioToTarget: round(slow.load.rps / target),
        /**
         * The same purchases through the same protocol's upstream answering at once: the rate the
         * machine allows when every purchase makes a vend's HTTP call, and what the slowness costs apart from it.
         */
        instant: phaseFigures(instant),
        ratioToInstant: round(slow.load.rps / Math.max(0.001, instant.load.rps)),
        limits: {
          descriptorsNeeded: needed,
          benchOpenFiles: ownLimit?.soft ?? null,
          serverOpenFiles: slow.serverOpenFiles,
          somaxconn: somaxconn(),
        },
        timeouts: {
          ...phaseFigures(timeouts),
          /** Vends the upstream never answered (every TIMEOUT_EVERY-th). */
          timedOut: timedOutIds.length,
          /** Of those, the purchases now successful after a requery: all of them. */
          timedOutSettled: Number(timedOutEnded?.settled ?? 0),
          /** Purchases answered pending to the client (those in flight when the load stopped are not counted). */
          answeredPending: timeouts.load.answeredPending,
          /**
           * The phase's purchases by how they ended: the upstream executed every order, so any not
           * successful in the end (pending or failed) was lost. settledByReconciler counts every one a
           * requery settled: the timed-out ones, and any whose settlement a busy server delayed past the grace.
           */
          ...settled,
          settleSeconds,
        },
      };
    } finally {
      await timeouts.server.stop();
    }
  } finally {
    await Promise.all([upstream.close(), instantUpstream.close()]);
  }
}

export type SlowUpstreamResults = Awaited<ReturnType<typeof measureSlowUpstream>>;
