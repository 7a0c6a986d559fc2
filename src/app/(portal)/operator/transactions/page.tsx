import type { Metadata } from "next";
import { noticeClass } from "~/components/ui/notices";
import {
  ACROSS_ACCOUNTS_SEARCH_MIN,
  filterFromSearchParams,
  filterToSearchParams,
  searchTransactionsInput,
  shownFromSearchParams,
} from "~/schemas/portal-transactions";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { TransactionFilters } from "../../transactions/transaction-filters";
import { TransactionSearch } from "./transaction-search";

export const metadata: Metadata = { title: "Transactions · Operator · Reseller Portal" };

/**
 * Support's lookup: "my recharge to 0803… never came". Every account's live transactions, searched by
 * whatever the caller has in hand (docs/operating.md "Finding a transaction").
 */
export default async function OperatorTransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!(await isOperatorSession())) return null;
  const raw = await searchParams;
  const { filter, problems } = filterFromSearchParams(raw);
  const shown = shownFromSearchParams(raw);
  // A search too short to narrow millions of rows is refused with its reason rather than run.
  const tooShort = !searchTransactionsInput.safeParse({ filter }).success;
  if (tooShort) problems.push(`Search: type at least ${ACROSS_ACCOUNTS_SEARCH_MIN} characters to search every account.`);
  else prefetch(trpc.operator.searchTransactions.queryOptions({ filter, limit: shown }));

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Transactions</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every account&apos;s live purchases, newest first, by phone number (or its last digits), customer number or name, either reference
        or transaction id. Dates and times are Lagos time.
      </p>
      {problems.length > 0 && (
        <div role="alert" className={`mt-4 ${noticeClass("warning")}`}>
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <TransactionFilters key={filterToSearchParams(filter).toString()} filter={filter} />
      {!tooShort && <TransactionSearch filter={filter} shown={shown} />}
    </HydrateClient>
  );
}
