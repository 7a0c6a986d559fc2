/**
 * GET /api/v1/transactions: newest first, keyset-paginated on (createdAt, id) so pages stay stable
 * while new purchases arrive. `from` is inclusive and `to` exclusive; a date without a time means
 * midnight in Africa/Lagos, the service's calendar.
 */
import { Prisma } from "~/generated/prisma/client";
import { listTransactionsQuery, type ListTransactionsQuery } from "~/schemas/purchases";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { toTransactionView, type TransactionView } from "~/server/services/purchases/transaction-view";
import { accountModeCondition, decodeCursor, encodeCursor, listBound, selectTransactionPage } from "./transaction-reads";

export interface TransactionPage {
  data: TransactionView[];
  nextCursor: string | null;
}

export async function listTransactions(actor: Actor, named: string, query: Partial<ListTransactionsQuery>): Promise<TransactionPage> {
  const accountId = actingAccountId(actor, named);
  const { from, to, limit, cursor } = parseInput(listTransactionsQuery, query);
  const conditions = [accountModeCondition(accountId, actorLivemode(actor))];
  if (from !== undefined) conditions.push(Prisma.sql`t.created_at >= ${listBound(from)}`);
  if (to !== undefined) conditions.push(Prisma.sql`t.created_at < ${listBound(to)}`);
  const rows = await selectTransactionPage(Prisma.join(conditions, " AND "), {
    limit: limit + 1,
    after: cursor ? decodeCursor(cursor, "this API") : null,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toTransactionView), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
