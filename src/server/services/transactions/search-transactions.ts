/**
 * Support's first question, "my recharge to 0803… never came": operators find a purchase across every
 * account by whatever they were told (a phone number or its last digits, a customer's number or name,
 * either reference, the transaction id: searchCondition), newest first, each with the account it
 * belongs to. Live transactions only: test mode is play money, and its questions are answered on the
 * account's own pages. Keyset-paginated on (createdAt, id), which transactions_created_at_id_idx walks
 * across accounts (docs/architecture.md "How the portal searches"). How many match: count-searched-transactions.ts.
 */
import { searchTransactionsInput, type SearchTransactionsInput } from "~/schemas/portal-transactions";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import {
  decodeCursor,
  encodeCursor,
  filterCondition,
  selectTransactionPage,
  toPortalTransactionView,
  type AccountTransactionView,
} from "./transaction-reads";

export interface TransactionSearchPage {
  items: AccountTransactionView[];
  nextCursor: string | null;
}

export async function searchTransactions(actor: Actor, input: SearchTransactionsInput): Promise<TransactionSearchPage> {
  assertOperator(actor);
  const { filter, limit, cursor } = parseInput(searchTransactionsInput, input);
  const where = filterCondition(filter.accountId ?? null, true, filter);
  const rows = await selectTransactionPage<{ account_name: string }>(where, {
    limit: limit + 1,
    after: cursor ? decodeCursor(cursor) : null,
    withAccountName: true,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...toPortalTransactionView(row), accountId: row.account_id, accountName: row.account_name })),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}
