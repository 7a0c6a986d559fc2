"use client";
import { useQuery } from "@tanstack/react-query";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import { useTRPC } from "~/trpc/react";
import { keepRowsWhileLoadingMore, refreshWhilePending, TransactionResults } from "./transaction-results";

/** An account's transactions (the signed-in user's, or for operators the account the address names). */
export function TransactionList({ filter, shown }: { filter: TransactionFilter; shown: number }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.transactions.list.queryOptions(
      { filter, limit: shown },
      { refetchInterval: refreshWhilePending, placeholderData: keepRowsWhileLoadingMore(filter) },
    ),
  );
  const count = useQuery(trpc.transactions.count.queryOptions({ filter }));
  return (
    <TransactionResults
      query={query}
      total={count.data}
      shown={shown}
      filtered={Object.keys(filter).some((key) => key !== "accountId")}
      what="your transactions"
      empty="No transactions yet. Purchases made in the portal or through the API appear here."
      caption="Transactions, newest first"
    />
  );
}
