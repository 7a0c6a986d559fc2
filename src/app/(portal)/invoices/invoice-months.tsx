"use client";
import { useQuery } from "@tanstack/react-query";
import { formatNaira } from "~/components/money";
import { accountQuery } from "~/schemas/account-param";
import { linkClass } from "~/components/ui/buttons";
import { cellClass, DataTable } from "~/components/ui/data-table";
import { Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";

function monthLabel(period: string): string {
  const [year = 0, month = 1] = period.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

const MONTH_COLUMNS = [
  { label: "Month" },
  { label: "Purchases", align: "right" },
  { label: "Failed", align: "right" },
  { label: "Charged", align: "right" },
  { label: "Download", className: "hidden sm:table-cell" },
] as const;

/** The account's billing months (Lagos calendar months) with totals and both downloads. */
export function InvoiceMonths({ accountId, testData = false }: { accountId?: string; testData?: boolean }) {
  const trpc = useTRPC();
  const months = useQuery(trpc.invoices.months.queryOptions({ accountId }));
  const query = accountQuery(accountId);

  return (
    <section aria-labelledby="invoices-heading">
      <h1 id="invoices-heading" className="text-2xl font-semibold tracking-tight">
        Invoices
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {months.data ? `${months.data.accountName}. ` : ""}
        One invoice per calendar month in Lagos time. The CSV lists every transaction with the address it came from; the PDF summarises
        balances, funding, services and source addresses. Purchases counts every purchase, failed ones included; Charged is what successful
        and pending purchases cost (a failed purchase&apos;s amount was returned), as on the dashboard and in the invoice. The current
        month&apos;s invoice is provisional until the month ends.
      </p>
      {testData && (
        // Under the test-data banner ("nothing here is real") these would pass for test figures: they are not.
        <Notice tone="info" className="mt-3">
          Invoices cover live purchases only, Test data on or off: the months below are real, and test purchases are never invoiced.
        </Notice>
      )}

      {months.isPending && <Loading className="mt-6">Loading invoices…</Loading>}
      {months.isError && <ErrorAlert className="mt-6">The invoices could not be loaded: {months.error.message}</ErrorAlert>}
      {months.data && (
        <div className="mt-6">
          <DataTable columns={MONTH_COLUMNS} card>
            {months.data.months.map((month) => (
              <tr key={month.period}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900 sm:whitespace-nowrap">
                  {monthLabel(month.period)}
                  {/* On a phone the downloads sit under the month rather than in a column off the screen's edge. */}
                  <span className="mt-1 block font-normal sm:hidden">
                    <Downloads period={month.period} query={query} />
                  </span>
                </th>
                <td className={`${cellClass} text-right tabular-nums`}>{month.purchases}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{month.failed}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{formatNaira(month.charged)}</td>
                <td className={`${cellClass} hidden sm:table-cell`}>
                  <Downloads period={month.period} query={query} />
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}

function Downloads({ period, query }: { period: string; query: string }) {
  return (
    <>
      <a
        className={linkClass}
        href={`/api/portal/invoices/${period}.csv${query}`}
        aria-label={`Download the ${monthLabel(period)} invoice as CSV`}
      >
        CSV
      </a>
      <span className="mx-2 text-slate-300" aria-hidden="true">
        |
      </span>
      <a
        className={linkClass}
        href={`/api/portal/invoices/${period}.pdf${query}`}
        aria-label={`Download the ${monthLabel(period)} invoice as PDF`}
      >
        PDF
      </a>
    </>
  );
}
