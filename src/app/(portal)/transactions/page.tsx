import type { Metadata } from "next";
import { noticeClass } from "~/components/ui/notices";
import { filterFromSearchParams, filterToSearchParams, shownFromSearchParams } from "~/schemas/portal-transactions";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { ExportCsvLink } from "./export-csv-link";
import { TransactionFilters } from "./transaction-filters";
import { AccountHeading } from "./account-heading";
import { TransactionList } from "./transaction-list";

export const metadata: Metadata = { title: "Transactions · Reseller Portal" };

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await pageAccess("transactions", { forAnAccount: Boolean((await searchParams).account) });

  const { filter, problems } = filterFromSearchParams(await searchParams);
  // Account users always see their own account; only operators choose one.
  if (actor.role !== "OPERATOR") delete filter.accountId;
  const query = filterToSearchParams(filter).toString();
  const shown = shownFromSearchParams(await searchParams);
  prefetch(trpc.transactions.list.queryOptions({ filter, limit: shown }));
  if (filter.accountId) prefetch(trpc.operator.account.queryOptions({ accountId: filter.accountId }));

  return (
    <HydrateClient>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Transactions</h1>
          {filter.accountId && <AccountHeading accountId={filter.accountId} />}
          <p className="mt-1 text-sm text-slate-600">Newest first. Dates and times are Lagos time.</p>
        </div>
        <ExportCsvLink filter={filter} shown={shown} href={`/api/portal/transactions.csv${query ? `?${query}` : ""}`} />
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
      <TransactionList filter={filter} shown={shown} />
    </HydrateClient>
  );
}
