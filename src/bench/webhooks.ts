/**
 * The benchmark's webhooks scenario (docs/performance.md "Webhook delivery", issue 31): what
 * delivering costs selling, and what a delivery costs the machine, each as a ratio to purchases
 * measured the same way, on the same server, in the same run. Twice: delivered by the server (the default), and with
 * WEBHOOK_WORKER=0 on the server and the deliveries made by `npm run webhook-worker` in a process of
 * its own (its CPU counted as the server's), for docs/performance.md's measured effect of that
 * setting. Each time, on a fresh server (WEBHOOK_ALLOW_PRIVATE_URLS=1: the receiver is on loopback):
 *
 * 1. purchases with the endpoint disabled (fresh references, BENCH_SECONDS): the rate, and the CPU the
 *    server and PostgreSQL spend per purchase;
 * 2. the same with the endpoint enabled and a receiver that takes BENCH_WEBHOOK_SLOW_MS (300) to
 *    answer, every settlement delivered to it meanwhile: the rate against 1 (target ≥ 0.85), and the
 *    deliveries it took; then a third of BENCH_SECONDS with nothing but the slow receiver: the lanes'
 *    own rate (WEBHOOK_CONCURRENCY lanes of 300 ms: at most 53 a second);
 * 3. a backlog of BENCH_WEBHOOK_BACKLOG (10,000) deliveries drained to a prompt receiver that verifies
 *    every signature: deliveries per second against 1's purchases per second (target ≥ 1), and the
 *    CPU the server and PostgreSQL spend per delivery against 1's per purchase (target ≤ 0.25).
 *
 * The endpoint is written straight to the database (loopback is allowed only by the setting above). A
 * backlog short of BENCH_WEBHOOK_BACKLOG is topped up with more settlement events of the purchases
 * (record_webhook_event, as the triggers call it), each about a subject of its own, as distinct
 * purchases are: one endpoint's deliveries about one subject go one at a time.
 */
import { spawn } from "node:child_process";
import { startBenchServer, type BenchServer } from "~/bench/bench-server";
import { treeCpuMs } from "~/bench/cpu";
import { runLoad } from "~/bench/load";
import { WEBHOOK_WORKER_ENTRY } from "~/bin/production-build";
import type { Db } from "~/server/db";

const SLOW_MS = Number(process.env.BENCH_WEBHOOK_SLOW_MS ?? 300);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 10_000);
const log = (message: string) => console.error(`[bench] ${message}`);
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** More than the deliveries one process has out at once (WEBHOOK_CONCURRENCY lanes). */
const IN_FLIGHT_SLACK = 250;

export interface WebhookContext {
  db: Db;
  databaseUrl: string;
  accountId: string;
  json: Record<string, string>;
  servers: BenchServer[];
  seconds: number;
  connections: number;
  warmUpSeconds: number;
  /** The PostgreSQL server process, whose children are the backends. */
  postmasterPid: number;
}

/** CPU µs per unit of work of the given processes and of PostgreSQL over `work`. */
async function measureCpu<T>(pids: () => number[], postmasterPid: number, work: () => Promise<T>) {
  const cpu = () => pids().reduce((total, pid) => total + treeCpuMs(pid), 0);
  const serverBefore = cpu();
  const databaseBefore = treeCpuMs(postmasterPid);
  const result = await work();
  return { result, serverMs: cpu() - serverBefore, databaseMs: treeCpuMs(postmasterPid) - databaseBefore };
}

/** `npm run webhook-worker`, compiled, on the benchmark's database. */
async function startWebhookWorkerProcess(databaseUrl: string): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [WEBHOOK_WORKER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_URLS: "1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8192);
      if (output.includes("webhook worker started")) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the webhook worker exited with ${code}:\n${output}`)));
  });
  child.removeAllListeners("exit");
  child.stdout.removeAllListeners("data").resume();
  child.stderr.removeAllListeners("data").resume();
  const stop = () =>
    new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
  return { pid: child.pid!, stop };
}

export async function measureWebhooks(context: WebhookContext) {
  const { db, accountId, json, servers, postmasterPid } = context;
  const { startWebhookReceiver } = await import("~/test/webhook-receiver");
  const { newWebhookSecret } = await import("~/server/services/webhooks/webhook-endpoint-view");
  const receiver = await startWebhookReceiver();
  const secret = newWebhookSecret();
  receiver.secrets = [secret];
  const endpoint = await db.webhookEndpoint.create({
    data: { accountId, url: receiver.url, eventTypes: ["transaction.successful"], secret, enabled: false },
  });
  const setEndpointEnabled = (enabled: boolean) => db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled } });
  const pending = () => db.webhookDelivery.count({ where: { status: "pending" } });
  let sequence = 0;
  const purchases = (server: BenchServer, seconds = context.seconds) =>
    runLoad({
      url: `${server.base}/api/v1/data`,
      method: "POST",
      headers: json,
      body: () => JSON.stringify({ clientReference: `webhooks-${sequence++}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
      seconds,
      connections: context.connections,
    });
  const perUnit = (ms: number, units: number) => Math.round((ms * 1000) / Math.max(1, units));

  /** The backlog topped up to BACKLOG, then drained to a prompt receiver. */
  const drain = async (deliveryPids: () => number[]) => {
    const shortBy = BACKLOG - (await pending());
    if (shortBy > 0) {
      await db.$executeRaw`
        SELECT record_webhook_event(t.account_id, t.livemode, 'transaction.successful', t.id::text || ':' || g, to_jsonb(t))
        FROM transactions t, generate_series(1, ${Math.ceil(shortBy / Math.max(1, sequence))}::int) g
        WHERE t.account_id = ${accountId}::uuid AND t.client_reference LIKE 'webhooks-%'
        LIMIT ${shortBy}`;
    }
    const backlog = await pending();
    log(`webhooks: draining ${backlog} deliveries to a prompt receiver…`);
    receiver.answers = [{ status: 204 }];
    const receivedBefore = receiver.received.length;
    const started = performance.now();
    const { serverMs, databaseMs } = await measureCpu(deliveryPids, postmasterPid, async () => {
      // Watched at the receiver, which costs the database nothing, until all but the few that reached
      // the slow receiver before the switch have arrived; then the database, for the last records.
      while (receiver.received.length - receivedBefore < backlog - IN_FLIGHT_SLACK) await sleep(20);
      while ((await pending()) > 0) await sleep(20);
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      backlog,
      drainSeconds: round(seconds),
      deliveriesPerSecond: Math.round(backlog / seconds),
      cpuUsPerDelivery: { server: perUnit(serverMs, backlog), database: perUnit(databaseMs, backlog) },
    };
  };

  /**
   * One way of delivering, on a server of its own (and the worker process, if any): purchases without
   * the endpoint (it is disabled: nothing is recorded for it), then with it and the slow receiver;
   * the slow receiver alone for a while (the lanes' own rate, with no load beside them); the drain.
   */
  const measureMode = async (server: BenchServer, deliveryPids: () => number[]) => {
    await purchases(server, context.warmUpSeconds);
    log("webhooks: purchases without an endpoint…");
    const without = await measureCpu(
      () => [server.pid],
      postmasterPid,
      () => purchases(server),
    );
    await setEndpointEnabled(true);
    log(`webhooks: purchases with a ${SLOW_MS} ms receiver…`);
    receiver.answers = [{ status: 204, delayMs: SLOW_MS }];
    let receivedBefore = receiver.received.length;
    const slow = await purchases(server);
    const slowDuringPurchases = (receiver.received.length - receivedBefore) / context.seconds;
    receivedBefore = receiver.received.length;
    const laneSeconds = Math.max(1, context.seconds / 3);
    await sleep(laneSeconds * 1000);
    const slowAlone = (receiver.received.length - receivedBefore) / laneSeconds;
    const drained = await drain(deliveryPids);
    await setEndpointEnabled(false);
    const purchaseCpuUs = {
      server: perUnit(without.serverMs, without.result.requests),
      database: perUnit(without.databaseMs, without.result.requests),
    };
    return {
      purchaseRpsWithoutReceiver: without.result.rps,
      purchaseCpuUs,
      purchaseRpsWithSlowReceiver: slow.rps,
      purchaseP99MsWithSlowReceiver: slow.p99Ms,
      purchaseErrors: without.result.errors + slow.errors,
      /** Target ≥ 0.85: purchases while the slow receiver is delivered to, over purchases without. */
      purchaseRatio: round(slow.rps / without.result.rps),
      slowReceiverDeliveriesPerSecond: round(slowDuringPurchases, 1),
      /** With nothing else running: WEBHOOK_CONCURRENCY lanes of SLOW_MS, at most lanes × 1000 / SLOW_MS. */
      slowReceiverDeliveriesPerSecondAlone: round(slowAlone, 1),
      backlog: drained.backlog,
      drainSeconds: drained.drainSeconds,
      deliveriesPerSecond: drained.deliveriesPerSecond,
      /** Target ≥ 1: deliveries per second to a prompt receiver over purchases per second. */
      deliveryRateRatio: round(drained.deliveriesPerSecond / without.result.rps),
      deliveryCpuUs: drained.cpuUsPerDelivery,
      /** Target ≤ 0.25: a delivery's server and database CPU over a purchase's. */
      deliveryCpuRatio: round(
        (drained.cpuUsPerDelivery.server + drained.cpuUsPerDelivery.database) / (purchaseCpuUs.server + purchaseCpuUs.database),
      ),
    };
  };

  try {
    log("webhooks: delivered by the server…");
    const server = await startBenchServer(context.databaseUrl, { env: { BENCH_ROUTES: "1", WEBHOOK_ALLOW_PRIVATE_URLS: "1" } });
    servers.push(server);
    const inServer = await measureMode(server, () => [server.pid]).finally(() => server.stop());

    log("webhooks: WEBHOOK_WORKER=0, delivered by npm run webhook-worker…");
    const apart = await startBenchServer(context.databaseUrl, {
      env: { BENCH_ROUTES: "1", WEBHOOK_ALLOW_PRIVATE_URLS: "1", WEBHOOK_WORKER: "0" },
    });
    servers.push(apart);
    const worker = await startWebhookWorkerProcess(context.databaseUrl);
    const separateWorker = await measureMode(apart, () => [apart.pid, worker.pid]).finally(async () => {
      await worker.stop();
      await apart.stop();
    });

    const unverified = receiver.received.filter((delivery) => delivery.verifiedBy === null).length;
    if (unverified > 0) throw new Error(`webhooks: ${unverified} deliveries failed verification`);
    return { slowReceiverMs: SLOW_MS, ...inServer, separateWorker };
  } finally {
    await receiver.close();
  }
}

export type WebhookResults = Awaited<ReturnType<typeof measureWebhooks>>;

/** The webhook figures against their targets, one line each (medians, with each run's, under --repeat). */
export function webhookTargetRows(median: WebhookResults, runs: WebhookResults[]) {
  const row = (figure: string, target: string, pick: (results: WebhookResults) => number) => ({
    figure,
    target,
    median: pick(median),
    "each run": runs.map(pick).join(" / "),
  });
  return [
    row("purchases with a slow receiver / without", "≥ 0.85", (results) => results.purchaseRatio),
    row("deliveries/s to a prompt receiver / purchases/s", "≥ 1", (results) => results.deliveryRateRatio),
    row("a delivery's server+db CPU / a purchase's", "≤ 0.25", (results) => results.deliveryCpuRatio),
    row(
      "deliveries/s to the slow receiver, nothing else running",
      `≤ lanes×1000/${SLOW_MS}`,
      (r) => r.slowReceiverDeliveriesPerSecondAlone,
    ),
    row("deliveries/s to the slow receiver, during purchases", "", (results) => results.slowReceiverDeliveriesPerSecond),
    row("WEBHOOK_WORKER=0: purchases with a slow receiver / without", "", (results) => results.separateWorker.purchaseRatio),
    row("WEBHOOK_WORKER=0: deliveries/s / purchases/s", "", (results) => results.separateWorker.deliveryRateRatio),
    row("WEBHOOK_WORKER=0: a delivery's CPU / a purchase's", "", (results) => results.separateWorker.deliveryCpuRatio),
    row("WEBHOOK_WORKER=0: deliveries/s to the slow receiver, alone", "", (r) => r.separateWorker.slowReceiverDeliveriesPerSecondAlone),
  ];
}
