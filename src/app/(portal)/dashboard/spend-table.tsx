import { formatNaira } from "~/components/money";

export interface SpendRow {
  key: string;
  label: string;
  count: number;
  amount: bigint;
}

/** Purchases and spend per row (a day, a service): the figures of a dashboard card as a small table. */
export function SpendTable({ caption, rowHeading, rows }: { caption: string; rowHeading: string; rows: readonly SpendRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left text-xs tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="py-1 font-medium">
            {rowHeading}
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
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="py-1.5 text-left font-normal">
              {row.label}
            </th>
            <td className="py-1.5 text-right tabular-nums">{row.count}</td>
            <td className="py-1.5 text-right tabular-nums">{formatNaira(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
