/**
 * The reversal sweep (docs/operating.md "The VTpass provider", "Reversals whose callback never comes"): VTpass
 * sometimes reverses an order it delivered and refunds us; it says so by a callback, which can be
 * lost. So every purchase a provider with a `reversalWatch` delivered is asked about again within the
 * window: first `firstCheckMs` after delivery, then at doubling ages (1 h, 2 h, 4 h … 64 h) and once
 * at the window's end (72 h), eight requeries in all by default. A requery that says "reversed" refunds it the way a callback does
 * (reverseDeliveredPurchase: one REVERSAL, the transaction.failed event, audited); whichever comes
 * first, the other finds the transaction FAILED and changes nothing.
 *
 * The queue is the table reversal_checks (settle_purchase writes a row at delivery; a table of its own so
 * that a settlement touches no index of transactions for it: docs/architecture.md "Why the queues are
 * tables"). A pass leases at most VTPASS_REVERSAL_SWEEP_BATCH due rows (FOR UPDATE SKIP
 * LOCKED, their next check pushed one first-check interval out, so concurrent processes never ask about
 * the same one and a process that dies only delays its lease), asks VTpass one at a time, then sets
 * each one's next check. A requery VTpass does not answer keeps the lease: asked again one interval
 * later, until twice the window has passed.
 */
import { env } from "~/env";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { logger } from "~/server/log";
import { getVendProvider, type ReversalWatch, type VendProvider } from "~/server/providers";
import { REVERSED_REASON } from "~/server/providers/vtpass/vtpass-provider";
import { vendRequestOf } from "~/server/services/purchases/execute-purchase";
import type { PurchaseRow } from "~/server/services/purchases/transaction-view";
import { reverseDeliveredPurchase } from "~/server/services/upstream/reverse-delivered-purchase";

export interface ReversalSweepResult {
  /** Delivered purchases asked about in this pass. */
  checked: number;
  /** Of those, the ones VTpass had reversed: refunded now. */
  reversed: number;
  /** Requeries VTpass did not answer: asked again later. */
  requeryErrors: number;
}

function milliseconds(value: number): string {
  return `${Math.max(0, Math.round(value))} milliseconds`;
}

/**
 * Leases due watched rows. A row no longer SUCCESSFUL (reversed by a callback, or before this release a
 * test purchase) or past twice the window leaves the queue here without a question.
 */
async function leaseDue(watch: ReversalWatch, batch: number, includeNotDue: boolean, seen: string[]): Promise<PurchaseRow[]> {
  const lease = milliseconds(watch.firstCheckMs);
  const giveUpAfter = milliseconds(2 * watch.windowMs);
  return queryRows<PurchaseRow>(sql`
    WITH due AS (
      SELECT transaction_id FROM reversal_checks
      WHERE (${includeNotDue} OR check_at <= now()) AND NOT (transaction_id = ANY(${seen}::uuid[]))
      ORDER BY check_at, transaction_id
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    ), watched AS (
      SELECT t.*, (t.status = 'SUCCESSFUL' AND t.livemode AND now() <= t.completed_at + ${giveUpAfter}::interval) AS ask
      FROM transactions t JOIN due ON t.id = due.transaction_id
    ), dropped AS (
      DELETE FROM reversal_checks c USING watched w WHERE c.transaction_id = w.id AND NOT w.ask
    ), leased AS (
      UPDATE reversal_checks c SET check_at = now() + ${lease}::interval
      FROM watched w WHERE c.transaction_id = w.id AND w.ask
    )
    SELECT * FROM watched WHERE ask ORDER BY completed_at, id`);
}

/** The next check of a purchase VTpass still calls delivered: at double its age, the window's end last. */
async function scheduleNext(transactionId: string, watch: ReversalWatch): Promise<void> {
  const first = milliseconds(watch.firstCheckMs);
  const window = milliseconds(watch.windowMs);
  await queryRows(sql`
    WITH watched AS (
      SELECT completed_at FROM transactions WHERE id = ${transactionId}::uuid AND status = 'SUCCESSFUL'
    ), dropped AS (
      DELETE FROM reversal_checks c USING watched w
      WHERE c.transaction_id = ${transactionId}::uuid AND now() >= w.completed_at + ${window}::interval
    )
    UPDATE reversal_checks c
    SET check_at = LEAST(w.completed_at + ${window}::interval, now() + GREATEST(${first}::interval, now() - w.completed_at))
    FROM watched w
    WHERE c.transaction_id = ${transactionId}::uuid AND now() < w.completed_at + ${window}::interval`);
}

/**
 * One pass: at most `batch` (VTPASS_REVERSAL_SWEEP_BATCH) requeries, so the sweep never asks VTpass
 * faster than that per reconciler pass (RECONCILE_INTERVAL_MS) and process, whatever the backlog.
 * @param includeNotDue ask about every watched purchase now, due or not, a batch at a time until each
 *   was asked once (the operator's `reversals:sweep --all`).
 */
export async function sweepReversals(
  actor: Actor,
  options: { includeNotDue?: boolean; batch?: number } = {},
): Promise<ReversalSweepResult> {
  assertOperator(actor);
  const result: ReversalSweepResult = { checked: 0, reversed: 0, requeryErrors: 0 };
  const provider = getVendProvider(true);
  const watch = provider.reversalWatch;
  if (!watch) return result;
  const batch = options.batch ?? env.VTPASS_REVERSAL_SWEEP_BATCH;
  const includeNotDue = options.includeNotDue ?? false;
  const seen: string[] = [];
  for (;;) {
    const rows = await leaseDue(watch, batch, includeNotDue, seen);
    for (const row of rows) {
      seen.push(row.id);
      await checkOne(provider, watch, row, result);
    }
    if (!includeNotDue || rows.length === 0) return result;
  }
}

/** Asks about one leased purchase: refunds it if VTpass reversed it, else sets its next check. */
async function checkOne(provider: VendProvider, watch: ReversalWatch, row: PurchaseRow, result: ReversalSweepResult): Promise<void> {
  result.checked += 1;
  let reversed: boolean;
  try {
    const outcome = await provider.requery({ ...vendRequestOf(row), providerReference: row.provider_reference });
    reversed = outcome.status === "failed" && outcome.reason === REVERSED_REASON;
  } catch {
    // The provider logged why; the lease brings it back one interval later.
    result.requeryErrors += 1;
    return;
  }
  if (!reversed) return scheduleNext(row.id, watch);
  if (await reverseDeliveredPurchase(row.id)) {
    result.reversed += 1;
    logger.warn({ component: "reversal-sweep", transactionId: row.id }, "delivered purchase found reversed upstream: refunded");
  }
}
