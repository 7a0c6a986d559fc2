/**
 * The months an account can download invoices for (from the month it was created to the current one,
 * newest first), each with its purchases (every one, failed included), how many failed, and the amount
 * charged (IS_SPEND), in one grouped query: counted as the dashboard and the invoice PDF count.
 */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { lagosPeriodOf } from "./billing-period";
import { invoiceAccountId } from "./invoice-access";

export interface InvoiceMonth {
  period: string;
  /** Every purchase of the month, failed ones included. */
  purchases: number;
  failed: number;
  /** Successful and pending purchases' amount. */
  charged: bigint;
}

/** "2026-11" → "2026-10" */
function previousPeriod(period: string): string {
  const [year = 0, month = 1] = period.split("-").map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** `accountId`: an operator's choice of account; account holders get their own. */
export async function listInvoiceMonths(actor: Actor, input: { accountId?: string }, now: Date = new Date()) {
  const account = await findAccountOrThrow(db, invoiceAccountId(actor, input.accountId));
  // From the daily totals (account_daily_totals, kept by triggers on transactions): the same counts as
  // grouping the account's transactions by month, without reading them (2.6 s at 2,000,000).
  const rows = await db.$queryRaw<{ period: string; purchases: bigint; failed: bigint; charged: bigint }[]>`
    SELECT to_char(day, 'YYYY-MM') AS period,
           sum(purchases)::bigint AS purchases,
           sum(failed)::bigint AS failed,
           sum(spend)::bigint AS charged
    FROM account_daily_totals WHERE account_id = ${account.id}::uuid
    GROUP BY 1
    HAVING sum(purchases) > 0`;
  const byPeriod = new Map(rows.map((row) => [row.period, row]));

  const first = [lagosPeriodOf(account.createdAt), ...byPeriod.keys()].sort()[0]!;
  const months: InvoiceMonth[] = [];
  for (let period = lagosPeriodOf(now); period >= first; period = previousPeriod(period)) {
    const row = byPeriod.get(period);
    months.push({ period, purchases: Number(row?.purchases ?? 0n), failed: Number(row?.failed ?? 0n), charged: row?.charged ?? 0n });
  }
  return { accountId: account.id, accountName: account.name, months };
}
