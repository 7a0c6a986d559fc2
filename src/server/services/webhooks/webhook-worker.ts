/**
 * The delivery worker: in every server process (src/bin/server.ts) unless WEBHOOK_WORKER=0, or in a
 * process of its own (src/bin/webhook-worker.ts, `npm run webhook-worker`). It runs passes of
 * deliver-webhooks.ts back to back while they find work, and looks again every
 * WEBHOOK_POLL_INTERVAL_MS when one found none. Any number of workers share the queue through the
 * database's leases. Once an hour it also prunes events past their 30 days, and test-mode data past
 * TEST_DATA_RETENTION_DAYS (docs/architecture.md "Test mode in the database"); once a minute it sweeps for wallet.low_balance events
 * that concurrent settlements left owed (sweep-low-balance-alerts.ts). Its timer is unref'd: it never
 * keeps a closing process alive; stopping it ends the pass at its next claim (what was sent is still
 * recorded), and a pass cut short by a process's exit leaves leases that run out.
 */
import { env } from "~/env";
import { logger } from "~/server/log";
import { pruneTestData } from "~/server/services/wallet/prune-test-data";
import { deliverDueWebhooks, pruneOldEvents } from "./deliver-webhooks";
import { EVENT_RETENTION_DAYS } from "./list-webhook-events";
import { sweepLowBalanceAlerts } from "./sweep-low-balance-alerts";

const log = logger.child({ component: "webhooks" });
const PRUNE_EVERY_MS = 3_600_000;
const LOW_BALANCE_SWEEP_EVERY_MS = 60_000;
/** How many deliveries one pass may claim before the housekeeping gets its turn again. */
const PASS_CLAIMS = 10_000;

export function startWebhookWorker(): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let lastLowBalanceSweep = 0;

  const housekeeping = async () => {
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const pruned = await pruneOldEvents(EVENT_RETENTION_DAYS);
      if (pruned > 0) log.info({ pruned }, "old webhook events pruned");
      if (env.TEST_DATA_RETENTION_DAYS > 0) {
        const testData = await pruneTestData({ kind: "system" }, { olderThanDays: env.TEST_DATA_RETENTION_DAYS });
        if (testData.transactions > 0) log.info(testData, "old test-mode data pruned");
      }
    }
    if (Date.now() - lastLowBalanceSweep >= LOW_BALANCE_SWEEP_EVERY_MS) {
      lastLowBalanceSweep = Date.now();
      const fired = await sweepLowBalanceAlerts();
      if (fired > 0) log.info({ fired }, "wallet.low_balance events owed by concurrent settlements recorded");
    }
  };

  /** One pass; whether it found work (then the next one starts at once). */
  const pass = async (): Promise<boolean> => {
    try {
      await housekeeping();
      const result = await deliverDueWebhooks(PASS_CLAIMS, () => stopped);
      if (result.claimed > 0) log.debug(result, "webhook delivery pass");
      return result.claimed > 0;
    } catch (error) {
      log.error({ err: error }, "webhook delivery pass failed");
      return false;
    }
  };
  let running: Promise<boolean> = Promise.resolve(false);
  const loop = async () => {
    while (!stopped && (await (running = pass())));
    if (stopped) return;
    timer = setTimeout(() => void loop(), env.WEBHOOK_POLL_INTERVAL_MS);
    timer.unref();
  };
  void loop();
  /** Stops claiming; resolves once the pass under way has recorded what it sent. */
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
