import { formatNaira } from "~/components/money";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { DashboardSummary } from "~/server/services/dashboard/get-dashboard-summary";
import { formatMonth } from "~/components/dates";

export function MonthSpendCard({ month }: { month: DashboardSummary["month"] }) {
  const monthName = formatMonth(month.start);
  return (
    <section aria-labelledby="month-heading" className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="month-heading" className="text-sm font-medium text-slate-500">
        Spent in {monthName}
      </h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="month-spend">
        {formatNaira(month.amount)}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {month.count} purchase{month.count === 1 ? "" : "s"}. Successful and pending purchases in {monthName}, Lagos time; failed
        purchases are excluded (their amount was returned).
      </p>
      {month.byService.length > 0 ? (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Spend in {monthName} by service</caption>
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Service
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Purchases
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Spend
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {month.byService.map((row) => (
              <tr key={row.service}>
                <th scope="row" className="py-1.5 text-left font-normal">
                  {SERVICE_LABELS[row.service]}
                </th>
                <td className="py-1.5 text-right tabular-nums">{row.count}</td>
                <td className="py-1.5 text-right tabular-nums">{formatNaira(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No purchases yet this month.</p>
      )}
    </section>
  );
}
