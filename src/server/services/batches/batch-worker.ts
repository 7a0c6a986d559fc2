/**
 * The batch worker in a server process (src/bin/server.ts), beside the reconciler and the webhook worker:
 * it buys batches' orders in the background, never inside a request (docs/architecture.md "Batches").
 *
 * Every process runs one; they share the orders through the database: each claims orders with a lease
 * (claim_batch_orders.sql), up to `concurrency` at once in this process and `perAccount` at once per
 * account across all of them, and buys each as an ordinary purchase (process-batch-order.ts). When an order
 * finishes the worker claims again at once; when a claim finds nothing it waits `pollMs`. A process killed
 * mid-batch leaves leases that run out: another process buys those orders, and the purchase engine answers
 * a reference it already knows with the stored transaction, so none is bought twice.
 *
 * Once a second, a pass also completes the batches that only waited for the reconciler
 * (finish-waiting-batches.ts). The timer is unref'd: it never keeps a closing process alive.
 */
import { env } from "~/env";
import { logger } from "~/server/log";
import { claimBatchOrders, type ClaimedBatchOrder } from "./claim-batch-orders";
import { finishWaitingBatches } from "./finish-waiting-batches";
import { processBatchOrder } from "./process-batch-order";

const log = logger.child({ component: "batches" });
const SWEEP_EVERY_MS = 1_000;

export interface BatchWorkerOptions {
  concurrency?: number;
  perAccount?: number;
  leaseMs?: number;
  pollMs?: number;
}

/** Starts the worker; the function returned stops it and resolves once the orders it was buying are done. */
export function startBatchWorker(options: BatchWorkerOptions = {}): () => Promise<void> {
  const concurrency = options.concurrency ?? env.BATCH_WORKER_CONCURRENCY;
  const claim = {
    perAccount: options.perAccount ?? env.BATCH_ACCOUNT_CONCURRENCY,
    leaseMs: options.leaseMs ?? env.BATCH_ORDER_LEASE_MS,
  };
  const pollMs = options.pollMs ?? env.BATCH_POLL_INTERVAL_MS;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let claiming = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;

  const buy = (order: ClaimedBatchOrder) => {
    const done = processBatchOrder(order)
      .then((completed) => {
        if (completed) log.info({ batchId: order.maker.batchId }, "batch completed");
      })
      .catch((error: unknown) => log.error({ batchId: order.maker.batchId, position: order.position, err: error }, "batch order failed"))
      .finally(() => {
        inFlight.delete(done);
        void fill();
      });
    inFlight.add(done);
  };

  /** Claims as many orders as there is room for; true when it found every one it asked for. */
  async function fill(): Promise<boolean> {
    if (stopped || claiming) return false;
    const room = concurrency - inFlight.size;
    if (room <= 0) return true;
    claiming = true;
    try {
      const orders = await claimBatchOrders({ limit: room, ...claim });
      for (const order of orders) buy(order);
      return orders.length === room;
    } catch (error) {
      log.error({ err: error }, "batch order claim failed");
      return false;
    } finally {
      claiming = false;
    }
  }

  async function tick(): Promise<void> {
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      try {
        const finished = await finishWaitingBatches();
        if (finished.length > 0) log.info({ batchReferences: finished }, "batches completed after their pending orders settled");
      } catch (error) {
        log.error({ err: error }, "batch sweep failed");
      }
    }
    await fill();
    if (stopped) return;
    timer = setTimeout(() => void tick(), pollMs);
    timer.unref();
  }

  void tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    // An order being bought finishes (or dies with the process, which its lease makes safe).
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
}
