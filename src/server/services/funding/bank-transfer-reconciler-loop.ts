/**
 * The bank-transfer reconciler in every server process (src/bin/server.ts), when Paystack is
 * configured: every PAYSTACK_RECONCILE_INTERVAL_MS a process tries to take the `bank-transfer-reconciler`
 * lease (job_leases) and, if it got it, runs a pass (reconcile-bank-transfers.ts). The lease is taken
 * only when no pass holds it and the last one started an interval ago or more, so however many
 * processes and hosts there are, Paystack is listed about once per interval; it is let go when the
 * pass ends, and one held by a process that died mid-pass runs out after PASS_LEASE_MS. A first
 * attempt is made at start-up, without holding the start-up back (Paystack may be slow; purchases
 * need not wait for it).
 *
 * The lease row also keeps the last pass's time and counts, which the operator console shows.
 */
import { env } from "~/env";
import { db, sql } from "~/server/db";
import { logger as log } from "~/server/log";
import { fundingSettings } from "~/server/providers/funding";
import { reconcileBankTransfers } from "./reconcile-bank-transfers";

export const BANK_TRANSFER_RECONCILER = "bank-transfer-reconciler";

/** Longer than any pass (a listing of 10,000 transfers with their verifications); a dead holder's lease runs out then. */
const PASS_LEASE_MS = 10 * 60_000;

async function takeLease(): Promise<boolean> {
  const rows = await db.$queryRaw<{ name: string }[]>(sql`
    INSERT INTO job_leases (name, leased_until, last_started_at)
    VALUES (${BANK_TRANSFER_RECONCILER}, now() + make_interval(secs => ${PASS_LEASE_MS / 1000}), now())
    ON CONFLICT (name) DO UPDATE SET leased_until = EXCLUDED.leased_until, last_started_at = now()
    WHERE job_leases.leased_until <= now()
      AND (job_leases.last_started_at IS NULL
           OR job_leases.last_started_at <= now() - make_interval(secs => ${env.PAYSTACK_RECONCILE_INTERVAL_MS / 1000}))
    RETURNING name`);
  return rows.length > 0;
}

async function pass(): Promise<void> {
  try {
    if (!(await takeLease())) return;
    const result = await reconcileBankTransfers({ kind: "system" });
    await db.jobLease.update({
      where: { name: BANK_TRANSFER_RECONCILER },
      data: { leasedUntil: new Date(), lastFinishedAt: new Date(), lastResult: { ...result } },
    });
    const level = result.credited + result.queued + result.failed + result.accountsAssigned > 0 ? "info" : "debug";
    log[level]({ component: "bank-transfer-reconciler", ...result }, "bank-transfer reconciler pass");
  } catch (error) {
    log.error({ component: "bank-transfer-reconciler", err: error }, "bank-transfer reconciler pass failed");
    await db.jobLease
      .update({
        where: { name: BANK_TRANSFER_RECONCILER },
        data: {
          leasedUntil: new Date(),
          lastFinishedAt: new Date(),
          lastResult: { error: error instanceof Error ? error.message.slice(0, 200) : String(error) },
        },
      })
      .catch(() => {});
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
