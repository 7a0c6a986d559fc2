import type { AccountOverview } from "~/server/services/accounts/get-account-overview";
import { formatNaira } from "~/components/money";
import { formatDateTime } from "~/components/dates";
import { Empty } from "~/components/ui/load-states";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";

const KIND_LABELS = { FUNDING: "Funding", PURCHASE: "Purchase", REVERSAL: "Reversal", ADJUSTMENT: "Adjustment" } as const;

// The details column takes what is left; the amounts keep the width of a seven-figure naira sum.
const LEDGER_COLUMNS = "sm:grid-cols-[9.5rem_6rem_8rem_8rem_minmax(0,1fr)]";

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

/**
 * The newest ledger entries of an account, each with the balance after it: a table from `sm` up, a
 * card per entry on a phone, so the amounts are never cut off.
 */
export function LedgerTable({ entries }: { entries: AccountOverview["recentLedger"] }) {
  if (entries.length === 0) return <Empty>No ledger entries yet. The first funding will appear here.</Empty>;
  return (
    <ResponsiveList
      label="Recent ledger entries"
      columns={LEDGER_COLUMNS}
      headings={["When", "Type", "Amount", "Balance after"]}
      items={entries}
      itemKey={(entry) => entry.id}
    >
      {(entry) => (
        <>
          <p className="font-medium text-slate-900 sm:font-normal sm:text-slate-700">{formatDateTime(entry.createdAt)}</p>
          <ItemFacts>
            <ItemFact label="Type">{KIND_LABELS[entry.kind]}</ItemFact>
            <ItemFact label="Amount">
              <span className={`tabular-nums ${entry.amount < 0n ? "text-red-700" : "text-emerald-800"}`}>{signed(entry.amount)}</span>
            </ItemFact>
            <ItemFact label="Balance after">
              <span className="tabular-nums">{formatNaira(entry.balanceAfter)}</span>
            </ItemFact>
          </ItemFacts>
          {/* A phone leaves out the placeholder of an entry without details; the table keeps it. */}
          <p className={`mt-2 break-words text-slate-600 sm:mt-0 ${detailsOf(entry) === "—" ? "hidden sm:block" : ""}`}>
            {detailsOf(entry)}
          </p>
        </>
      )}
    </ResponsiveList>
  );
}
