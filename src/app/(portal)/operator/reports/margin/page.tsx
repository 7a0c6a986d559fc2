import type { Metadata } from "next";
import { lagosPeriodOf } from "~/server/services/invoices/billing-period";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../operator-page-guard";
import { MarginReportView } from "./margin-report";
import { readMarginChoice } from "./margin-search-params";

export const metadata: Metadata = { title: "Margin · Operator · Reseller Portal" };

export default async function OperatorMarginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!(await isOperatorSession())) return null;
  // The current month in Lagos (the billing time zone) unless a month or days are asked for; decided
  // here, once, so the server's HTML and the browser's first render agree.
  const choice = readMarginChoice(await searchParams, lagosPeriodOf(new Date()));
  prefetch(trpc.catalog.marginReport.queryOptions(choice));

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Margin</h1>
      <p className="mt-1 text-sm text-slate-600">
        Revenue, cost and margin of delivered purchases in a month or a range of days (Lagos time, as invoices). Purchases whose cost was
        not known are counted apart, never as free; the margin rate is over the purchases whose cost is known.
      </p>
      <div className="mt-6">
        <MarginReportView choice={choice} />
      </div>
    </HydrateClient>
  );
}
