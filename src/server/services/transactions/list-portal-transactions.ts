/**
 * The portal's transaction list: filtered by service, status, Lagos dates and a search of every
 * identifier the detail page shows (searchCondition), newest first, keyset-paginated on (createdAt,
 * id) so pages stay stable while purchases arrive (how many match: count-portal-transactions.ts). The REST
 * list (list-transactions.ts) keeps the contract's shape; this one adds the columns the portal shows.
 */
import { listPortalTransactionsInput, type ListPortalTransactionsInput } from "~/schemas/portal-transactions";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import {
  CHOOSE_TRANSACTIONS_ACCOUNT,
  decodeCursor,
  encodeCursor,
  filterCondition,
  selectTransactionPage,
  toPortalTransactionView,
  type PortalTransactionView,
} from "./transaction-reads";

export interface PortalTransactionPage {
  items: PortalTransactionView[];
  nextCursor: string | null;
}

export async function listPortalTransactions(actor: Actor, input: ListPortalTransactionsInput): Promise<PortalTransactionPage> {
  const { filter, limit, cursor } = parseInput(listPortalTransactionsInput, input);
  const accountId = actingAccountId(actor, filter.accountId, CHOOSE_TRANSACTIONS_ACCOUNT);
  const where = filterCondition(accountId, actorLivemode(actor), filter);
  const rows = await selectTransactionPage(where, { limit: limit + 1, after: cursor ? decodeCursor(cursor) : null });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toPortalTransactionView), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
