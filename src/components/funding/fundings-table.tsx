/**
 * Fundings as the Fund wallet page and the operator console list them (README "Funding by bank
 * transfer"): when, what was credited, the fee taken off, how it came and from whom, its reference.
 * Shaped by the same FundingView the REST API answers with.
 */
import { formatDateTime } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { cellClass, DataTable, rowHeaderClass } from "~/components/ui/data-table";
import { FUNDING_CHANNEL_LABELS, type FundingView } from "~/schemas/funding";

const COLUMNS = [
  { label: "Credited" },
  { label: "Amount", align: "right" as const },
  { label: "Fee", align: "right" as const },
  { label: "How" },
  { label: "From" },
  { label: "Reference" },
];

export function FundingsTable({ items, caption }: { items: readonly FundingView[]; caption: string }) {
  return (
    <DataTable caption={caption} columns={COLUMNS}>
      {items.map((funding) => (
        <tr key={funding.id}>
          <th scope="row" className={`${rowHeaderClass} whitespace-nowrap`}>
            {formatDateTime(funding.createdAt)}
          </th>
          <td className={`${cellClass} text-right tabular-nums`}>{formatNaira(funding.amount)}</td>
          <td className={`${cellClass} text-right text-slate-600 tabular-nums`}>{funding.fee > 0 ? formatNaira(funding.fee) : "–"}</td>
          <td className={cellClass}>{FUNDING_CHANNEL_LABELS[funding.channel]}</td>
          <td className={cellClass}>
            {funding.payerName ?? "–"}
            {funding.payerBank && <span className="block text-xs text-slate-500">{funding.payerBank}</span>}
          </td>
          <td className={`${cellClass} font-mono text-xs break-all`}>{funding.reference ?? "–"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
