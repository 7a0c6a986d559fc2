import type { Metadata } from "next";
import { Suspense } from "react";
import { roleLabel } from "~/components/role-label";
import { readSpendPeriod } from "~/schemas/dashboard";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { AccountDashboard } from "./account-dashboard";
import { AccountName } from "./account-name";
import { OperatorLanding } from "./operator-landing";
import { RECENT_TRANSACTIONS_INPUT } from "./recent-transactions";
import { TestModeDashboard } from "./test-mode-dashboard";

export const metadata: Metadata = { title: "Dashboard · Reseller Portal" };

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await pageAccess("dashboard");
  // The period of the figures' card, chosen by its presets (`?period=30d`).
  const period = readSpendPeriod((await searchParams).period);
  const operator = actor.role === "OPERATOR";
  // Test data on (docs/integrating.md "Test mode"): the summary's figures are live ones, so that view has its
  // own reads.
  const testData = actor.livemode === false;
  prefetch(trpc.session.me.queryOptions());
  if (operator) prefetch(trpc.dashboard.operatorOverview.queryOptions());
  else if (testData) {
    prefetch(trpc.purchases.balance.queryOptions());
    prefetch(trpc.transactions.list.queryOptions(RECENT_TRANSACTIONS_INPUT));
  } else {
    prefetch(trpc.dashboard.summary.queryOptions());
    prefetch(trpc.dashboard.period.queryOptions({ period }));
  }

  return (
    <HydrateClient>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <Suspense fallback={<p className="text-lg text-slate-400">Loading…</p>}>
          <AccountName />
        </Suspense>
      </div>
      {/* A long e-mail is one word: it must wrap, or a phone's page scrolls sideways. */}
      <p className="mt-1 text-sm break-words text-slate-600">
        Signed in as {actor.email} ({roleLabel(actor.role)})
      </p>
      {operator ? (
        <OperatorLanding />
      ) : testData ? (
        <TestModeDashboard canManageWallet={actor.role === "OWNER"} />
      ) : (
        <AccountDashboard period={period} />
      )}
    </HydrateClient>
  );
}
