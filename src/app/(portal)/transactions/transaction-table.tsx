import Link from "next/link";
import { formatNaira } from "~/components/money";
import { Reference } from "~/components/reference";
import { SERVICE_LABELS_BY_API_NAME } from "~/schemas/portal-transactions";
import { StatusBadge } from "~/components/status-badge";
import type { PortalTransactionView } from "~/server/services/transactions/transaction-reads";
import { formatDateTime } from "~/components/dates";
import { DataTable } from "~/components/ui/data-table";

/** One table of service names for the portal, the dashboard and the invoices (SERVICE_LABELS). */
export function serviceName(service: PortalTransactionView["service"]): string {
  return SERVICE_LABELS_BY_API_NAME[service];
}

const COLUMNS = [
  { label: "Purchase" },
  { label: "Recipient", className: "hidden sm:table-cell" },
  { label: "Date (Lagos)", className: "hidden md:table-cell" },
  { label: "Amount", align: "right" },
  { label: "Status", className: "hidden sm:table-cell" },
] as const;

/**
 * Transactions as a table whose reference links to the detail page. On a phone the recipient and date
 * move under the reference and the status under the amount, so the table fits the screen; anything
 * wider scrolls inside its own box, never the page.
 */
export function TransactionTable({ items, caption }: { items: PortalTransactionView[]; caption: string }) {
  return (
    <DataTable caption={caption} columns={COLUMNS} card>
      {items.map((item) => (
        <tr key={item.id} className="align-top hover:bg-slate-50">
          <td className="px-3 py-2.5">
            <Link
              href={`/transactions/${item.id}`}
              className="block font-medium text-emerald-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              <Reference value={item.clientReference} />
            </Link>
            <span className="block text-xs text-slate-500">
              {serviceName(item.service)}
              {item.productName ? ` · ${item.productName}` : ""}
            </span>
            <span className="block text-xs break-all text-slate-500 sm:hidden">{item.recipient}</span>
            <span className="block text-xs text-slate-500 md:hidden">{formatDateTime(item.createdAt)}</span>
          </td>
          <td className="hidden px-3 py-2.5 font-mono text-xs text-slate-700 sm:table-cell">{item.recipient}</td>
          <td className="hidden px-3 py-2.5 whitespace-nowrap text-slate-600 md:table-cell">{formatDateTime(item.createdAt)}</td>
          <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
            {formatNaira(item.amount)}
            {/* On a phone the status sits under the amount rather than in a column of its own. */}
            <span className="mt-1 block sm:hidden">
              <StatusBadge status={item.status} />
            </span>
          </td>
          <td className="hidden px-3 py-2.5 sm:table-cell">
            <StatusBadge status={item.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
