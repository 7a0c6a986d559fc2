/**
 * The bank-transfer reconciler in every server process (src/bin/server.ts), when Paystack is
 * configured: every PAYSTACK_RECONCILE_INTERVAL_MS a process tries to take the `bank-transfer-reconciler`
 * lease (src/server/db/job-leases.ts) and, if it got it, runs a pass (reconcile-bank-transfers.ts), so
 * however many processes and hosts there are, Paystack is listed about once per interval. A first
 * attempt is made at start-up, without holding the start-up back (Paystack may be slow; purchases
 * need not wait for it).
 *
 * The lease row also keeps the last pass's time and counts, which the operator console shows.
 */
import { env } from "~/env";
import { endJobLease, takeJobLease } from "~/server/db/job-leases";
import { logger as log } from "~/server/log";
import { fundingSettings } from "~/server/providers/funding";
import { reconcileBankTransfers } from "./reconcile-bank-transfers";

export const BANK_TRANSFER_RECONCILER = "bank-transfer-reconciler";

/** Longer than any pass (a listing of 10,000 transfers with their verifications); a dead holder's lease runs out then. */
const PASS_LEASE_MS = 10 * 60_000;

async function pass(): Promise<void> {
  try {
    if (!(await takeJobLease(BANK_TRANSFER_RECONCILER, env.PAYSTACK_RECONCILE_INTERVAL_MS, PASS_LEASE_MS))) return;
    const result = await reconcileBankTransfers({ kind: "system" });
    await endJobLease(BANK_TRANSFER_RECONCILER, { ...result });
    const level = result.credited + result.queued + result.failed + result.accountsAssigned > 0 ? "info" : "debug";
    log[level]({ component: "bank-transfer-reconciler", ...result }, "bank-transfer reconciler pass");
  } catch (error) {
    log.error({ component: "bank-transfer-reconciler", err: error }, "bank-transfer reconciler pass failed");
    await endJobLease(BANK_TRANSFER_RECONCILER, { error: error instanceof Error ? error.message.slice(0, 200) : String(error) }).catch(
      () => {},
    );
  }
}

/** Starts the schedule when a funding rail is configured; the function returned stops it. */
export function startBankTransferReconciler(): () => void {
  if (!fundingSettings().provider) return () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleNext = () => {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(scheduleNext), env.PAYSTACK_RECONCILE_INTERVAL_MS);
    timer.unref();
  };
  void pass().then(scheduleNext);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
