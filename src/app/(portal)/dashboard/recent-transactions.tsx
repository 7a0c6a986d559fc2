import Link from "next/link";
import { linkClass } from "~/components/ui/buttons";
import { Empty } from "~/components/ui/load-states";
import type { PortalTransactionView } from "~/server/services/transactions/transaction-reads";
import { TransactionTable } from "../transactions/transaction-table";

/** The test-mode dashboard's list: the same ten latest as the live dashboard's, through the transactions list. */
export const RECENT_TRANSACTIONS_INPUT = { filter: {}, limit: 10 };

export function RecentTransactions({ items, heading = "Recent transactions" }: { items: PortalTransactionView[]; heading?: string }) {
  return (
    <section aria-labelledby="recent-heading">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        <Link href="/transactions" className="text-sm font-medium text-emerald-800 underline-offset-2 hover:underline">
          All transactions
        </Link>
      </div>
      <div className="mt-3">
        {items.length > 0 ? (
          <TransactionTable items={items} caption="The ten latest transactions" />
        ) : (
          <Empty>
            No transactions yet.{" "}
            <Link href="/buy" className={linkClass}>
              Make a purchase
            </Link>{" "}
            or use the API; they will appear here.
          </Empty>
        )}
      </div>
    </section>
  );
}
