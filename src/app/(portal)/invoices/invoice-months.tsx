"use client";
import { useQuery } from "@tanstack/react-query";
import { formatNaira } from "~/components/money";
import { useTRPC } from "~/trpc/react";

function monthLabel(period: string): string {
  const [year = 0, month = 1] = period.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The account's billing months (Lagos calendar months) with totals and both downloads. */
export function InvoiceMonths({ accountId }: { accountId?: string }) {
  const trpc = useTRPC();
  const months = useQuery(trpc.invoices.months.queryOptions({ accountId }));
  const query = accountId ? `?accountId=${encodeURIComponent(accountId)}` : "";

  return (
    <section aria-labelledby="invoices-heading">
      <h1 id="invoices-heading" className="text-2xl font-semibold tracking-tight">
        Invoices
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {months.data ? `${months.data.accountName}. ` : ""}
        One invoice per calendar month in Lagos time. The CSV lists every transaction with the address it came from; the PDF
        summarises balances, services and source addresses.
      </p>

      {months.isPending && <p className="mt-6 text-slate-500">Loading invoices…</p>}
      {months.isError && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-800">
          The invoices could not be loaded: {months.error.message}
        </p>
      )}
      {months.data && (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Month</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Purchases</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Charged</th>
                <th scope="col" className="px-4 py-2 font-medium">Download</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.data.months.map((month) => (
                <tr key={month.period}>
                  <th scope="row" className="whitespace-nowrap px-4 py-2 text-left font-medium text-slate-900">
                    {monthLabel(month.period)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{month.purchases}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatNaira(month.charged)}</td>
                  <td className="whitespace-nowrap px-4 py-2">
                    <a
                      className="font-medium text-emerald-700 underline-offset-2 hover:underline"
                      href={`/api/portal/invoices/${month.period}.csv${query}`}
                      aria-label={`Download the ${monthLabel(month.period)} invoice as CSV`}
                    >
                      CSV
                    </a>
                    <span className="mx-2 text-slate-300" aria-hidden="true">|</span>
                    <a
                      className="font-medium text-emerald-700 underline-offset-2 hover:underline"
                      href={`/api/portal/invoices/${month.period}.pdf${query}`}
                      aria-label={`Download the ${monthLabel(month.period)} invoice as PDF`}
                    >
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
