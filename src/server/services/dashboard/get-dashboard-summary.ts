/**
 * The dashboard of an account: balance, this month's spend by service, daily spend over the last 30
 * days and the latest transactions. Months and days are Africa/Lagos calendar ones (the billing
 * calendar), computed in SQL so that a purchase at 23:30 UTC on 31 May counts on 1 June.
 *
 * One way to count, the same as the Invoices page and the invoice PDF: "purchases" are every purchase
 * made (successful, pending and failed); spend is IS_SPEND (transaction-reads.ts), what the wallet
 * stays charged for, so a failed purchase counts as a purchase and adds nothing to spend.
 */
import type { ServiceCode } from "~/schemas/services";
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { Prisma } from "~/generated/prisma/client";
import {
  filterCondition,
  lagosLocal,
  selectTransactionPage,
  toPortalTransactionView,
  type PortalTransactionView,
} from "~/server/services/transactions/transaction-reads";

export const DAILY_SPEND_DAYS = 30;
export const RECENT_TRANSACTIONS = 10;

export interface ServiceSpend {
  service: ServiceCode;
  /** Every purchase, failed ones included. */
  count: number;
  failed: number;
  /** Spend: successful and pending purchases. */
  amount: bigint;
}

export interface DailySpend {
  /** A Lagos calendar day, YYYY-MM-DD. */
  date: string;
  /** Every purchase, failed ones included; `amount` is spend. */
  count: number;
  amount: bigint;
}

export interface DashboardSummary {
  accountName: string;
  balance: bigint;
  currency: string;
  month: {
    /** The first day of the Lagos month, YYYY-MM-DD. */
    start: string;
    /** Every purchase of the month, failed ones included. */
    count: number;
    failed: number;
    /** Spend: successful and pending purchases. */
    amount: bigint;
    byService: ServiceSpend[];
  };
  /** The last 30 Lagos days, oldest first, today last; days without purchases are zero. */
  daily: DailySpend[];
  recent: PortalTransactionView[];
}

export async function getDashboardSummary(actor: Actor, options: { now?: Date } = {}): Promise<DashboardSummary> {
  const accountId = actingAccountId(actor, undefined, {
    code: "forbidden",
    message: "The dashboard summary belongs to an account; operators have none.",
  });
  const now = options.now ?? new Date();
  const lagosNow = lagosLocal(Prisma.sql`${now}::timestamptz`);

  const [account, month, byService, daily, recent] = await Promise.all([
    db.account.findUnique({
      where: { id: accountId },
      select: { name: true, wallets: { where: { livemode: true }, select: { balance: true, currency: true } } },
    }),
    db.$queryRaw<{ start: string }[]>`
      SELECT to_char(date_trunc('month', ${lagosNow}), 'YYYY-MM-DD') AS start`,
    // From the daily totals (account_daily_totals, kept by triggers on transactions): the same counts
    // as grouping the month's transactions, without reading them (seconds at 2,000,000 in one account).
    db.$queryRaw<ServiceSpend[]>`
      WITH month AS (
        SELECT date_trunc('month', ${lagosNow})::date AS first_day
      )
      SELECT d.service::text AS service, sum(d.purchases)::int AS count, sum(d.failed)::int AS failed,
             sum(d.spend)::bigint AS amount
      FROM account_daily_totals d, month m
      WHERE d.account_id = ${accountId}::uuid AND d.day >= m.first_day AND d.day < (m.first_day + interval '1 month')::date
      GROUP BY d.service
      HAVING sum(d.purchases) > 0
      ORDER BY 4 DESC, d.service`,
    db.$queryRaw<DailySpend[]>`
      WITH today AS (
        SELECT ${lagosNow}::date AS day
      ), days AS (
        SELECT generate_series((today.day - ${DAILY_SPEND_DAYS - 1}::int)::timestamp, today.day::timestamp, interval '1 day')::date AS day
        FROM today
      ), spend AS (
        SELECT d.day, sum(d.purchases)::int AS count, sum(d.spend)::bigint AS amount
        FROM account_daily_totals d, today
        WHERE d.account_id = ${accountId}::uuid AND d.day >= today.day - ${DAILY_SPEND_DAYS - 1}::int AND d.day <= today.day
        GROUP BY d.day
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(spend.count, 0)::int AS count, coalesce(spend.amount, 0)::bigint AS amount
      FROM days LEFT JOIN spend ON spend.day = days.day
      ORDER BY days.day`,
    selectTransactionPage(filterCondition(accountId, true, {}), { limit: RECENT_TRANSACTIONS }),
  ]);
  const wallet = account?.wallets[0];
  if (!account || !wallet) throw new AppError("account.not_found", "No such account.");

  return {
    accountName: account.name,
    balance: wallet.balance,
    currency: wallet.currency,
    month: {
      start: month[0]?.start ?? "",
      count: byService.reduce((sum, row) => sum + row.count, 0),
      failed: byService.reduce((sum, row) => sum + row.failed, 0),
      amount: byService.reduce((sum, row) => sum + row.amount, 0n),
      byService,
    },
    daily,
    recent: recent.map(toPortalTransactionView),
  };
}
