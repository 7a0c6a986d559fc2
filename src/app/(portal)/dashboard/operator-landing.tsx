"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/trpc/react";
import { QueryError } from "../transactions/query-error";

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
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
        <QueryError what="the platform figures" onRetry={() => void overview.refetch()} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2" aria-busy={overview.isPending}>
          <Figure label="Accounts" value={overview.data?.accounts} />
          <Figure label="Pending transactions" value={overview.data?.pendingTransactions} />
        </dl>
      )}
      <p className="mt-6">
        <Link
          href="/operator"
          className="inline-block rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          Go to the operator area
        </Link>
      </p>
    </section>
  );
}
