import { assertAccountAccess, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { toTransactionView, type PurchaseRow, type TransactionView } from "~/server/services/purchases/transaction-view";

/** GET /api/v1/transactions/{clientReference}: the transaction as it stands now, of the caller's account only. */
export async function getTransaction(actor: Actor, accountId: string, clientReference: string): Promise<TransactionView> {
  assertAccountAccess(actor, accountId);
  const rows = await db.$queryRaw<PurchaseRow[]>`
    SELECT * FROM transactions WHERE account_id = ${accountId}::uuid AND client_reference = ${clientReference}`;
  const row = rows[0];
  if (!row) throw new AppError("transaction.not_found", `No transaction with clientReference '${clientReference}'.`);
  return toTransactionView(row);
}
