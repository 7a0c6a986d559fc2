"use client";
/**
 * "Export CSV" of the filtered view. When nothing matches it is a disabled button that says why,
 * rather than a link to a file with a header row and nothing else. It reads the list's own query
 * (the same key, so no second request), which the page prefetched: the server's HTML and the
 * browser's first render agree.
 */
import { useQuery } from "@tanstack/react-query";
import { buttonClass } from "~/components/ui/buttons";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import { useTRPC } from "~/trpc/react";
import { keepRowsWhileLoadingMore, refreshWhilePending } from "./transaction-results";

export function ExportCsvLink({ filter, shown, href }: { filter: TransactionFilter; shown: number; href: string }) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.transactions.list.queryOptions(
      { filter, limit: shown },
      { refetchInterval: refreshWhilePending, placeholderData: keepRowsWhileLoadingMore(filter) },
    ),
  );
  const empty = list.data?.items.length === 0;

  if (empty) {
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <button type="button" disabled aria-describedby="export-csv-reason" className={buttonClass("secondary")}>
          Export CSV
        </button>
        <p id="export-csv-reason" className="text-xs text-slate-500">
          {Object.keys(filter).some((key) => key !== "accountId") ? "Nothing to export with these filters." : "Nothing to export yet."}
        </p>
      </div>
    );
  }
  return (
    <a href={href} download className={buttonClass("secondary")}>
      Export CSV<span className="sr-only"> of the transactions shown</span>
    </a>
  );
}
