"use client";
/**
 * The dashboard with Test data on (docs/integrating.md "Test mode"): the test wallet and the latest test
 * transactions. The month's spend and the daily chart are left out rather than shown beside them: they
 * come from the live daily totals only, and under a test banner they would read as test figures.
 */
import { useQuery } from "@tanstack/react-query";
import { Notice } from "~/components/ui/notices";
import { QueryStates, LoadingRows } from "~/components/ui/load-states";
import { useTRPC } from "~/trpc/react";
import { RecentTransactions, RECENT_TRANSACTIONS_INPUT } from "./recent-transactions";
import { TestWalletPanel } from "./test-wallet-panel";

/** As the live dashboard: a purchase made elsewhere (a pk_test_ key, a colleague) shows up. */
const REFRESH_MS = 30_000;

export function TestModeDashboard({ canManageWallet }: { canManageWallet: boolean }) {
  const trpc = useTRPC();
  const recent = useQuery(trpc.transactions.list.queryOptions(RECENT_TRANSACTIONS_INPUT, { refetchInterval: REFRESH_MS }));

  return (
    <div className="mt-6 space-y-6">
      <TestWalletPanel canManage={canManageWallet} />
      <Notice tone="info">
        This month&apos;s spend and the daily chart count live purchases only, so they are not shown with test data. Switch to live data to
        see them.
      </Notice>
      <QueryStates query={recent} loading={<LoadingRows label="Loading your test transactions…" />} what="your test transactions">
        {(page) => <RecentTransactions items={page.items} heading="Recent test transactions" />}
      </QueryStates>
    </div>
  );
}
