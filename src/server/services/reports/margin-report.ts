/**
 * Revenue, cost and margin of one month (Lagos time, as invoices), per account and per service, for
 * operators only (issue 16). Revenue is what delivered purchases charged the wallets; cost is what the
 * upstream charged us for them, as recorded on each transaction when it was begun (a later price or
 * cost change never rewrites a month). Pending and failed purchases are not revenue: a pending one may
 * still fail and be refunded, a failed one was refunded. A purchase whose cost the catalog did not
 * know is counted apart (`uncosted`), never as free.
 *
 * Split by upstream too (docs/operating.md "Routes and failover"): a purchase's upstream and cost are those
 * of the attempt that executed it; null for purchases begun before attempts were recorded.
 */
import type { Service } from "~/generated/prisma/enums";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { billingPeriod } from "~/server/services/invoices/billing-period";
import { parseInput } from "~/server/validation/parse-input";
import { marginReportInput, type MarginReportInput } from "~/schemas/catalog-admin";
import { isUuid } from "~/schemas/fields";

export interface MarginFigures {
  /** Delivered purchases. */
  count: number;
  revenue: bigint;
  /** Cost of the delivered purchases whose cost is known. */
  cost: bigint;
  /** Revenue less cost, over the purchases whose cost is known. */
  margin: bigint;
  /** Delivered purchases without a recorded cost, and what they charged. */
  uncostedCount: number;
  uncostedRevenue: bigint;
}

export interface MarginLine extends MarginFigures {
  accountId: string;
  accountName: string;
  service: Service;
  /** The upstream that delivered them ("vtpass", "clubkonnect", …); null before upstreams were recorded. */
  upstream: string | null;
}

export interface MarginReport {
  period: string;
  label: string;
  lines: MarginLine[];
  byAccount: (MarginFigures & { accountId: string; accountName: string })[];
  byService: (MarginFigures & { service: Service })[];
  byUpstream: (MarginFigures & { upstream: string | null })[];
  total: MarginFigures;
}

interface MarginRow {
  account_id: string;
  account_name: string;
  service: Service;
  upstream: string | null;
  count: bigint;
  revenue: bigint;
  cost: bigint;
  costed_revenue: bigint;
  uncosted_count: bigint;
}

export async function getMarginReport(actor: Actor, input: MarginReportInput): Promise<MarginReport> {
  assertOperator(actor);
  const { period, accountId } = parseInput(marginReportInput, input);
  const { start, end, label } = billingPeriod(period);
  // A malformed account id matches nothing, like an unknown one.
  const account = accountId === undefined ? null : isUuid(accountId) ? accountId : "00000000-0000-0000-0000-000000000000";
  const rows = await queryRows<MarginRow>(sql`
    SELECT t.account_id, a.name AS account_name, t.service::text AS service, t.provider AS upstream,
           count(*) AS count,
           COALESCE(sum(t.amount), 0)::bigint AS revenue,
           COALESCE(sum(t.cost), 0)::bigint AS cost,
           COALESCE(sum(t.amount) FILTER (WHERE t.cost IS NOT NULL), 0)::bigint AS costed_revenue,
           count(*) FILTER (WHERE t.cost IS NULL) AS uncosted_count
    FROM transactions t
    JOIN accounts a ON a.id = t.account_id
    WHERE t.status = 'SUCCESSFUL' AND t.livemode AND t.created_at >= ${start} AND t.created_at < ${end}
      AND (${account}::uuid IS NULL OR t.account_id = ${account}::uuid)
    GROUP BY t.account_id, a.name, t.service, t.provider
    ORDER BY a.name, t.account_id, t.service, t.provider NULLS FIRST`);

  const lines = rows.map((row) => ({
    accountId: row.account_id,
    accountName: row.account_name,
    service: row.service,
    upstream: row.upstream,
    ...figures(row),
  }));
  return {
    period,
    label,
    lines,
    byAccount: groupBy(lines, (line) => line.accountId).map((group) => ({
      accountId: group[0]!.accountId,
      accountName: group[0]!.accountName,
      ...sumOf(group),
    })),
    byService: groupBy(lines, (line) => line.service).map((group) => ({ service: group[0]!.service, ...sumOf(group) })),
    byUpstream: groupBy(lines, (line) => line.upstream ?? "")
      .map((group) => ({ upstream: group[0]!.upstream, ...sumOf(group) }))
      .sort((a, b) => (a.upstream ?? "").localeCompare(b.upstream ?? "")),
    total: sumOf(lines),
  };
}

function figures(row: MarginRow): MarginFigures {
  return {
    count: Number(row.count),
    revenue: row.revenue,
    cost: row.cost,
    margin: row.costed_revenue - row.cost,
    uncostedCount: Number(row.uncosted_count),
    uncostedRevenue: row.revenue - row.costed_revenue,
  };
}

function sumOf(lines: MarginFigures[]): MarginFigures {
  const total: MarginFigures = { count: 0, revenue: 0n, cost: 0n, margin: 0n, uncostedCount: 0, uncostedRevenue: 0n };
  for (const line of lines) {
    total.count += line.count;
    total.revenue += line.revenue;
    total.cost += line.cost;
    total.margin += line.margin;
    total.uncostedCount += line.uncostedCount;
    total.uncostedRevenue += line.uncostedRevenue;
  }
  return total;
}

function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}
