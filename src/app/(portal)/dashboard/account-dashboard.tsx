"use client";
import { useQuery } from "@tanstack/react-query";
import { PageQueryStates } from "~/components/ui/load-states";
import type { SpendPeriod } from "~/schemas/dashboard";
import { useTRPC } from "~/trpc/react";
import { BalanceCard } from "./balance-card";
import { DailySpendChart } from "./daily-spend-chart";
import { MonthSpendCard } from "./month-spend-card";
import { PeriodCard } from "./period-card";
import { RecentTransactions } from "./recent-transactions";

/** Refreshed while the page is open, so a purchase made elsewhere (the API, a colleague) shows up. */
const REFRESH_MS = 30_000;

export function AccountDashboard({ period }: { period: SpendPeriod }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions(undefined, { refetchInterval: REFRESH_MS }));

  return (
    <PageQueryStates query={summary} loading="Loading your dashboard…" what="your dashboard">
      {({ balance, month, daily, recent }) => (
        <div className="mt-6 space-y-6">
          <div className="grid gap-4 md:grid-cols-3">
            <BalanceCard balance={balance} />
            <div className="md:col-span-2">
              <MonthSpendCard month={month} />
            </div>
          </div>
          <PeriodCard period={period} />
          <DailySpendChart days={daily} />
          <RecentTransactions items={recent} />
        </div>
      )}
    </PageQueryStates>
  );
}
