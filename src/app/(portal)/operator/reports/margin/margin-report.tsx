"use client";
/** A month's or a range of days' margin report: the totals and a chart by day, then by account, by service, and each account's services. */
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
import { MarginChart } from "./margin-chart";
import { marginQuery, type MarginChoice } from "./margin-search-params";

const COLUMNS = "sm:grid-cols-[minmax(0,2fr)_4rem_minmax(0,7rem)_minmax(0,7rem)_minmax(0,7rem)_4.5rem_minmax(0,7rem)]";
const HEADINGS = ["", "Sales", "Revenue", "Cost", "Margin", "Margin %", "Uncosted"];

/** "12.5%": the margin over the costed revenue; "—" when nothing was costed. */
export function marginPercent(figures: MarginFigures): string {
  return figures.marginRate === null ? "—" : `${(figures.marginRate * 100).toFixed(1)}%`;
}

export function MarginReportView({ choice }: { choice: MarginChoice }) {
  const trpc = useTRPC();
  const report = useQuery(trpc.catalog.marginReport.queryOptions(choice, { retry: retryUnlessRefused }));
  const problem = report.isError ? readProblem(report.error) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-8">
        <form
          method="get"
          action="/operator/reports/margin"
          aria-label="Choose a month"
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="sm:w-56">
            <TextField
              id="margin-period"
              label="Month"
              name="period"
              type="month"
              defaultValue={"period" in choice ? choice.period : ""}
              hint="Lagos time."
            />
          </div>
          <button type="submit" className={`${buttonClass("secondary")} sm:mb-6`}>
            Show month
          </button>
        </form>
        <form
          method="get"
          action="/operator/reports/margin"
          aria-label="Choose days"
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="sm:w-44">
            <TextField id="margin-from" label="From" name="from" type="date" required defaultValue={"from" in choice ? choice.from : ""} />
          </div>
          <div className="sm:w-44">
            <TextField id="margin-to" label="To" name="to" type="date" required defaultValue={"to" in choice ? choice.to : ""} />
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            Show days
          </button>
        </form>
      </div>

      {report.isPending && <Loading>Loading the report…</Loading>}
      {problem &&
        (problem.appCode === "validation.failed" ? (
          <ErrorAlert>
            {"period" in choice
              ? `“${choice.period}” is not a month that can be reported: choose the current month or an earlier one.`
              : "These days cannot be reported: choose a start and an end no more than a year apart, the end not before the start."}{" "}
            {Object.values(problem.fieldErrors).join(" ")}
          </ErrorAlert>
        ) : (
          <QueryLoadError query={report} what="the margin report" />
        ))}
      {report.data && (
        <>
          <Panel id="margin-total-heading" title={`Total, ${report.data.label}`}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" aria-label="Totals">
              <Figure label="Sales" value={report.data.total.count} />
              <Figure label="Revenue" value={formatNaira(report.data.total.revenue)} />
              <Figure label="Cost" value={formatNaira(report.data.total.cost)} />
              <Figure label="Margin" value={formatNaira(report.data.total.margin)} />
              <Figure label="Margin %" value={marginPercent(report.data.total)} />
              <Figure label="Uncosted" value={uncosted(report.data.total)} />
            </dl>
            {report.data.lines.length > 0 && (
              <p className="mt-4">
                <a href={`/api/portal/margin.csv?${marginQuery(choice)}`} download className={buttonClass("secondary")}>
                  Export CSV<span className="sr-only"> of the margin report, {report.data.label}</span>
                </a>
              </p>
            )}
          </Panel>
          {report.data.lines.length === 0 ? (
            <Empty>No delivered purchases in {report.data.label}.</Empty>
          ) : (
            <>
              <MarginChart days={report.data.byDay} />
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
                id="margin-upstreams-heading"
                title="By upstream"
                rows={report.data.byUpstream.map((row) => ({
                  key: row.upstream ?? "",
                  name: row.upstream ?? "Not recorded",
                  figures: row,
                }))}
              />
              <FiguresPanel
                id="margin-lines-heading"
                title="By account, service and upstream"
                rows={report.data.lines.map((row) => ({
                  key: `${row.accountId}:${row.service}:${row.upstream ?? ""}`,
                  name: `${row.accountName} · ${serviceLabel(row.service)} · ${row.upstream ?? "upstream not recorded"}`,
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
      <ResponsiveList
        label={title}
        columns={COLUMNS}
        headings={HEADINGS}
        numericColumns={HEADINGS.length - 1}
        withActions={false}
        items={rows}
        itemKey={(row) => row.key}
      >
        {(row) => (
          <>
            <div className="min-w-0 font-medium text-slate-900">{row.name}</div>
            <ItemFacts>
              <ItemFact label="Sales" numeric>
                {row.figures.count}
              </ItemFact>
              <ItemFact label="Revenue" numeric>
                {formatNaira(row.figures.revenue)}
              </ItemFact>
              <ItemFact label="Cost" numeric>
                {formatNaira(row.figures.cost)}
              </ItemFact>
              <ItemFact label="Margin" numeric>
                {formatNaira(row.figures.margin)}
              </ItemFact>
              <ItemFact label="Margin %" numeric>
                {marginPercent(row.figures)}
              </ItemFact>
              <ItemFact label="Uncosted" numeric>
                {uncosted(row.figures)}
              </ItemFact>
            </ItemFacts>
          </>
        )}
      </ResponsiveList>
    </Panel>
  );
}
