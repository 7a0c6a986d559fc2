import type { SummaryRow } from "./types";

/** An order or purchase as label/value lines; long values (references) wrap instead of widening the page. */
export function OrderSummary({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
          <dt className="text-slate-500">{row.label}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
