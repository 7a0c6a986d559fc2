"use client";
/**
 * Spend, purchases and the success rate over a chosen period, each beside the period before it
 * (get-spend-in-period.ts). The presets are links (`?period=30d`): the choice is in the address, so a
 * reload or a shared link keeps it, and Back returns to the previous one.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDay } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { QueryStates } from "~/components/ui/load-states";
import { cardClass } from "~/components/ui/panel";
import { SPEND_PERIOD_LABELS, SPEND_PERIODS, type SpendPeriod } from "~/schemas/dashboard";
import type { PeriodFigures } from "~/server/services/dashboard/get-spend-in-period";
import { useTRPC } from "~/trpc/react";

const percent = new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 1 });

/** Purchases that did not fail, of all purchases; pending ones count until they settle. Null without purchases. */
function successRate(figures: PeriodFigures): number | null {
  return figures.purchases === 0 ? null : (figures.purchases - figures.failed) / figures.purchases;
}

function span(figures: PeriodFigures): string {
  return figures.from === figures.to ? formatDay(figures.from) : `${formatDay(figures.from)} – ${formatDay(figures.to)}`;
}

function Figure({ label, value, previous, testId }: { label: string; value: string; previous: string; testId: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-slate-600" data-testid={`${testId}-previous`}>
        Previous period: {previous}
      </dd>
    </div>
  );
}

export function PeriodCard({ period }: { period: SpendPeriod }) {
  const trpc = useTRPC();
  const figures = useQuery(trpc.dashboard.period.queryOptions({ period }, { placeholderData: keepPreviousData }));
  const rate = (value: number | null) => (value === null ? "—" : percent.format(value));

  return (
    <section aria-labelledby="period-heading" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="period-heading" className="text-lg font-semibold">
          Spend and success rate
        </h2>
        <nav aria-label="Period" className="flex flex-wrap gap-1">
          {SPEND_PERIODS.map((each) => (
            <Link
              key={each}
              href={`/dashboard?period=${each}`}
              scroll={false}
              aria-current={each === period ? "page" : undefined}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-[current=page]:border-emerald-700 aria-[current=page]:bg-emerald-700 aria-[current=page]:text-white"
            >
              {SPEND_PERIOD_LABELS[each]}
            </Link>
          ))}
        </nav>
      </div>
      <QueryStates query={figures} loading={<p className="mt-3 text-sm text-slate-600">Loading the figures…</p>}>
        {({ current, previous }) => (
          <>
            <p className="mt-2 text-sm text-slate-600" data-testid="period-span">
              {span(current)}, compared with {span(previous)}. Lagos days; spend is successful and pending purchases, the success rate the
              purchases that did not fail.
            </p>
            <dl className="mt-4 grid gap-3 sm:grid-cols-3">
              <Figure label="Spend" value={formatNaira(current.spend)} previous={formatNaira(previous.spend)} testId="period-spend" />
              <Figure label="Purchases" value={String(current.purchases)} previous={String(previous.purchases)} testId="period-purchases" />
              <Figure
                label="Success rate"
                value={rate(successRate(current))}
                previous={rate(successRate(previous))}
                testId="period-success-rate"
              />
            </dl>
          </>
        )}
      </QueryStates>
    </section>
  );
}
