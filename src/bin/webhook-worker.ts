/**
 * `npm run webhook-worker`: webhook deliveries in a process of their own, beside servers started with
 * WEBHOOK_WORKER=0 (docs/deploying.md "Webhook delivery in a process of its own"). No HTTP server and
 * no Next.js: the delivery worker of webhook-worker.ts (with its hourly pruning and its low-balance
 * sweep) on DATABASE_URL. It applies
 * pending migrations first, as a server does (safe beside servers doing the same), so the order in which
 * a deployment starts its processes does not matter. Any number of them share the queue with each
 * other and with servers that deliver. SIGTERM stops claiming, lets the sends under way finish and
 * record, then exits.
 *
 * `npm run build` compiles it to dist/webhook-worker.mjs, which the script runs.
 */
import { env } from "~/env";
import { applyPendingMigrations } from "~/server/db/migrate";
import { logger } from "~/server/log";
import { startWebhookWorker } from "~/server/services/webhooks/webhook-worker";

const log = logger.child({ component: "webhook-worker" });

try {
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: the webhook worker delivers from the servers' database");
  // Migrations hold a session advisory lock while they run: never through a transaction pooler.
  await applyPendingMigrations(env.DIRECT_DATABASE_URL ?? env.DATABASE_URL);
  const stop = startWebhookWorker();
  log.info({ concurrency: env.WEBHOOK_CONCURRENCY }, "webhook worker started");
  const shutdown = async (signal: string) => {
    log.info({ signal }, `${signal}: closing`);
    setTimeout(() => process.exit(1), 2 * env.WEBHOOK_TIMEOUT_MS + 5_000).unref();
    await stop();
    const { db } = await import("~/server/db");
    await db.$disconnect();
    log.info("closed");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
} catch (error) {
  log.fatal({ err: error }, "start-up failed");
  process.exit(1);
}
