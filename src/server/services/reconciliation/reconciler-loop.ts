/**
 * The reconciler in a server process (src/bin/server.ts): one pass at start-up, awaited, so what an
 * earlier process left pending (a crash between debit and outcome) is settled before this one serves;
 * then a pass every RECONCILE_INTERVAL_MS, sharing the work with every other process through the
 * database (reconcile-pending.ts). Each pass ends with a batch of the reversal sweep (sweep-reversals.ts).
 *
 * The next pass is scheduled when the previous one has finished, so a slow or hung database never has
 * passes piling up on it (an interval would start one every few seconds regardless). The timer is
 * unref'd: it never keeps a closing process alive.
 */
import { env } from "~/env";
import { logger as log } from "~/server/log";
import { reconcilePendingTransactions } from "./reconcile-pending";
import { sweepReversals } from "./sweep-reversals";

async function pass(trigger: "start-up" | "interval"): Promise<void> {
  try {
    const result = await reconcilePendingTransactions({ kind: "system" });
    if (result.checked > 0 || trigger === "start-up") log.info({ component: "reconciler", trigger, ...result }, "reconciler pass");
  } catch (error) {
    log.error({ component: "reconciler", trigger, err: error }, "reconciler pass failed");
  }
  // Then a bounded batch of delivered purchases asked about again for reversals (sweep-reversals.ts).
  try {
    const sweep = await sweepReversals({ kind: "system" });
    if (sweep.checked > 0) log.info({ component: "reversal-sweep", trigger, ...sweep }, "reversal sweep pass");
  } catch (error) {
    log.error({ component: "reversal-sweep", trigger, err: error }, "reversal sweep pass failed");
  }
}

/** Runs the start-up pass, then schedules the rest; the function returned stops the schedule. */
export async function startReconciler(): Promise<() => void> {
  await pass("start-up");
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleNext = () => {
    if (stopped) return;
    timer = setTimeout(() => void pass("interval").then(scheduleNext), env.RECONCILE_INTERVAL_MS);
    timer.unref();
  };
  scheduleNext();
  // A pass under way when stopped finishes, or dies with the process, which the database makes safe
  // (only a PENDING transaction settles); no new one starts.
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
