"use client";
/**
 * A transaction list's results, whichever list it is (an account's, or the operators' search of every
 * account): the table, how many match (counted by a query of its own, which may answer after the list),
 * and "Load more". How many rows are shown is in the page's URL
 * (`?shown=`), so a reload, a shared link or Back from a transaction returns to the same place; "Load
 * more" replaces the address rather than adding a history entry for every page.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { describeLoadError } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { Empty, LoadError, Loading, QueryLoadError } from "~/components/ui/load-states";
import { MAX_SHOWN_TRANSACTIONS, SHOWN_PARAM, TRANSACTIONS_PAGE_SIZE } from "~/schemas/portal-transactions";
import type { AccountTransactionView, MatchCount, PortalTransactionView } from "~/server/services/transactions/transaction-reads";
import { TransactionTable } from "./transaction-table";

/** How often a list with pending purchases asks again; the reconciler settles them in the background. */
export const PENDING_REFRESH_MS = 5_000;

/**
 * While "Load more" fetches the longer list, the rows already shown stay (not for a new filter: its
 * results would be mistaken for the old one's). The filter is the query's input's.
 */
export function keepRowsWhileLoadingMore(filter: object) {
  const same = JSON.stringify(filter);
  return <Data,>(previous: Data | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): Data | undefined => {
    const input = (previousQuery?.queryKey[1] as { input?: { filter?: object } } | undefined)?.input;
    return input && JSON.stringify(input.filter ?? {}) === same ? previous : undefined;
  };
}

/** Refetch while anything listed is pending. */
export function refreshWhilePending(query: { state: { data?: { items: { status: string }[] } } }): number | false {
  return query.state.data?.items.some((item) => item.status === "pending") ? PENDING_REFRESH_MS : false;
}

interface ListQuery<Item> {
  data?: { items: Item[]; nextCursor: string | null };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** "1 transaction", "234 transactions", "1,000+ transactions". */
export function countWords(total: MatchCount): string {
  const number = `${total.count.toLocaleString("en-NG")}${total.more ? "+" : ""}`;
  return `${number} transaction${total.count === 1 && !total.more ? "" : "s"}`;
}

/** The status line under a list: how many are shown, of how many (while they are counted, of "more"). */
export function shownWords(shown: number, all: boolean, total: MatchCount | undefined): string {
  if (all) return `Showing all ${countWords({ count: shown, more: false })}.`;
  const showing = shown.toLocaleString("en-NG");
  return total ? `Showing ${showing} of ${countWords(total)}.` : `Showing ${showing} transactions; counting the rest…`;
}

export function TransactionResults<Item extends PortalTransactionView | AccountTransactionView>({
  query,
  total,
  shown,
  filtered,
  what,
  empty,
  caption,
}: {
  query: ListQuery<Item>;
  /** How many match, once counted. */
  total: MatchCount | undefined;
  shown: number;
  filtered: boolean;
  /** What failed to load, in words ("your transactions"). */
  what: string;
  /** What an empty list says without filters. */
  empty: string;
  caption: string;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [loadingMore, startLoadingMore] = useTransition();

  if (query.isPending) return <Loading className="mt-6">Loading transactions…</Loading>;
  // A failed "Load more" keeps the rows already shown; only a failed first load replaces the list.
  if (query.isError && !query.data) {
    return (
      <div className="mt-6">
        <QueryLoadError query={query} what={what} />
      </div>
    );
  }
  const data = query.data;
  if (!data) return null;
  if (data.items.length === 0) return <Empty className="mt-6">{filtered ? "No transactions match these filters." : empty}</Empty>;

  const more = data.nextCursor !== null && shown < MAX_SHOWN_TRANSACTIONS;
  const loadMore = () => {
    const next = new URLSearchParams(params);
    next.set(SHOWN_PARAM, String(shown + TRANSACTIONS_PAGE_SIZE));
    startLoadingMore(() => router.replace(`${pathname}?${next}`, { scroll: false }));
  };
  const busy = loadingMore || (query.isFetching && query.isPlaceholderData);

  return (
    <section aria-labelledby="transactions-results" className="mt-6">
      <h2 id="transactions-results" className="sr-only">
        Results
      </h2>
      <TransactionTable items={data.items} caption={caption} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status">
          {shownWords(data.items.length, data.nextCursor === null, total)}
          {data.nextCursor !== null && !more && " Narrow the filters to see the rest, or export them as CSV."}
        </p>
        {more && (
          <button type="button" onClick={loadMore} disabled={busy} className={buttonClass("secondary")}>
            {busy ? "Loading more…" : "Load more"}
          </button>
        )}
      </div>
      {query.isError && (
        <div className="mt-3">
          <LoadError
            message={describeLoadError(query.error, "more transactions")}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )}
    </section>
  );
}
