import type { AccountOverview } from "~/server/services/accounts/get-account-overview";
import { formatNaira } from "~/components/money";
import { formatDateTime } from "~/components/dates";
import { Empty } from "../../_components/ui";

const KIND_LABELS = { FUNDING: "Funding", PURCHASE: "Purchase", REVERSAL: "Reversal", ADJUSTMENT: "Adjustment" } as const;

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
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-sm" aria-label="Recent ledger entries">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">When</th>
            <th scope="col" className="px-3 py-2 font-medium">Type</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Balance after</th>
            <th scope="col" className="px-3 py-2 font-medium">Details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(entry.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">{KIND_LABELS[entry.kind]}</td>
              <td className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${entry.amount < 0n ? "text-red-700" : "text-emerald-800"}`}>
                {signed(entry.amount)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatNaira(entry.balanceAfter)}</td>
              <td className="min-w-48 px-3 py-2 text-slate-600">{detailsOf(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
