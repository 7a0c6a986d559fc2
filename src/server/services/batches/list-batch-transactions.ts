import { listBatchTransactionsQuery, type ListBatchTransactionsQuery } from "~/schemas/batches";
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";
import {
  batchNotFound,
  decodeBatchCursor,
  encodeBatchCursor,
  selectBatchOrders,
  toBatchTransactionView,
  type BatchTransactionView,
} from "./batch-reads";

export interface BatchTransactionPage {
  data: BatchTransactionView[];
  nextCursor: string | null;
}

/**
 * GET /api/v1/batches/{batchReference}/transactions (and the portal's results): the batch's orders in the
 * batch's order, each with its transaction as GET /api/v1/transactions/{clientReference} returns it, or
 * why it was refused without a charge; a page at a time.
 */
export async function listBatchTransactions(
  actor: Actor,
  named: string | undefined,
  batchReference: string,
  query: Partial<ListBatchTransactionsQuery>,
): Promise<BatchTransactionPage> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const { limit, cursor } = parseInput(listBatchTransactionsQuery, query);
  const afterPosition = decodeBatchCursor(cursor);
  const batch = await db.batch.findUnique({
    where: { accountId_livemode_batchReference: { accountId, livemode: actorLivemode(actor), batchReference } },
    select: { id: true },
  });
  if (!batch) throw batchNotFound(batchReference);
  const rows = await selectBatchOrders(batch.id, { afterPosition, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toBatchTransactionView), nextCursor: rows.length > limit && last ? encodeBatchCursor(last.position) : null };
}
