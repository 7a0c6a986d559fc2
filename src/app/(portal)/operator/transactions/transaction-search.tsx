"use client";
import { useQuery } from "@tanstack/react-query";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import { useTRPC } from "~/trpc/react";
import { keepRowsWhileLoadingMore, refreshWhilePending, TransactionResults } from "../../transactions/transaction-results";

/** The operators' search of every account's live transactions, each row naming its account. */
export function TransactionSearch({ filter, shown }: { filter: TransactionFilter; shown: number }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.operator.searchTransactions.queryOptions(
      { filter, limit: shown },
      { refetchInterval: refreshWhilePending, placeholderData: keepRowsWhileLoadingMore(filter) },
    ),
  );
  const count = useQuery(trpc.operator.countSearchedTransactions.queryOptions({ filter }));
  return (
    <TransactionResults
      query={query}
      total={count.data}
      shown={shown}
      filtered={Object.keys(filter).length > 0}
      what="the transactions"
      empty="No live transactions yet."
      caption="Transactions of every account, newest first"
    />
  );
}
