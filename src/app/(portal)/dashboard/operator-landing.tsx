"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { QueryLoadError } from "~/components/ui/load-states";
import { formatNaira } from "~/components/money";
import { Notice } from "~/components/ui/notices";
import { cardClass } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";

function Figure({ label, value, detail, href }: { label: string; value: string | undefined; detail?: string; href?: string }) {
  const shown = value ?? "…";
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">
        {href && value !== undefined ? (
          <Link href={href} className={linkClass}>
            {shown}
            <span className="sr-only"> (open the list)</span>
          </Link>
        ) : (
          shown
        )}
      </dd>
      {detail && <dd className="mt-1 text-sm text-slate-500">{detail}</dd>}
    </div>
  );
}

function count(value: number | undefined): string | undefined {
  return value?.toLocaleString("en-NG");
}

/** "97.5%": one decimal, never rounded up to a perfect 100% while anything failed. */
function percent(rate: number): string {
  return `${(Math.floor(rate * 1000) / 10).toFixed(1)}%`;
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
      <dt className="text-sm font-medium text-slate-500">Upstream balance{data ? ` (${data.provider})` : ""}</dt>
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
  const today = overview.data?.today;

  return (
    <section aria-labelledby="operator-heading" className="mt-6">
      <h2 id="operator-heading" className="sr-only">
        Platform at a glance
      </h2>
      {overview.isError ? (
        <QueryLoadError query={overview} what="the platform figures" />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={overview.isPending}>
          <Figure
            label="Today's sales"
            value={today ? formatNaira(today.salesValue) : undefined}
            detail={today ? `${count(today.salesCount)} ${today.salesCount === 1 ? "purchase" : "purchases"} (Lagos day)` : undefined}
            href={today ? `/operator/transactions?from=${today.day}&to=${today.day}` : undefined}
          />
          <Figure
            label="Success rate today"
            value={today ? (today.successRate === null ? "—" : percent(today.successRate)) : undefined}
            detail={today ? `${count(today.successful)} successful, ${count(today.failed)} failed` : undefined}
          />
          <Figure
            label="Pending transactions"
            value={count(overview.data?.pendingTransactions)}
            detail="Awaiting the upstream's answer"
            href="/operator/transactions?status=pending"
          />
          <UpstreamWallet />
          <Figure label="Accounts" value={count(overview.data?.accounts)} href="/operator" />
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
