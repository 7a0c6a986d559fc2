"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { describeLoadError } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { Empty, LoadError, Loading, QueryLoadError } from "~/components/ui/load-states";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import { useTRPC } from "~/trpc/react";
import { nextCursorOf, TRANSACTIONS_PAGE_SIZE } from "./list-query";
import { TransactionTable } from "./transaction-table";

/** How often a list with pending purchases asks again; the reconciler settles them in the background. */
const PENDING_REFRESH_MS = 5_000;

export function TransactionList({ filter }: { filter: TransactionFilter }) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.transactions.list.infiniteQueryOptions(
      { filter, limit: TRANSACTIONS_PAGE_SIZE },
      {
        getNextPageParam: nextCursorOf,
        refetchInterval: (current) =>
          current.state.data?.pages.some((page) => page.items.some((item) => item.status === "pending")) ? PENDING_REFRESH_MS : false,
      },
    ),
  );

  if (query.isPending) return <Loading className="mt-6">Loading transactions…</Loading>;
  // A failed "Load more" keeps the pages already shown; only a failed first load replaces the list.
  if (query.isError && !query.data) {
    return (
      <div className="mt-6">
        <QueryLoadError query={query} what="your transactions" />
      </div>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const filtered = Object.keys(filter).some((key) => key !== "accountId");
  if (items.length === 0) {
    return (
      <Empty className="mt-6">
        {filtered
          ? "No transactions match these filters."
          : "No transactions yet. Purchases made in the portal or through the API appear here."}
      </Empty>
    );
  }

  return (
    <section aria-labelledby="transactions-results" className="mt-6">
      <h2 id="transactions-results" className="sr-only">
        Results
      </h2>
      <TransactionTable items={items} caption="Transactions, newest first" />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status">
          Showing {items.length} transaction{items.length === 1 ? "" : "s"}
          {query.hasNextPage ? "" : " (all of them)"}.
        </p>
        {query.hasNextPage && (
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className={buttonClass("secondary")}
          >
            {query.isFetchingNextPage ? "Loading more…" : "Load more"}
          </button>
        )}
      </div>
      {query.isFetchNextPageError && (
        <div className="mt-3">
          <LoadError
            message={describeLoadError(query.error, "more transactions")}
            onRetry={() => void query.fetchNextPage()}
            retrying={query.isFetchingNextPage}
          />
        </div>
      )}
    </section>
  );
}
