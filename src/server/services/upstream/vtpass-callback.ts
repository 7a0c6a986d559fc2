/**
 * VTpass's transaction-update callback (https://www.vtpass.com/documentation/callback-api-integration/,
 * https://www.vtpass.com/documentation/transaction-update-webhook-api/): they POST
 * `{ "type": "transaction-update", "data": { "code", "content": { "transactions": { "status", "transactionId", ... } }, "requestId", ... } }`
 * when a transaction stuck pending is resolved by their staff, or when one is reversed, and repeat it
 * (5 times) until the answer is `{ "response": "success" }`.
 *
 * The body is never believed. It only names a transaction: its requestId must be that of one of our
 * vend attempts sent to VTpass, or the upstream_request_id of a transaction begun before attempts were
 * recorded (and its transactionId, when both sides have one, VTpass's reference for it); then VTpass is
 * asked again (the provider's requery, the reconciler's own call), and only that answer moves money,
 * through the same statements as every purchase:
 *
 * - a PENDING transaction settles as the requery says, through settle_purchase_attempt for the attempt
 *   the requestId names (settle_purchase for an older transaction; a failure refunded there): only the
 *   purchase's latest attempt settles it, so a callback about an attempt VTpass refused, after which the
 *   purchase went to its next route, changes nothing but that attempt's record; a requery still pending
 *   changes nothing (the reconciler keeps asking);
 * - a SUCCESSFUL transaction whose requery says "reversed" (their status after delivery was undone) is
 *   refunded by reverseDeliveredPurchase (the reversal sweep's way too): FAILED, a REVERSAL ledger entry,
 *   an audit entry by "system"; a second callback finds it FAILED and changes nothing;
 * - anything else (FAILED already, a successful one the requery still calls delivered) changes nothing;
 * - a requery VTpass does not answer with the order's status throws, so the callback is refused (503)
 *   and VTpass sends it again: never acknowledged without being applied.
 *
 * A body that is malformed, of another type, or names no transaction of ours changes nothing either; it
 * is logged. What the route answers for each is in docs/operating.md "The VTpass provider", "Callbacks".
 */
import { z } from "zod";
import { queryRows, sql } from "~/server/db";
import { logger } from "~/server/log";
import { getVendProvider } from "~/server/providers";
import { attemptOrder } from "~/server/services/purchases/attempt-order";
import { settlePurchaseAttempt, type VendAttemptRow } from "~/server/services/purchases/settle-purchase-attempt";
import { REVERSED_REASON } from "~/server/providers/vtpass/vtpass-provider";
import { settlePurchase, vendRequestOf } from "~/server/services/purchases/execute-purchase";
import { reverseDeliveredPurchase } from "./reverse-delivered-purchase";
import type { PurchaseRow } from "~/server/services/purchases/transaction-view";

export const TRANSACTION_UPDATE = "transaction-update";

const callbackBody = z.object({
  type: z.string().max(100),
  data: z.object({
    requestId: z.string().trim().min(12).max(200),
    content: z
      .object({
        transactions: z
          .object({ transactionId: z.union([z.string(), z.number()]).optional() })
          .partial()
          .optional(),
      })
      .partial()
      .optional(),
  }),
});

export type CallbackAction = "ignored" | "unchanged" | "settled" | "reversed";

export interface CallbackResult {
  action: CallbackAction;
  /** Why, for the log and the tests. */
  reason: string;
  transactionId?: string;
}

/** The transaction, with the vend attempt the requestId names (null for a transaction begun before attempts were recorded). */
type StoredRow = PurchaseRow & { requery_count: number; attempt: VendAttemptRow | null };

/** What one callback did; throws only when the database or the provider could not be asked (answered 503: VTpass retries). */
export async function handleVtpassCallback(body: unknown, sourceIp: string): Promise<CallbackResult> {
  const result = await handle(body);
  const level = result.action === "ignored" ? "warn" : "info";
  logger[level]({ provider: "vtpass", sourceIp, ...result }, `vtpass callback ${result.action}: ${result.reason}`);
  return result;
}

async function handle(body: unknown): Promise<CallbackResult> {
  const parsed = callbackBody.safeParse(body);
  if (!parsed.success) return { action: "ignored", reason: "malformed body" };
  const { type, data } = parsed.data;
  // Their other callback (variation codes updated) moves no money; catalog:sync reads the variations.
  if (type !== TRANSACTION_UPDATE) return { action: "ignored", reason: `callback type '${type.slice(0, 40)}' not handled` };

  // Live transactions only: a test-mode purchase went to the sandbox, never to VTpass (docs/integrating.md
  // "Test mode").
  const [row] = await queryRows<StoredRow>(sql`
    SELECT t.*, to_jsonb(a) AS attempt FROM vend_attempts a JOIN transactions t ON t.id = a.transaction_id
    WHERE a.upstream_request_id = ${data.requestId} AND t.livemode
    UNION ALL
    SELECT t.*, NULL FROM transactions t
    WHERE t.upstream_request_id = ${data.requestId} AND t.livemode
      AND NOT EXISTS (SELECT 1 FROM vend_attempts a WHERE a.upstream_request_id = ${data.requestId})`);
  if (!row) return { action: "ignored", reason: "no transaction with this requestId" };
  const order = row.attempt
    ? attemptOrder(row.attempt, vendRequestOf(row), true)
    : { provider: getVendProvider(), request: vendRequestOf(row) };
  const provider = order.provider;
  if (provider?.name !== "vtpass") return { action: "ignored", reason: "this requestId was not sent to VTpass", transactionId: row.id };
  const claimedReference = data.content?.transactions?.transactionId;
  if (claimedReference !== undefined && row.provider_reference && String(claimedReference) !== row.provider_reference)
    return { action: "ignored", reason: "transactionId does not match the transaction's", transactionId: row.id };
  if (row.status === "FAILED") return { action: "unchanged", reason: "already failed and refunded", transactionId: row.id };
  // Only the attempt that executed a delivered purchase can have it reversed.
  if (row.status === "SUCCESSFUL" && row.upstream_request_id !== data.requestId)
    return { action: "unchanged", reason: "delivered by another attempt", transactionId: row.id };

  const outcome = await provider.requery({ ...order.request, providerReference: row.provider_reference });
  if (row.status === "PENDING") {
    if (outcome.status === "pending") return { action: "unchanged", reason: "the requery still says pending", transactionId: row.id };
    const settled = row.attempt
      ? (
          await settlePurchaseAttempt(row.attempt, outcome, {
            fromVend: false,
            latencyMs: null,
            requeryCount: row.requery_count,
            provider,
            defaultProvider: getVendProvider().name,
          })
        ).purchase
      : await settlePurchase(row.id, outcome, row.requery_count, provider);
    if (settled.status === "PENDING")
      return { action: "unchanged", reason: "this attempt no longer decides the purchase", transactionId: row.id };
    return { action: "settled", reason: `settled ${settled.status.toLowerCase()} by the requery`, transactionId: row.id };
  }
  // SUCCESSFUL: only a requery that says "reversed" undoes a delivery.
  if (outcome.status !== "failed" || outcome.reason !== REVERSED_REASON)
    return { action: "unchanged", reason: "delivered, and the requery does not say reversed", transactionId: row.id };
  return (await reverseDeliveredPurchase(row.id))
    ? { action: "reversed", reason: "delivered, then reversed upstream: refunded", transactionId: row.id }
    : { action: "unchanged", reason: "already reversed", transactionId: row.id };
}
