"use client";
/** One month's margin report: the totals, then by account, by service, and each account's services. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatNaira } from "~/components/money";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { Figure } from "~/components/ui/figure";
import type { MarginFigures } from "~/server/services/reports/margin-report";
import { useTRPC } from "~/trpc/react";
import { serviceLabel } from "../../_components/catalog-words";
import { readProblem } from "../../_components/problem";

const COLUMNS = "sm:grid-cols-[minmax(0,2fr)_4rem_minmax(0,7rem)_minmax(0,7rem)_minmax(0,7rem)_minmax(0,7rem)]";
const HEADINGS = ["", "Sales", "Revenue", "Cost", "Margin", "Uncosted"];

export function MarginReportView({ period }: { period: string }) {
  const trpc = useTRPC();
  const report = useQuery(trpc.catalog.marginReport.queryOptions({ period }, { retry: retryUnlessRefused }));

  return (
    <div className="space-y-6">
      <form
        method="get"
        action="/operator/reports/margin"
        aria-label="Choose a month"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="sm:w-56">
          <TextField id="margin-period" label="Month" name="period" type="month" defaultValue={period} hint="Lagos time." />
        </div>
        <button type="submit" className={`${buttonClass("secondary")} sm:mb-6`}>
          Show month
        </button>
      </form>

      {report.isPending && <Loading>Loading the report…</Loading>}
      {report.isError &&
        (readProblem(report.error).appCode === "validation.failed" ? (
          <ErrorAlert>
            “{period}” is not a month that can be reported: choose the current month or an earlier one.{" "}
            {readProblem(report.error).fieldErrors.period}
          </ErrorAlert>
        ) : (
          <QueryLoadError query={report} what="the margin report" />
        ))}
      {report.data && (
        <>
          <Panel id="margin-total-heading" title={`Total, ${report.data.label}`}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Totals">
              <Figure label="Sales" value={report.data.total.count} />
              <Figure label="Revenue" value={formatNaira(report.data.total.revenue)} />
              <Figure label="Cost" value={formatNaira(report.data.total.cost)} />
              <Figure label="Margin" value={formatNaira(report.data.total.margin)} />
              <Figure label="Uncosted" value={uncosted(report.data.total)} />
            </dl>
          </Panel>
          {report.data.lines.length === 0 ? (
            <Empty>No delivered purchases in {report.data.label}.</Empty>
          ) : (
            <>
              <FiguresPanel
                id="margin-accounts-heading"
                title="By account"
                rows={report.data.byAccount.map((row) => ({
                  key: row.accountId,
                  name: (
                    <Link href={`/operator/accounts/${row.accountId}`} className={`break-words ${linkClass}`}>
                      {row.accountName}
                    </Link>
                  ),
                  figures: row,
                }))}
              />
              <FiguresPanel
                id="margin-services-heading"
                title="By service"
                rows={report.data.byService.map((row) => ({ key: row.service, name: serviceLabel(row.service), figures: row }))}
              />
              <FiguresPanel
                id="margin-lines-heading"
                title="By account and service"
                rows={report.data.lines.map((row) => ({
                  key: `${row.accountId}:${row.service}`,
                  name: `${row.accountName} · ${serviceLabel(row.service)}`,
                  figures: row,
                }))}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

function uncosted(figures: MarginFigures): string {
  return figures.uncostedCount === 0 ? "—" : `${figures.uncostedCount} · ${formatNaira(figures.uncostedRevenue)}`;
}

function FiguresPanel({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: { key: string; name: ReactNode; figures: MarginFigures }[];
}) {
  return (
    <Panel id={id} title={title}>
      <ResponsiveList label={title} columns={COLUMNS} headings={HEADINGS} withActions={false} items={rows} itemKey={(row) => row.key}>
        {(row) => (
          <>
            <div className="min-w-0 font-medium text-slate-900">{row.name}</div>
            <ItemFacts>
              <ItemFact label="Sales">{row.figures.count}</ItemFact>
              <ItemFact label="Revenue">{formatNaira(row.figures.revenue)}</ItemFact>
              <ItemFact label="Cost">{formatNaira(row.figures.cost)}</ItemFact>
              <ItemFact label="Margin">{formatNaira(row.figures.margin)}</ItemFact>
              <ItemFact label="Uncosted">{uncosted(row.figures)}</ItemFact>
            </ItemFacts>
          </>
        )}
      </ResponsiveList>
    </Panel>
  );
}
