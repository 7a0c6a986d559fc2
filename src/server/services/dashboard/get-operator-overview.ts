/**
 * The operator's landing figures: today's sales (Lagos day: the purchases charged, successful or still
 * pending, as the dashboards count spend), today's success rate (successful of those decided; pending
 * ones are not yet either), how many purchases await the reconciler, and how many accounts there are.
 * Live purchases only. Fast at volume: today's rows through the (created_at, id) index, the pending
 * ones through the reconciler's queue, purchase_requeries (a row exactly while a purchase is pending);
 * measured by the volume benchmark (`operatorLanding`).
 */
import { Prisma } from "~/generated/prisma/client";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { formatLagosDate } from "~/server/services/invoices/billing-period";
import { lagosDayStart } from "~/lagos-time";

export interface OperatorOverview {
  accounts: number;
  pendingTransactions: number;
  today: {
    /** The Lagos day the figures are for ("2026-11-27"). */
    day: string;
    /** Purchases charged today (successful or pending) and their value in kobo. */
    salesCount: number;
    salesValue: bigint;
    successful: number;
    failed: number;
    /** successful ÷ (successful + failed), 0–1; null before anything was decided today. */
    successRate: number | null;
  };
}

export async function getOperatorOverview(actor: Actor, options: { now?: Date } = {}): Promise<OperatorOverview> {
  assertOperator(actor);
  const day = formatLagosDate(options.now ?? new Date());
  const start = lagosDayStart(day);
  const end = new Date(start.getTime() + 86_400_000);
  const [accounts, pending, [today]] = await Promise.all([
    db.account.count(),
    db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM purchase_requeries q JOIN transactions t ON t.id = q.transaction_id
      WHERE t.status = 'PENDING' AND t.livemode`,
    db.$queryRaw<{ successful: number; failed: number; pending: number; sales_value: bigint }[]>(Prisma.sql`
      SELECT count(*) FILTER (WHERE status = 'SUCCESSFUL')::int AS successful,
             count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
             count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
             coalesce(sum(amount) FILTER (WHERE status IN ('SUCCESSFUL', 'PENDING')), 0)::bigint AS sales_value
      FROM transactions
      WHERE created_at >= ${start} AND created_at < ${end} AND livemode`),
  ]);
  const successful = today?.successful ?? 0;
  const failed = today?.failed ?? 0;
  return {
    accounts,
    pendingTransactions: pending[0]?.count ?? 0,
    today: {
      day,
      salesCount: successful + (today?.pending ?? 0),
      salesValue: today?.sales_value ?? 0n,
      successful,
      failed,
      successRate: successful + failed === 0 ? null : successful / (successful + failed),
    },
  };
}
