/**
 * Refunds a delivered purchase that the upstream has since reversed, the one way it is done whoever
 * found the reversal (VTpass's callback, or the reversal sweep): reverse_delivered_purchase, one
 * statement (migration 20261124030000): SUCCESSFUL -> FAILED, one REVERSAL ledger entry, the audit entry
 * `transaction.upstream_reversal` by system, and (by the settlement trigger) the `transaction.failed`
 * event. Only a SUCCESSFUL transaction changes, under its row lock: false when it was not (already
 * reversed, by the other path or a repeat).
 */
import { queryRows, sql } from "~/server/db";

export const REVERSED_AFTER_DELIVERY = "The provider reversed the delivered transaction; the debit was refunded.";

export async function reverseDeliveredPurchase(transactionId: string): Promise<boolean> {
  const [row] = await queryRows<{ reversed: boolean }>(
    sql`SELECT reverse_delivered_purchase(${transactionId}::uuid, ${REVERSED_AFTER_DELIVERY}) AS reversed`,
  );
  return row?.reversed === true;
}
