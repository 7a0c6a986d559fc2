"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { QueryLoadError } from "~/components/ui/load-states";
import { formatNaira } from "~/components/money";
import { Notice } from "~/components/ui/notices";
import { cardClass } from "~/components/ui/panel";
import { formatDateTimeSeconds } from "~/components/dates";
import { useTRPC } from "~/trpc/react";
import { upstreamName } from "../operator/_components/routing-words";

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
 * Our wallet at each upstream as last read (by the balance poll, or "Read balances now" on the Upstreams
 * page), from the service the Upstreams page shows: below the upstream's floor a warning, since no routed
 * order goes there then, and an empty wallet refuses every order. "Not read" until a read has been recorded;
 * a failed load says so, never an error page.
 */
function UpstreamWallets() {
  const trpc = useTRPC();
  const health = useQuery(trpc.operator.upstreamHealth.queryOptions());
  const read = health.data?.upstreams.filter(({ wallet }) => wallet.balanceKobo !== null) ?? [];
  if (health.isPending || health.isError || read.length === 0) {
    return (
      <div className={cardClass}>
        <dt className="text-sm font-medium text-slate-500">Upstream balance</dt>
        <dd className="mt-1 text-3xl font-semibold tabular-nums">{health.isPending ? "…" : "Not read"}</dd>
        <dd className="mt-1 text-sm text-slate-500">
          {health.isError ? "The balance could not be loaded." : health.isPending ? "" : "No upstream's wallet has been read yet."}
        </dd>
      </div>
    );
  }
  return read.map(({ name, wallet }) => (
    <div key={name} className={cardClass}>
      <dt className="text-sm font-medium text-slate-500">Upstream balance ({upstreamName(name)})</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums">{formatNaira(wallet.balanceKobo)}</dd>
      <dd className="mt-1 text-sm text-slate-500">Read {formatDateTimeSeconds(wallet.checkedAt)}</dd>
      {wallet.belowFloor ? (
        <dd className="mt-2">
          <Notice tone="warning">
            Below its floor of {formatNaira(wallet.floorKobo)}: no routed order goes to {upstreamName(name)}. Fund its wallet.
          </Notice>
        </dd>
      ) : null}
    </div>
  ));
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
          <UpstreamWallets />
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
