/**
 * The HTTP server behind `npm start` and `npm run dev`: a small Node server around Next.js.
 *
 * It exists because Next.js cannot be trusted with the client address: `next start` passes a
 * client-sent X-Forwarded-For straight through. This server owns the socket, computes the source
 * address (src/server/ip/source-address.ts) and overwrites a private header with it before Next.js
 * sees the request. It also brings up the database (embedded when no DATABASE_URL is set), applies
 * pending migrations, seeds demo data when asked, runs the reconciler, and shuts down gracefully on
 * SIGTERM.
 *
 * `npm start` runs it compiled (dist/server.mjs, `npm run build:server`); `npm run dev` through tsx.
 *
 * WEB_CONCURRENCY=N runs N worker processes (node:cluster) sharing the port and the database; the
 * primary prepares the database once and supervises. Every guarantee lives in PostgreSQL, so the
 * workers need nothing from each other, except the per-key API rate-limit counters, which the
 * primary keeps in memory for all of them (src/server/rate-limit/host-rate-limiter.ts); with
 * REDIS_URL they live in Redis for every host, and the primary's are the fallback.
 *
 * DATABASE_URL may be a transaction pooler (DATABASE_POOLER=transaction): the migrations, which hold a
 * session advisory lock, then run on DIRECT_DATABASE_URL (docs/deploying.md "Deployment").
 *
 * Everything it says goes through the JSON logger (src/server/log.ts), with `role` "server" or
 * "worker N". Tests and the benchmark wait for a line whose msg reads "listening on HOST:PORT".
 * The one exception is the demo block of `npm run dev`, plain text meant for the developer.
 */
import cluster from "node:cluster";
import next from "next";
import { env } from "~/env";
import { EMBEDDED_DEFAULTS } from "~/server/db/defaults";
import { startEmbeddedPostgres } from "~/server/db/embedded-postgres";
import { warmPages } from "~/server/http/warm-pages";
import { applyPendingMigrations } from "~/server/db/migrate";
import { createHttpServer } from "~/server/http/create-http-server";
import { parseTrustedProxies } from "~/server/ip/source-address";
import { ensureAuthSecret } from "~/server/auth/secret";
import { startRateLimiterPrimary } from "~/server/rate-limit/host-rate-limiter";
import { logger as log } from "~/server/log";
import { servedOverTls } from "~/server/http/security-headers";

const dev = process.argv.includes("--dev");
// Nothing leaves these machines but registry traffic; telemetry would only try, and print a notice.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const workers = dev ? 1 : env.WEB_CONCURRENCY;

/** Database, migrations, secrets and demo data: once per start, in the primary. */
async function prepare(): Promise<() => Promise<void>> {
  let stopDatabase = async () => {};
  let databaseUrl = env.DATABASE_URL;
  const embedded = !databaseUrl;
  if (!databaseUrl) {
    const database = await startEmbeddedPostgres(EMBEDDED_DEFAULTS);
    databaseUrl = database.url;
    stopDatabase = database.stop;
    // Not the URL: it carries a password (a known one here, but the habit matters).
    log.info({ dir: EMBEDDED_DEFAULTS.dir, port: Number(new URL(databaseUrl).port) }, "embedded PostgreSQL started");
  }
  // The service layer (inside Next.js' bundles, and in forked workers) reads these from the environment.
  process.env.DATABASE_URL = databaseUrl;
  process.env.AUTH_SECRET = ensureAuthSecret(env.AUTH_SECRET);

  // Migrations hold a session advisory lock while they run: never through a transaction pooler.
  const applied = await applyPendingMigrations(env.DIRECT_DATABASE_URL ?? databaseUrl);
  if (applied.length > 0) log.info({ migrations: applied }, `applied migrations: ${applied.join(", ")}`);

  if (embedded ? env.SEED_DEMO !== "0" : env.SEED_DEMO === "1") {
    const { describeDemo, seedDemo } = await import("~/server/seed/seed-demo");
    const demo = await seedDemo({ apiKeyFile: env.DEMO_API_KEY_FILE });
    console.log(describeDemo(demo, `http://localhost:${env.PORT}`));
  }
  return stopDatabase;
}

/** The reconciler, the webhook worker, Next.js and the HTTP server: in every serving process. */
async function serve(onClosed: () => Promise<void>): Promise<void> {
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  // Before listening: what earlier processes left pending (a crash between debit and outcome) is
  // settled before this one serves; then on an interval, the work shared through the database.
  const { startReconciler } = await import("~/server/services/reconciliation/reconciler-loop");
  const stopReconciler = await startReconciler();
  // Webhook deliveries: never inside a request; every process shares the queue through the database.
  // WEBHOOK_WORKER=0 leaves them to other processes (`npm run webhook-worker`, docs/deploying.md).
  const { startWebhookWorker } = await import("~/server/services/webhooks/webhook-worker");
  const stopWebhookWorker = env.WEBHOOK_WORKER === "1" ? startWebhookWorker() : async () => {};
  // Bank transfers whose Paystack webhook never came: one process at a time lists Paystack's (a lease).
  const { startBankTransferReconciler } = await import("~/server/services/funding/bank-transfer-reconciler-loop");
  const stopBankTransferReconciler = startBankTransferReconciler();
  // Our wallet at each upstream, against its floor: one process at a time reads them (a lease).
  const { startUpstreamBalancePoll } = await import("~/server/services/upstream/upstream-balance-poll");
  const stopUpstreamBalancePoll = startUpstreamBalancePoll();
  // Batch orders: bought here, never inside the request that accepted them; every process shares them (leases).
  const { startBatchWorker } = await import("~/server/services/batches/batch-worker");
  const stopBatchWorker = env.BATCH_WORKER === "1" ? startBatchWorker() : async () => {};

  const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT });
  await app.prepare();
  const server = createHttpServer(app.getRequestHandler(), trustedProxies, { dev, tls: servedOverTls(env.NEXTAUTH_URL) });
  server.listen({ host: env.HOST, port: env.PORT, ipv6Only: false }, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const host = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
    log.info({ host: env.HOST, port, mode: dev ? "development" : "production" }, `listening on ${host}:${port}`);
    if (dev) void warmPages(`http://127.0.0.1:${port}`, log);
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, `${signal}: closing`);
    stopReconciler();
    const webhookWorkerStopped = stopWebhookWorker();
    stopBankTransferReconciler();
    stopUpstreamBalancePoll();
    setTimeout(() => process.exit(1), 15_000).unref();
    // The orders being bought finish (each is one purchase); a lease covers any the exit cuts short.
    const batchOrdersDone = stopBatchWorker();
    // Stop accepting, let in-flight requests finish, then close idle keep-alive sockets.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await batchOrdersDone.catch(() => {});
    await app.close?.().catch(() => {});
    // The deliveries under way are recorded before the database goes (else they would be sent again).
    await webhookWorkerStopped;
    await onClosed().catch(() => {});
    log.info("closed");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** The primary of WEB_CONCURRENCY > 1: forks the workers, restarts any that die, stops them all on SIGTERM. */
function supervise(stopDatabase: () => Promise<void>): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  // Before the first fork: a worker's rate limiter registers with the primary as it is created.
  startRateLimiterPrimary();
  for (let index = 0; index < workers; index += 1) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // A worker that dies while starting (no build, bad configuration) would die again: give up
    // loudly instead of restarting in a loop.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      log.error({ worker: worker.id, exit: signal ?? code }, `worker ${worker.id} failed while starting; stopping`);
      void shutdown("worker start-up failure", 1);
      return;
    }
    log.error({ worker: worker.id, exit: signal ?? code }, `worker ${worker.id} exited; starting another`);
    fork();
  });
  async function shutdown(signal: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers }, `${signal}: stopping ${workers} workers`);
    setTimeout(() => process.exit(1), 20_000).unref();
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) => new Promise<void>((resolve) => (worker ? (worker.once("exit", () => resolve()), worker.kill("SIGTERM")) : resolve())),
      ),
    );
    await stopDatabase().catch(() => {});
    log.info("closed");
    process.exit(exitCode);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

try {
  if (cluster.isWorker) {
    await serve(async () => {});
  } else {
    const stopDatabase = await prepare();
    if (workers > 1) supervise(stopDatabase);
    else await serve(stopDatabase);
  }
} catch (error) {
  // A start-up failure (database unreachable, a migration failing, no build) with its stack, as a log
  // line like every other; pino flushes it on exit.
  // The reason in the message itself: a newcomer reads the line, not the stack in its `err`.
  log.fatal({ err: error }, `start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
