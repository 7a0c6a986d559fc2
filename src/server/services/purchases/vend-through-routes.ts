/**
 * The vend step of a purchase (docs/operating.md "Routes and failover"), between its begin statement and
 * its settlement, with no lock or transaction held while an upstream is asked:
 *
 *   1. begin_vend_attempt records the first attempt on the first route that admits the order, with the
 *      request id it will be sent under; when none does, the purchase fails refunded and nothing is sent;
 *   2. the attempt's upstream is asked, once;
 *   3. settle_vend_attempt records the answer and settles the purchase; only a refusal before anything was
 *      executed records the next route's attempt in the same statement, which is then sent in turn.
 *
 * Anything ambiguous (a time-out, a 5xx, a garbled body, a pending answer, a crash between 1 and 3) leaves
 * the purchase pending on the attempt's route: the reconciler requeries it there and never sends it elsewhere.
 */
import { env } from "~/env";
import { queryRows, sql } from "~/server/db";
import { logger } from "~/server/log";
import { getVendProvider, type VendOutcome, type VendProvider, type VendRequest } from "~/server/providers";
import { raiseUpstreamAlert } from "~/server/services/upstream/raise-upstream-alert";
import { attemptOrder } from "./attempt-order";
import { settleVendAttempt, type VendAttemptRow } from "./settle-vend-attempt";
import { purchaseRowFromJson, purchaseRowJson, type PurchaseRow, type PurchaseRowJson } from "./transaction-view";

/** The failure reason of a purchase no route could take (every route switched off, or its circuit open). */
const NO_ROUTE_REASON = "No upstream can take orders for this product right now; nothing was sent.";

const BEGUN_PURCHASE = purchaseRowJson("p");

/** Asks the provider, turning anything thrown into "pending": an unknown outcome is never a failure. */
async function vendSafely(provider: VendProvider, request: VendRequest): Promise<VendOutcome> {
  try {
    return await provider.vend(request);
  } catch (error) {
    logger.warn({ transactionId: request.transactionId, err: error }, "vend threw; leaving the transaction pending");
    return { status: "pending", providerReference: null };
  }
}

function notConfigured(provider: string): VendOutcome {
  return {
    status: "failed",
    providerReference: null,
    reason: `The upstream ${provider} is not configured here; the order was never sent.`,
    refusal: "account",
    providerUnavailable: true,
  };
}

/**
 * @returns the purchase as settled (or left pending), and the last attempt's outcome; null when no attempt
 *   was made (no route admitted the order: the purchase is failed and refunded).
 */
export async function vendThroughRoutes(
  purchase: PurchaseRow,
  request: VendRequest,
): Promise<{ settled: PurchaseRow; last: VendOutcome | null }> {
  const defaultProvider = getVendProvider(purchase.livemode).name;
  const [begun] = await queryRows<{ purchase: PurchaseRowJson; attempt: VendAttemptRow | null }>(sql`
    SELECT ${BEGUN_PURCHASE} AS purchase, r.attempt
    FROM begin_vend_attempt(
      ${purchase.id}::uuid, ${defaultProvider}, ${purchase.livemode},
      ${`${env.UPSTREAM_CIRCUIT_COOLDOWN_MS} milliseconds`}::interval, ${NO_ROUTE_REASON}) r
    CROSS JOIN LATERAL (SELECT (r.purchase).*) p`);
  if (!begun) throw new Error(`begin_vend_attempt found no transaction ${purchase.id}`);
  let settled = purchaseRowFromJson(begun.purchase);
  let attempt = begun.attempt;
  let last: VendOutcome | null = null;
  while (attempt) {
    const order = attemptOrder(attempt, request, purchase.livemode);
    const started = performance.now();
    last = order.provider ? await vendSafely(order.provider, order.request) : notConfigured(attempt.provider);
    const latencyMs = Math.round(performance.now() - started);
    const answer = await settleVendAttempt(attempt, last, {
      fromVend: true,
      latencyMs,
      requeryCount: 0,
      provider: order.provider ?? {},
      defaultProvider,
    });
    if (last.status === "failed" && last.operatorAlert) {
      await raiseUpstreamAlert({
        provider: attempt.provider,
        ...last.operatorAlert,
        transactionId: purchase.id,
        accountId: purchase.account_id,
      });
    }
    settled = answer.purchase;
    attempt = answer.nextAttempt;
  }
  return { settled, last };
}
