/**
 * The vend step of a purchase (docs/operating.md "Routes and failover"), between its claiming statement and
 * its settlement, with no lock or transaction held while an upstream is asked:
 *
 *   1. the claiming statement (begin_vend_attempt, on the begin function's row) has recorded the first
 *      attempt on the first route that admits the order, with the request id it will be sent under; when
 *      none did, the purchase is already failed, refunded, and nothing is sent;
 *   2. the attempt's upstream is asked, once;
 *   3. settle_purchase_attempt records the answer and settles the purchase; only a refusal before anything was
 *      executed records the next route's attempt in the same statement, which is then sent in turn.
 *
 * The purchase that goes to its first route is two statements, 1 and 3; only a failover costs more.
 * Anything ambiguous (a time-out, a 5xx, a garbled body, a pending answer, a crash between 1 and 3) leaves
 * the purchase pending on the attempt's route: the reconciler requeries it there and never sends it elsewhere.
 */
import { logger } from "~/server/log";
import { getVendProvider, type VendOutcome, type VendProvider, type VendRequest } from "~/server/providers";
import { raiseUpstreamAlert } from "~/server/services/upstream/raise-upstream-alert";
import { attemptOrder } from "./attempt-order";
import { settlePurchaseAttempt, type VendAttemptRow } from "./settle-purchase-attempt";
import type { PurchaseRow } from "./transaction-view";

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
 * @param firstAttempt the attempt the claiming statement recorded; null when none was (no route admitted
 *   the order, and the purchase is already failed and refunded).
 * @returns the purchase as settled (or left pending), and the last attempt's outcome; null when no attempt
 *   was made.
 */
export async function vendThroughRoutes(
  purchase: PurchaseRow,
  firstAttempt: VendAttemptRow | null,
  request: VendRequest,
): Promise<{ settled: PurchaseRow; last: VendOutcome | null }> {
  const defaultProvider = getVendProvider(purchase.livemode).name;
  let settled = purchase;
  let attempt = firstAttempt;
  let last: VendOutcome | null = null;
  while (attempt) {
    const order = attemptOrder(attempt, request, purchase.livemode);
    const started = performance.now();
    last = order.provider ? await vendSafely(order.provider, order.request) : notConfigured(attempt.provider);
    const latencyMs = Math.round(performance.now() - started);
    const answer = await settlePurchaseAttempt(attempt, last, {
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
