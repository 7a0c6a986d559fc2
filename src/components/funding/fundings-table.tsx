/**
 * Fundings as the Fund wallet page and the operator console list them (docs/operating.md "Funding by bank
 * transfer"): when, what was credited, the fee taken off, how it came and from whom, its reference; a
 * table from `sm` up, a card per funding on a phone. Shaped by the same FundingView the REST API
 * answers with.
 */
import { formatDateTime } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { FUNDING_CHANNEL_LABELS, type FundingView } from "~/schemas/funding";

const COLUMNS = "sm:grid-cols-[9.5rem_7rem_5rem_minmax(0,1fr)_minmax(0,1fr)]";

export function FundingsTable({ items, label }: { items: readonly FundingView[]; label: string }) {
  return (
    <ResponsiveList
      label={label}
      columns={COLUMNS}
      headings={["Credited", "Amount", "Fee", "From", "Reference"]}
      withActions={false}
      items={items}
      itemKey={(funding) => funding.id}
    >
      {(funding) => (
        <>
          <p className="font-medium text-slate-900 sm:font-normal sm:text-slate-700">{formatDateTime(funding.createdAt)}</p>
          <ItemFacts>
            <ItemFact label="Amount">
              <span className="text-emerald-800 tabular-nums">{formatNaira(funding.amount)}</span>
            </ItemFact>
            <ItemFact label="Fee">
              <span className="text-slate-600 tabular-nums">{funding.fee > 0 ? formatNaira(funding.fee) : "–"}</span>
            </ItemFact>
            <ItemFact label="From">
              <span className="break-words">
                {FUNDING_CHANNEL_LABELS[funding.channel]}
                {funding.payerName && <span className="block text-slate-900">{funding.payerName}</span>}
                {funding.payerBank && <span className="block text-xs text-slate-500">{funding.payerBank}</span>}
              </span>
            </ItemFact>
            <ItemFact label="Reference">
              <span className="font-mono text-xs break-all">{funding.reference ?? "–"}</span>
            </ItemFact>
          </ItemFacts>
        </>
      )}
    </ResponsiveList>
  );
}
