/**
 * The delivery worker in a server process (src/bin/server.ts), beside the reconciler: a pass of
 * deliver-webhooks.ts, then the next one at once while passes come back full, else after
 * WEBHOOK_POLL_INTERVAL_MS. Every process runs one; they share the work through the database's
 * leases. Once an hour a pass also prunes events past their 30 days, and test-mode data past
 * TEST_DATA_RETENTION_DAYS (README "Test mode"); once a minute it sweeps for wallet.low_balance events
 * that concurrent settlements left owed (sweep-low-balance-alerts.ts). The timer is unref'd: it never
 * keeps a closing process alive, and a pass cut short by a shutdown leaves leases that run out.
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

export function startWebhookWorker(): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let lastLowBalanceSweep = 0;

  const pass = async (): Promise<boolean> => {
    try {
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
      const batchSize = env.WEBHOOK_CONCURRENCY * 4;
      const result = await deliverDueWebhooks(batchSize);
      if (result.claimed > 0) log.debug(result, "webhook delivery pass");
      return result.claimed === batchSize;
    } catch (error) {
      log.error({ err: error }, "webhook delivery pass failed");
      return false;
    }
  };
  const loop = async () => {
    while (!stopped && (await pass()));
    if (stopped) return;
    timer = setTimeout(() => void loop(), env.WEBHOOK_POLL_INTERVAL_MS);
    timer.unref();
  };
  void loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
