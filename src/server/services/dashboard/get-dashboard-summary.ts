/**
 * The dashboard of an account: balance, this month's spend by service, daily spend over the last 30
 * days and the latest transactions. Months and days are Africa/Lagos calendar ones (the billing
 * calendar), computed in SQL so that a purchase at 23:30 UTC on 31 May counts on 1 June.
 *
 * Spend is what the wallet is charged for: successful and pending purchases. Failed ones are excluded
 * (their debit was reversed).
 */
import type { ServiceCode } from "~/schemas/services";
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { filterCondition, selectTransactionPage, toPortalTransactionView, type PortalTransactionView } from "~/server/services/transactions/transaction-reads";

export const DAILY_SPEND_DAYS = 30;
export const RECENT_TRANSACTIONS = 10;

export interface ServiceSpend {
  service: ServiceCode;
  count: number;
  amount: bigint;
}

export interface DailySpend {
  /** A Lagos calendar day, YYYY-MM-DD. */
  date: string;
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
    count: number;
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

  const [account, month, byService, daily, recent] = await Promise.all([
    db.account.findUnique({ where: { id: accountId }, select: { name: true, wallet: { select: { balance: true, currency: true } } } }),
    db.$queryRaw<{ start: string }[]>`
      SELECT to_char(date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Africa/Lagos'), 'YYYY-MM-DD') AS start`,
    db.$queryRaw<ServiceSpend[]>`
      WITH month AS (
        SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Africa/Lagos') AS local_start
      )
      SELECT t.service::text AS service, count(*)::int AS count, sum(t.amount)::bigint AS amount
      FROM transactions t, month m
      WHERE t.account_id = ${accountId}::uuid
        AND t.status IN ('SUCCESSFUL', 'PENDING')
        AND t.created_at >= (m.local_start AT TIME ZONE 'Africa/Lagos')
        AND t.created_at < ((m.local_start + interval '1 month') AT TIME ZONE 'Africa/Lagos')
      GROUP BY t.service
      ORDER BY sum(t.amount) DESC, t.service`,
    db.$queryRaw<DailySpend[]>`
      WITH today AS (
        SELECT (${now}::timestamptz AT TIME ZONE 'Africa/Lagos')::date AS day
      ), days AS (
        SELECT generate_series((today.day - ${DAILY_SPEND_DAYS - 1}::int)::timestamp, today.day::timestamp, interval '1 day')::date AS day
        FROM today
      ), spend AS (
        SELECT (t.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, count(*)::int AS count, sum(t.amount)::bigint AS amount
        FROM transactions t, today
        WHERE t.account_id = ${accountId}::uuid
          AND t.status IN ('SUCCESSFUL', 'PENDING')
          AND t.created_at >= ((today.day - ${DAILY_SPEND_DAYS - 1}::int)::timestamp AT TIME ZONE 'Africa/Lagos')
          AND t.created_at < ((today.day + 1)::timestamp AT TIME ZONE 'Africa/Lagos')
        GROUP BY 1
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(spend.count, 0)::int AS count, coalesce(spend.amount, 0)::bigint AS amount
      FROM days LEFT JOIN spend ON spend.day = days.day
      ORDER BY days.day`,
    selectTransactionPage(filterCondition(accountId, {}), { limit: RECENT_TRANSACTIONS }),
  ]);
  if (!account?.wallet) throw new AppError("account.not_found", "No such account.");

  return {
    accountName: account.name,
    balance: account.wallet.balance,
    currency: account.wallet.currency,
    month: {
      start: month[0]?.start ?? "",
      count: byService.reduce((sum, row) => sum + row.count, 0),
      amount: byService.reduce((sum, row) => sum + row.amount, 0n),
      byService,
    },
    daily,
    recent: recent.map(toPortalTransactionView),
  };
}
