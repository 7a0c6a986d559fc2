/**
 * How many of an account's transactions the portal list's filter matches (up to COUNT_CAP), asked apart
 * from the list so that a page never waits for a count (docs/architecture.md "How the portal searches").
 * The same account, mode and filter as listPortalTransactions.
 */
import { countPortalTransactionsInput, type CountPortalTransactionsInput } from "~/schemas/portal-transactions";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { CHOOSE_TRANSACTIONS_ACCOUNT, countTransactions, filterCondition, type MatchCount } from "./transaction-reads";

export async function countPortalTransactions(actor: Actor, input: CountPortalTransactionsInput): Promise<MatchCount> {
  const { filter } = parseInput(countPortalTransactionsInput, input);
  const accountId = actingAccountId(actor, filter.accountId, CHOOSE_TRANSACTIONS_ACCOUNT);
  return countTransactions(filterCondition(accountId, actorLivemode(actor), filter));
}
