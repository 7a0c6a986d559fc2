/**
 * Buys one claimed batch order (claim-batch-orders.ts) as an ordinary purchase: the same service
 * function as POST /api/v1/data, /airtime or /bills/{service}/pay (called as the portal calls them, with
 * no key look-up), as the API key or portal user who made the batch, in the batch's mode. So everything
 * a single purchase guarantees holds per order: its clientReference is claimed once (a known one is a
 * replay, or a 409 recorded on the order), the wallet is debited only if it covers the order, the vend
 * happens with nothing held, and the settlement writes the same events.
 *
 * Then its outcome is recorded (record_batch_order_outcome.sql): the transaction, or the error that
 * refused it without a charge. An error thrown by anything but the service's refusals (the database gone,
 * a bug) records nothing: the order's lease runs out and a worker buys it again, which the reference
 * makes safe; after MAX_ATTEMPTS it is recorded as failed, with its transaction if one exists.
 */
import type { Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { isAppError, type ErrorName } from "~/server/errors";
import { logger } from "~/server/log";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import type { PurchaseResult } from "~/server/services/purchases/execute-purchase";
import type { BatchMaker, ClaimedBatchOrder } from "./claim-batch-orders";

/** Claims of one order after which an unexpected failure is recorded rather than tried again. */
const MAX_ATTEMPTS = 10;

/** Errors that stop the whole batch: what is not yet started would meet them too (record_batch_order_outcome.sql). */
const STOPS_THE_BATCH: ReadonlySet<ErrorName> = new Set(["wallet.insufficient_funds", "unauthorized"]);

interface Outcome {
  transactionId: string | null;
  error: { name: string; reason: string } | null;
  stop: boolean;
}

/** The actor the batch was made by, as it is now; or why it may no longer buy (a revoked key, a disabled user). */
function actorOf(maker: BatchMaker): Actor | { refused: string } {
  if (maker.apiKeyId) {
    if (maker.keyRevoked) return { refused: "The API key that made this batch was revoked; its orders not yet started were not bought." };
    return { kind: "api-key", apiKeyId: maker.apiKeyId, accountId: maker.accountId, sourceIp: maker.sourceIp, livemode: maker.livemode };
  }
  const user = maker.user;
  if (!maker.userId || !user || user.disabled || user.accountId !== maker.accountId || user.role === "OPERATOR") {
    return { refused: "The portal user who made this batch was disabled or left the account; its orders not yet started were not bought." };
  }
  return {
    kind: "user",
    userId: maker.userId,
    email: user.email,
    role: user.role,
    accountId: maker.accountId,
    sourceIp: maker.sourceIp,
    livemode: maker.livemode,
  };
}

function buy(actor: Actor, order: ClaimedBatchOrder): Promise<PurchaseResult> {
  switch (order.kind) {
    case "DATA":
      return purchaseData(actor, order.body);
    case "AIRTIME":
      return purchaseAirtime(actor, order.body);
    case "BILL":
      return payBill(actor, order.servicePath ?? "", order.body);
  }
}

/** The transaction stored under the order's reference in the batch's account and mode, if any. */
async function storedTransactionId(order: ClaimedBatchOrder): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(sql`
    SELECT id FROM transactions
    WHERE account_id = ${order.maker.accountId}::uuid AND livemode = ${order.maker.livemode} AND client_reference = ${order.clientReference}`);
  return row?.id ?? null;
}

async function outcomeOf(order: ClaimedBatchOrder): Promise<Outcome | null> {
  const actor = actorOf(order.maker);
  if ("refused" in actor) return { transactionId: null, error: { name: "unauthorized", reason: actor.refused }, stop: true };
  try {
    const result = await buy(actor, order);
    return { transactionId: result.transaction.id, error: null, stop: false };
  } catch (error) {
    if (isAppError(error)) {
      // provider.unavailable after the vend: the transaction exists, failed and refunded; the order shows it.
      const transactionId = error.code === "provider.unavailable" ? await storedTransactionId(order) : null;
      return { transactionId, error: { name: error.code, reason: error.message }, stop: STOPS_THE_BATCH.has(error.code) };
    }
    logger.error(
      { component: "batches", batchId: order.maker.batchId, position: order.position, attempts: order.attempts, err: error },
      "batch order failed unexpectedly",
    );
    if (order.attempts < MAX_ATTEMPTS) return null;
    return {
      transactionId: await storedTransactionId(order),
      error: { name: "generalErrors", reason: "The order could not be processed. Quote the batch reference when you contact support." },
      stop: false,
    };
  }
}

/** Buys the order and records what became of it; true when that completed its batch. */
export async function processBatchOrder(order: ClaimedBatchOrder): Promise<boolean> {
  const outcome = await outcomeOf(order);
  if (!outcome) return false;
  const [row] = await queryRows<{ completed: boolean }>(sql`
    SELECT record_batch_order_outcome(${order.id}::bigint, ${outcome.transactionId}::uuid, ${outcome.error?.name ?? null},
      ${outcome.error?.reason ?? null}, ${outcome.stop}) AS completed`);
  return row?.completed === true;
}
