"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass } from "~/components/ui/buttons";
import { QueryLoadError } from "~/components/ui/load-states";
import { formatNaira } from "~/components/money";
import { Notice } from "~/components/ui/notices";
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

/**
 * Our wallet at the upstream (VTpass): below VTPASS_LOW_BALANCE_KOBO a warning, since an empty wallet makes
 * every order fail (refunded, 503). "Not available" for the sandbox or when the upstream does not answer;
 * a failed load is the same, never an error page.
 */
function UpstreamWallet() {
  const trpc = useTRPC();
  const wallet = useQuery(trpc.operator.upstreamBalance.queryOptions());
  const data = wallet.data;
  const value = wallet.isPending ? "…" : data?.available ? formatNaira(data.balanceKobo) : "Not available";
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-slate-500">Upstream wallet{data ? ` (${data.provider})` : ""}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">{value}</dd>
      {data && !data.available ? <dd className="mt-1 text-sm text-slate-500">{data.reason}</dd> : null}
      {wallet.isError ? <dd className="mt-1 text-sm text-slate-500">The balance could not be loaded.</dd> : null}
      {data?.available && data.low ? (
        <dd className="mt-2">
          <Notice tone="warning">
            Low upstream balance: below {formatNaira(data.lowThresholdKobo)}. Fund the VTpass wallet before orders are refused.
          </Notice>
        </dd>
      ) : null}
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
          <UpstreamWallet />
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
