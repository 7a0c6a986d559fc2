import type { Metadata } from "next";
import { noticeClass } from "~/components/ui/notices";
import { filterFromSearchParams, filterToSearchParams } from "~/schemas/portal-transactions";
import { getQueryClient, HydrateClient, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { ExportCsvLink } from "./export-csv-link";
import { TransactionFilters } from "./transaction-filters";
import { nextCursorOf, TRANSACTIONS_PAGE_SIZE } from "./list-query";
import { TransactionList } from "./transaction-list";

export const metadata: Metadata = { title: "Transactions · Reseller Portal" };

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await pageAccess("transactions", { forAnAccount: Boolean((await searchParams).account) });

  const { filter, problems } = filterFromSearchParams(await searchParams);
  // Account users always see their own account; only operators choose one.
  if (actor.role !== "OPERATOR") delete filter.accountId;
  const query = filterToSearchParams(filter).toString();
  const input = { filter, limit: TRANSACTIONS_PAGE_SIZE };
  void getQueryClient().prefetchInfiniteQuery(trpc.transactions.list.infiniteQueryOptions(input, { getNextPageParam: nextCursorOf }));

  return (
    <HydrateClient>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Transactions</h1>
          <p className="mt-1 text-sm text-slate-600">Newest first. Dates and times are Lagos time.</p>
        </div>
        <ExportCsvLink filter={filter} href={`/api/portal/transactions.csv${query ? `?${query}` : ""}`} />
      </div>
      {problems.length > 0 && (
        <div role="alert" className={`mt-4 ${noticeClass("warning")}`}>
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {/* Remounted when the URL's filter changes, so the fields always show what is applied. */}
      <TransactionFilters key={query} filter={filter} />
      <TransactionList filter={filter} />
    </HydrateClient>
  );
}
