import Link from "next/link";
import { formatNaira } from "~/components/money";
import { Reference } from "~/components/reference";
import { SERVICE_LABELS_BY_API_NAME } from "~/schemas/portal-transactions";
import { StatusBadge } from "~/components/status-badge";
import type { AccountTransactionView, PortalTransactionView } from "~/server/services/transactions/transaction-reads";
import { formatDateTime } from "~/components/dates";
import { linkClass } from "~/components/ui/buttons";
import { DataTable, type Column } from "~/components/ui/data-table";

/** One table of service names for the portal, the dashboard and the invoices (SERVICE_LABELS). */
export function serviceName(service: PortalTransactionView["service"]): string {
  return SERVICE_LABELS_BY_API_NAME[service];
}

const COLUMNS: readonly Column[] = [
  { label: "Purchase" },
  { label: "Recipient", className: "hidden sm:table-cell" },
  { label: "Date (Lagos)", className: "hidden md:table-cell" },
  { label: "Amount", align: "right" },
  { label: "Status", className: "hidden sm:table-cell" },
];
const WITH_ACCOUNT: readonly Column[] = [{ label: "Account", className: "hidden lg:table-cell" }, ...COLUMNS];

function hasAccount(item: PortalTransactionView | AccountTransactionView): item is AccountTransactionView {
  return "accountName" in item;
}

/**
 * Transactions as a table whose reference links to the detail page; transactions of several accounts
 * (the operators' search) name theirs, linked to its page. On a phone the account, recipient and date
 * move under the reference and the status under the amount, so the table fits the screen; anything
 * wider scrolls inside its own box, never the page.
 */
export function TransactionTable({ items, caption }: { items: (PortalTransactionView | AccountTransactionView)[]; caption: string }) {
  const accounts = items.some(hasAccount);
  return (
    <DataTable caption={caption} columns={accounts ? WITH_ACCOUNT : COLUMNS} card>
      {items.map((item) => {
        const account = hasAccount(item) ? (
          <Link href={`/operator/accounts/${item.accountId}`} className={`${linkClass} break-words`}>
            {item.accountName}
          </Link>
        ) : null;
        return (
          <tr key={item.id} className="align-top hover:bg-slate-50">
            {accounts && <td className="hidden px-3 py-2.5 lg:table-cell">{account}</td>}
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
              {account && <span className="block text-xs lg:hidden">{account}</span>}
              <span className="block text-xs break-all text-slate-500 sm:hidden">{item.recipient}</span>
              <span className="block text-xs text-slate-500 md:hidden">{formatDateTime(item.createdAt)}</span>
            </td>
            <td className="hidden px-3 py-2.5 font-mono text-xs text-slate-700 sm:table-cell">
              {item.recipient}
              {item.customerName && <span className="block font-sans text-slate-500">{item.customerName}</span>}
            </td>
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
        );
      })}
    </DataTable>
  );
}
