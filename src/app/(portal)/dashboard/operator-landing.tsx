"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass } from "~/components/ui/buttons";
import { QueryLoadError } from "~/components/ui/load-states";
import { cardClass } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">{value === undefined ? "…" : value.toLocaleString("en-NG")}</dd>
    </div>
  );
}

/** Operators have no account of their own: a glance at the platform and the way to the operator area. */
export function OperatorLanding() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.dashboard.operatorOverview.queryOptions());

  return (
    <section aria-labelledby="operator-heading" className="mt-6">
      <h2 id="operator-heading" className="sr-only">
        Platform at a glance
      </h2>
      {overview.isError ? (
        <QueryLoadError query={overview} what="the platform figures" />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2" aria-busy={overview.isPending}>
          <Figure label="Accounts" value={overview.data?.accounts} />
          <Figure label="Pending transactions" value={overview.data?.pendingTransactions} />
        </dl>
      )}
      <p className="mt-6">
        <Link href="/operator" className={buttonClass("primary")}>
          Go to the operator area
        </Link>
      </p>
    </section>
  );
}
