/**
 * `npm run admin -- ledger:check`: proves the money invariants from the ledger itself.
 *  - every wallet's balance (live and test: docs/architecture.md "Test mode in the database") equals the sum of
 *    its ledger entries, and the latest entry's balance_after;
 *  - every purchase was debited exactly once; a failed one was reversed exactly once and for the same
 *    amount; a pending or successful one was never reversed;
 *  - every credited bank transfer has its one FUNDING entry, for the amount credited, on the wallet of
 *    its account and mode (a test one may have been pruned with the test data); one not credited has none.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";

export interface LedgerMismatch {
  accountId: string;
  /** False: the test-mode wallet or a test purchase. */
  livemode: boolean;
  transactionId?: string;
  bankTransferId?: string;
  problem: string;
}

export interface LedgerCheckResult {
  ok: boolean;
  accounts: number;
  transactions: number;
  mismatches: LedgerMismatch[];
}

export async function checkLedger(actor: Actor, options: { accountId?: string } = {}): Promise<LedgerCheckResult> {
  assertOperator(actor);
  const accountId = options.accountId ?? null;
  // One snapshot for both queries, so purchases committing meanwhile cannot show as mismatches.
  return db.$transaction(
    async (tx) => {
      // Each wallet's entries summed, and its latest entry found, in one pass over the ledger: a sum and an
      // "ORDER BY id DESC LIMIT 1" per wallet read each account's entries once per mode, and for a test wallet
      // whose last entry is old walked the whole ledger backwards.
      const wallets = await tx.$queryRaw<
        { account_id: string; livemode: boolean; balance: bigint; ledger_sum: bigint; last_balance_after: bigint | null }[]
      >`
        WITH sums AS (
          SELECT l.account_id, l.livemode, sum(l.amount)::bigint AS ledger_sum, max(l.id) AS last_id
          FROM ledger_entries l
          WHERE ${accountId}::uuid IS NULL OR l.account_id = ${accountId}::uuid
          GROUP BY l.account_id, l.livemode
        )
        SELECT w.account_id, w.livemode, w.balance, COALESCE(s.ledger_sum, 0)::bigint AS ledger_sum,
               latest.balance_after AS last_balance_after
        FROM wallets w
        LEFT JOIN sums s ON s.account_id = w.account_id AND s.livemode = w.livemode
        LEFT JOIN ledger_entries latest ON latest.id = s.last_id
        WHERE ${accountId}::uuid IS NULL OR w.account_id = ${accountId}::uuid`;
      // Only the purchases that break a rule come back (the database compares, over every row): at ten
      // million transactions, sending every row to this process took minutes and gigabytes. Each
      // purchase's ledger entries are summed first, then joined: one pass over each table.
      const purchaseRule = Prisma.sql`${accountId}::uuid IS NULL OR t.account_id = ${accountId}::uuid`;
      const [counted] = await tx.$queryRaw<{ transactions: bigint }[]>`
        SELECT count(*)::bigint AS transactions FROM transactions t WHERE ${purchaseRule}`;
      const purchases = await tx.$queryRaw<
        {
          id: string;
          account_id: string;
          livemode: boolean;
          status: string;
          amount: bigint;
          debits: bigint;
          debit_total: bigint | null;
          reversals: bigint;
          reversal_total: bigint | null;
        }[]
      >`
        WITH entries AS (
          SELECT l.transaction_id,
                 count(*) FILTER (WHERE l.kind = 'PURCHASE')::bigint AS debits,
                 (sum(l.amount) FILTER (WHERE l.kind = 'PURCHASE'))::bigint AS debit_total,
                 count(*) FILTER (WHERE l.kind = 'REVERSAL')::bigint AS reversals,
                 (sum(l.amount) FILTER (WHERE l.kind = 'REVERSAL'))::bigint AS reversal_total
          FROM ledger_entries l
          WHERE l.transaction_id IS NOT NULL AND (${accountId}::uuid IS NULL OR l.account_id = ${accountId}::uuid)
          GROUP BY l.transaction_id
        )
        SELECT t.id, t.account_id, t.livemode, t.status::text AS status, t.amount,
               COALESCE(e.debits, 0)::bigint AS debits, e.debit_total,
               COALESCE(e.reversals, 0)::bigint AS reversals, e.reversal_total
        FROM transactions t LEFT JOIN entries e ON e.transaction_id = t.id
        WHERE (${purchaseRule})
          AND (COALESCE(e.debits, 0) <> 1 OR e.debit_total IS DISTINCT FROM -t.amount
               OR (t.status = 'FAILED' AND (COALESCE(e.reversals, 0) <> 1 OR e.reversal_total IS DISTINCT FROM t.amount))
               OR (t.status <> 'FAILED' AND COALESCE(e.reversals, 0) <> 0))`;

      const transfers = await tx.$queryRaw<
        {
          id: string;
          account_id: string | null;
          livemode: boolean;
          status: string;
          credited: bigint | null;
          entry_kind: string | null;
          entry_amount: bigint | null;
          entry_account: string | null;
          entry_livemode: boolean | null;
        }[]
      >`
        SELECT b.id, b.account_id, b.livemode, b.status::text AS status, b.credited,
               l.kind::text AS entry_kind, l.amount AS entry_amount, l.account_id AS entry_account, l.livemode AS entry_livemode
        FROM bank_transfers b LEFT JOIN ledger_entries l ON l.id = b.ledger_entry_id
        WHERE (${accountId}::uuid IS NULL OR b.account_id = ${accountId}::uuid)
          AND CASE WHEN b.status = 'CREDITED'
                   THEN (l.id IS NULL AND b.livemode) OR (l.id IS NOT NULL AND (l.kind <> 'FUNDING' OR l.amount <> b.credited
                         OR l.account_id <> b.account_id OR l.livemode <> b.livemode))
                   ELSE b.ledger_entry_id IS NOT NULL END`;

      const mismatches: LedgerMismatch[] = [];
      for (const transfer of transfers) {
        mismatches.push({
          accountId: transfer.account_id ?? transfer.entry_account ?? "",
          livemode: transfer.livemode,
          bankTransferId: transfer.id,
          problem:
            transfer.status !== "CREDITED"
              ? `${transfer.status.toLowerCase()} bank transfer has a ledger entry`
              : transfer.entry_kind === null
                ? "credited bank transfer has no ledger entry"
                : `credited ${transfer.credited} but its entry is ${transfer.entry_kind} ${transfer.entry_amount} on another wallet or amount`,
        });
      }
      for (const wallet of wallets) {
        if (wallet.balance !== wallet.ledger_sum) {
          mismatches.push({
            accountId: wallet.account_id,
            livemode: wallet.livemode,
            problem: `balance ${wallet.balance} != ledger sum ${wallet.ledger_sum}`,
          });
        }
        if ((wallet.last_balance_after ?? 0n) !== wallet.balance) {
          mismatches.push({
            accountId: wallet.account_id,
            livemode: wallet.livemode,
            problem: `balance ${wallet.balance} != latest balance_after ${wallet.last_balance_after}`,
          });
        }
      }
      for (const purchase of purchases) {
        const problem =
          purchase.debits !== 1n || purchase.debit_total !== -purchase.amount
            ? `debited ${purchase.debits} times (${purchase.debit_total ?? 0}) for ${purchase.amount}`
            : purchase.status === "FAILED" && (purchase.reversals !== 1n || purchase.reversal_total !== purchase.amount)
              ? `failed but reversed ${purchase.reversals} times (${purchase.reversal_total ?? 0})`
              : purchase.status !== "FAILED" && purchase.reversals !== 0n
                ? `${purchase.status.toLowerCase()} but reversed`
                : null;
        if (problem) mismatches.push({ accountId: purchase.account_id, livemode: purchase.livemode, transactionId: purchase.id, problem });
      }
      const accounts = new Set(wallets.map((wallet) => wallet.account_id)).size;
      return { ok: mismatches.length === 0, accounts, transactions: Number(counted?.transactions ?? 0n), mismatches };
    },
    // Minutes at ten million transactions (docs/performance.md "Performance at volume"): a snapshot read holds
    // no lock a purchase waits for, so the only limit is the operator's patience.
    { isolationLevel: "RepeatableRead", timeout: 60 * 60_000 },
  );
}
