import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { toTransactionView, type PurchaseRow, type TransactionView } from "~/server/services/purchases/transaction-view";

/**
 * GET /api/v1/transactions/{clientReference} (and the Buy pages' poll): the transaction as it stands
 * now, of the caller's account only; `named` undefined means the actor's own.
 */
export async function getTransaction(actor: Actor, named: string | undefined, clientReference: string): Promise<TransactionView> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const rows = await db.$queryRaw<PurchaseRow[]>`
    SELECT * FROM transactions WHERE account_id = ${accountId}::uuid AND client_reference = ${clientReference}`;
  const row = rows[0];
  if (!row) throw new AppError("transaction.not_found", `No transaction with clientReference '${clientReference}'.`);
  return toTransactionView(row);
}
