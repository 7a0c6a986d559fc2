import { formatNaira } from "~/components/money";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { DashboardSummary } from "~/server/services/dashboard/get-dashboard-summary";
import { formatMonth } from "~/components/dates";
import { cardClass } from "~/components/ui/panel";
import { SpendTable } from "./spend-table";

export function MonthSpendCard({ month }: { month: DashboardSummary["month"] }) {
  const monthName = formatMonth(month.start);
  return (
    <section aria-labelledby="month-heading" className={`h-full ${cardClass}`}>
      <h2 id="month-heading" className="text-sm font-medium text-slate-500">
        Spent in {monthName}
      </h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="month-spend">
        {formatNaira(month.amount)}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {month.count} purchase{month.count === 1 ? "" : "s"} in {monthName}, Lagos time
        {month.failed > 0 ? `, ${month.failed} of them failed` : ""}. Spend is what successful and pending purchases cost; a failed
        purchase&apos;s amount was returned. The Invoices page and the invoice count the same way.
      </p>
      {month.byService.length > 0 ? (
        <div className="mt-4">
          <SpendTable
            caption={`Spend in ${monthName} by service`}
            rowHeading="Service"
            rows={month.byService.map((row) => ({
              key: row.service,
              label: SERVICE_LABELS[row.service],
              count: row.count,
              amount: row.amount,
            }))}
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No purchases yet this month.</p>
      )}
    </section>
  );
}
