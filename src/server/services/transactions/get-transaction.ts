import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/server/errors";
import { toTransactionView, type TransactionView } from "~/server/services/purchases/transaction-view";
import { accountModeCondition, selectTransactionPage } from "./transaction-reads";

/**
 * GET /api/v1/transactions/{clientReference} (and the Buy pages' poll): the transaction as it stands
 * now, of the caller's account and mode only; `named` undefined means the actor's own.
 */
export async function getTransaction(actor: Actor, named: string | undefined, clientReference: string): Promise<TransactionView> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const [row] = await selectTransactionPage(
    Prisma.sql`${accountModeCondition(accountId, actorLivemode(actor))} AND t.client_reference = ${clientReference}`,
    { limit: 1 },
  );
  if (!row) throw new AppError("transaction.not_found", `No transaction with clientReference '${clientReference}'.`);
  return toTransactionView(row);
}
