import type { AccountOverview } from "~/server/services/accounts/get-account-overview";
import { formatNaira } from "~/components/money";
import { formatDateTime } from "~/components/dates";
import { cellClass, DataTable } from "~/components/ui/data-table";
import { Empty } from "~/components/ui/load-states";

const KIND_LABELS = { FUNDING: "Funding", PURCHASE: "Purchase", REVERSAL: "Reversal", ADJUSTMENT: "Adjustment" } as const;

const LEDGER_COLUMNS = [
  { label: "When" },
  { label: "Type" },
  { label: "Amount", align: "right" },
  { label: "Balance after", align: "right" },
  { label: "Details" },
] as const;

function signed(amount: bigint): string {
  return amount < 0n ? `−${formatNaira(-amount)}` : `+${formatNaira(amount)}`;
}

function detailsOf(entry: AccountOverview["recentLedger"][number]): string {
  const parts: string[] = [];
  if (entry.fundingReference) parts.push(`Ref ${entry.fundingReference}`);
  if (entry.clientReference) parts.push(`Order ${entry.clientReference}`);
  if (entry.note) parts.push(entry.note);
  if (entry.userEmail) parts.push(`by ${entry.userEmail}`);
  return parts.join(" · ") || "—";
}

/** The newest ledger entries of an account, each with the balance after it. */
export function LedgerTable({ entries }: { entries: AccountOverview["recentLedger"] }) {
  if (entries.length === 0) return <Empty>No ledger entries yet. The first funding will appear here.</Empty>;
  return (
    <DataTable label="Recent ledger entries" columns={LEDGER_COLUMNS}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={cellClass}>{formatDateTime(entry.createdAt)}</td>
          <td className={cellClass}>{KIND_LABELS[entry.kind]}</td>
          <td className={`${cellClass} text-right tabular-nums ${entry.amount < 0n ? "text-red-700" : "text-emerald-800"}`}>
            {signed(entry.amount)}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{formatNaira(entry.balanceAfter)}</td>
          <td className="min-w-48 px-3 py-2 text-slate-600">{detailsOf(entry)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
