/**
 * The reconciler: settles pending transactions by asking the provider again (DESIGN.md §3.3.8).
 * Runs at start-up, on an interval in every server process, and from `npm run admin -- reconcile`.
 *
 * Several reconcilers may run at once: each leases a batch (FOR UPDATE SKIP LOCKED, then pushes its
 * next_requery_at out), so no transaction is requeried by two of them at the same moment, and a
 * reconciler that dies mid-batch only delays the batch until its lease runs out. Settling is
 * idempotent in the database anyway: only a PENDING transaction changes.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { getVendProvider, type VendOutcome, type VendProvider } from "~/server/providers";
import { settlePurchase, vendRequestOf } from "~/server/services/purchases/execute-purchase";
import { requeryDelay } from "~/server/services/purchases/requery-schedule";
import type { PurchaseRow } from "~/server/services/purchases/transaction-view";

const BATCH_SIZE = 100;

export interface ReconcileResult {
  /** Transactions asked about in this run. */
  checked: number;
  /** Of those, the ones that reached successful or failed. */
  settled: number;
  /** Of the settled, the ones that ended successful. */
  succeeded: number;
  /** Of the settled, the ones that ended failed, their debit reversed. */
  failed: number;
  /** Requeries that threw (provider unreachable, a bug): counted, and left pending for a later run. */
  requeryErrors: number;
  /** Pending transactions left in the database after the run (due later, or still unknown upstream). */
  stillPending: number;
}

type LeasedRow = PurchaseRow & { requery_count: number };

/**
 * Leases up to a batch of pending transactions, returned in the order they became due (oldest
 * purchase first among equals). UPDATE ... RETURNING has no order of its own, so the leased rows are
 * sorted explicitly: an account whose purchases settle in one run gets its refunds in the ledger in
 * the order it made the purchases, every time.
 */
async function leaseBatch(includeNotDue: boolean, seen: string[]): Promise<LeasedRow[]> {
  return db.$queryRaw<LeasedRow[]>`
    WITH due AS (
      SELECT id, next_requery_at, created_at FROM transactions
      WHERE status = 'PENDING'
        AND (${includeNotDue} OR next_requery_at <= now())
        AND NOT (id = ANY(${seen}::uuid[]))
      ORDER BY next_requery_at NULLS FIRST, created_at, id
      LIMIT ${BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    ), leased AS (
      UPDATE transactions t
      SET requery_count = t.requery_count + 1,
          next_requery_at = now() + make_interval(secs => ${requeryDelay(0) / 1000}::double precision * power(2, LEAST(t.requery_count, 7)))
      FROM due
      WHERE t.id = due.id
      RETURNING t.*
    )
    SELECT leased.* FROM leased JOIN due USING (id)
    ORDER BY due.next_requery_at NULLS FIRST, due.created_at, due.id`;
}

/** The provider's answer, or null when asking threw (then the transaction stays pending). */
async function requerySafely(provider: VendProvider, row: LeasedRow): Promise<VendOutcome | null> {
  try {
    return await provider.requery({ ...vendRequestOf(row), providerReference: row.provider_reference });
  } catch {
    return null;
  }
}

/**
 * @param includeNotDue also requery transactions whose grace period or back-off has not run out (an
 *   operator's explicit run after a crash, when no request can still be waiting on the provider).
 */
export async function reconcilePendingTransactions(actor: Actor, options: { includeNotDue?: boolean } = {}): Promise<ReconcileResult> {
  assertOperator(actor);
  // Outside requerySafely: a misconfigured provider fails the run loudly rather than reading as "still pending".
  // A test-mode purchase was sent to the sandbox, so it is asked there (docs/integrating.md "Test mode").
  const providers = { live: getVendProvider(true), test: getVendProvider(false) };
  const seen: string[] = [];
  let succeeded = 0;
  let failed = 0;
  let requeryErrors = 0;
  for (;;) {
    const batch = await leaseBatch(options.includeNotDue ?? false, seen);
    if (batch.length === 0) break;
    for (const row of batch) {
      seen.push(row.id);
      const provider = row.livemode ? providers.live : providers.test;
      const outcome = await requerySafely(provider, row);
      if (!outcome) requeryErrors += 1;
      const after = await settlePurchase(row.id, outcome ?? { status: "pending", providerReference: null }, row.requery_count, provider);
      if (after.status === "SUCCESSFUL") succeeded += 1;
      if (after.status === "FAILED") failed += 1;
    }
  }
  const stillPending = await db.transaction.count({ where: { status: "PENDING" } });
  return { checked: seen.length, settled: succeeded + failed, succeeded, failed, requeryErrors, stillPending };
}
