/**
 * How many live transactions of every account (or the one chosen) the operators' search matches (up to
 * COUNT_CAP), asked apart from searchTransactions so that its page never waits for a count.
 */
import { countSearchedTransactionsInput, type CountSearchedTransactionsInput } from "~/schemas/portal-transactions";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { countTransactions, filterCondition, type MatchCount } from "./transaction-reads";

export async function countSearchedTransactions(actor: Actor, input: CountSearchedTransactionsInput): Promise<MatchCount> {
  assertOperator(actor);
  const { filter } = parseInput(countSearchedTransactionsInput, input);
  return countTransactions(filterCondition(filter.accountId ?? null, true, filter));
}
