/**
 * The reconciler: settles pending transactions by asking the provider again (DESIGN.md §3.3.8).
 * Runs at start-up, on an interval in every server process, and from `npm run admin -- reconcile`.
 *
 * Several reconcilers may run at once: each leases a batch from the queue, purchase_requeries (FOR
 * UPDATE SKIP LOCKED on the queue rows and the purchases', then pushes the queue rows' next_requery_at
 * out), so no transaction is requeried by two of them at the same moment, and a reconciler that dies
 * mid-batch only delays the batch until its lease runs out. Settling is idempotent in the database
 * anyway: only a PENDING transaction changes. The queue holds a row exactly while its purchase is
 * pending (insert_purchase and settle_purchase write it), so a settlement touches no index of
 * transactions for it (docs/architecture.md "Why the queues are tables").
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { getVendProvider, type VendOutcome, type VendProvider, type VendRequest } from "~/server/providers";
import { attemptOrder } from "~/server/services/purchases/attempt-order";
import { settlePurchase, vendRequestOf } from "~/server/services/purchases/execute-purchase";
import { settlePurchaseAttempt, type VendAttemptRow } from "~/server/services/purchases/settle-purchase-attempt";
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

/** A leased transaction with its latest vend attempt (null for purchases begun before attempts were recorded). */
type LeasedRow = PurchaseRow & { requery_count: number; latest_attempt: VendAttemptRow | null };

/**
 * Leases up to a batch of pending transactions, returned in the order they became due (oldest
 * purchase first among equals). UPDATE ... RETURNING has no order of its own, so the leased rows are
 * sorted explicitly: an account whose purchases settle in one run gets its refunds in the ledger in
 * the order it made the purchases, every time.
 */
async function leaseBatch(includeNotDue: boolean, seen: string[]): Promise<LeasedRow[]> {
  // Locks are only tried (SKIP LOCKED), never waited for: a settlement holds the purchase's row and then
  // its queue row, so a lease that waited for either could deadlock with it.
  return db.$queryRaw<LeasedRow[]>`
    WITH due AS (
      SELECT q.transaction_id AS id, q.next_requery_at, t.created_at FROM purchase_requeries q
      JOIN transactions t ON t.id = q.transaction_id
      WHERE t.status = 'PENDING'
        AND (${includeNotDue} OR q.next_requery_at <= now())
        AND NOT (q.transaction_id = ANY(${seen}::uuid[]))
      ORDER BY q.next_requery_at, t.created_at, q.transaction_id
      LIMIT ${BATCH_SIZE}
      FOR UPDATE OF q, t SKIP LOCKED
    ), leased AS (
      UPDATE transactions t
      SET requery_count = t.requery_count + 1
      FROM due
      WHERE t.id = due.id
      RETURNING t.*
    ), pushed AS (
      UPDATE purchase_requeries q
      SET next_requery_at = now() + make_interval(secs => ${requeryDelay(0) / 1000}::double precision * power(2, LEAST(leased.requery_count - 1, 7)))
      FROM leased
      WHERE q.transaction_id = leased.id
    )
    SELECT leased.*,
      (SELECT to_jsonb(a) FROM vend_attempts a WHERE a.transaction_id = leased.id ORDER BY a.attempt_number DESC LIMIT 1)
        AS latest_attempt
    FROM leased JOIN due USING (id)
    ORDER BY due.next_requery_at, due.created_at, due.id`;
}

/** The provider's answer, or null when asking threw (then the transaction stays pending). */
async function requerySafely(provider: VendProvider, request: VendRequest, row: LeasedRow): Promise<VendOutcome | null> {
  try {
    return await provider.requery({ ...request, providerReference: row.provider_reference });
  } catch {
    return null;
  }
}

/**
 * Settles one leased transaction by asking again where it was sent: its latest attempt's upstream, under
 * that attempt's request id (docs/operating.md "Routes and failover"). A requery never fails over: whatever
 * it says settles the purchase on that route. `asked` is false when the upstream could not be asked.
 */
async function requeryLeased(
  row: LeasedRow,
  defaults: { live: VendProvider; test: VendProvider },
): Promise<{ after: PurchaseRow; asked: boolean }> {
  const defaultProvider = row.livemode ? defaults.live : defaults.test;
  const attempt = row.latest_attempt;
  if (!attempt) {
    const outcome = await requerySafely(defaultProvider, vendRequestOf(row), row);
    const after = await settlePurchase(
      row.id,
      outcome ?? { status: "pending", providerReference: null },
      row.requery_count,
      defaultProvider,
    );
    return { after, asked: outcome !== null };
  }
  const order = attemptOrder(attempt, vendRequestOf(row), row.livemode);
  const outcome = order.provider ? await requerySafely(order.provider, order.request, row) : null;
  if (!order.provider || !outcome) {
    const after = await settlePurchase(row.id, { status: "pending", providerReference: null }, row.requery_count);
    return { after, asked: false };
  }
  const { purchase: after } = await settlePurchaseAttempt(attempt, outcome, {
    fromVend: false,
    latencyMs: null,
    requeryCount: row.requery_count,
    provider: order.provider,
    defaultProvider: defaultProvider.name,
  });
  return { after, asked: true };
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
      const { after, asked } = await requeryLeased(row, providers);
      if (!asked) requeryErrors += 1;
      if (after.status === "SUCCESSFUL") succeeded += 1;
      if (after.status === "FAILED") failed += 1;
    }
  }
  const stillPending = await db.purchaseRequery.count();
  return { checked: seen.length, settled: succeeded + failed, succeeded, failed, requeryErrors, stillPending };
}
