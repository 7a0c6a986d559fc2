/** The operator's landing figures: how many accounts there are and how many purchases await the reconciler. */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";

export interface OperatorOverview {
  accounts: number;
  pendingTransactions: number;
}

export async function getOperatorOverview(actor: Actor): Promise<OperatorOverview> {
  assertOperator(actor);
  const [accounts, pendingTransactions] = await Promise.all([
    db.account.count(),
    db.transaction.count({ where: { status: "PENDING", livemode: true } }),
  ]);
  return { accounts, pendingTransactions };
}
