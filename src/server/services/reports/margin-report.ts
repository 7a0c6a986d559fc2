/**
 * Revenue, cost and margin of one month or a range of days (Lagos time, as invoices), per account, per
 * service and per day, for operators only (issues 16 and 35). Revenue is what delivered purchases charged the wallets; cost is what the
 * upstream charged us for them, as recorded on each transaction when it was begun (a later price or
 * cost change never rewrites a month). Pending and failed purchases are not revenue: a pending one may
 * still fail and be refunded, a failed one was refunded. A purchase whose cost the catalog did not
 * know is counted apart (`uncosted`), never as free, and the margin rate is over the costed revenue.
 * One read of the range's rows (the created_at BRIN index): GROUPING SETS give the account, service and
 * upstream lines and the days at once.
 *
 * Split by upstream too (docs/operating.md "Routes and failover"): a purchase's upstream and cost are those
 * of the attempt that executed it; null for purchases begun before attempts were recorded.
 */
import type { Service } from "~/generated/prisma/enums";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { billingPeriod, formatLagosDate } from "~/server/services/invoices/billing-period";
import { lagosDayStart } from "~/lagos-time";
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
  /** Margin ÷ the revenue of the costed purchases (0.125 = 12.5%); null when none was costed. */
  marginRate: number | null;
}

export interface MarginLine extends MarginFigures {
  accountId: string;
  accountName: string;
  service: Service;
  /** The upstream that delivered them ("vtpass", "clubkonnect", …); null before upstreams were recorded. */
  upstream: string | null;
}

export interface MarginReport {
  /** "2026-11" for a month, "2026-11-01..2026-11-27" for a range of days. */
  period: string;
  /** The first and last Lagos day covered. */
  from: string;
  to: string;
  label: string;
  lines: MarginLine[];
  byAccount: (MarginFigures & { accountId: string; accountName: string })[];
  byService: (MarginFigures & { service: Service })[];
  byUpstream: (MarginFigures & { upstream: string | null })[];
  /** Every day that had a delivered purchase, oldest first. */
  byDay: (MarginFigures & { day: string })[];
  total: MarginFigures;
}

interface MarginRow {
  /** Null on a day's row, the day null on an account, service and upstream's (GROUPING SETS). */
  account_id: string | null;
  account_name: string | null;
  service: Service | null;
  upstream: string | null;
  day: string | null;
  count: bigint;
  revenue: bigint;
  cost: bigint;
  costed_revenue: bigint;
  uncosted_count: bigint;
  /** 1 on an account, service and upstream's line, 0 on a day's row (GROUPING of the day). */
  is_line: number;
}

export async function getMarginReport(actor: Actor, input: MarginReportInput): Promise<MarginReport> {
  assertOperator(actor);
  const { period, from, to, accountId } = parseInput(marginReportInput, input);
  const { start, end, label, key } = from && to ? dayRange(from, to) : monthRange(period ?? "");
  // A malformed account id matches nothing, like an unknown one.
  const account = accountId === undefined ? null : isUuid(accountId) ? accountId : "00000000-0000-0000-0000-000000000000";
  const rows = await queryRows<MarginRow>(sql`
    WITH sold AS (
      SELECT t.account_id, t.service, t.provider, t.amount, t.cost, (t.created_at AT TIME ZONE 'Africa/Lagos')::date AS day
      FROM transactions t
      WHERE t.status = 'SUCCESSFUL' AND t.livemode AND t.created_at >= ${start} AND t.created_at < ${end}
        AND (${account}::uuid IS NULL OR t.account_id = ${account}::uuid)
    )
    SELECT s.account_id, a.name AS account_name, s.service::text AS service, s.provider AS upstream,
           to_char(s.day, 'YYYY-MM-DD') AS day,
           count(*) AS count,
           COALESCE(sum(s.amount), 0)::bigint AS revenue,
           COALESCE(sum(s.cost), 0)::bigint AS cost,
           COALESCE(sum(s.amount) FILTER (WHERE s.cost IS NOT NULL), 0)::bigint AS costed_revenue,
           count(*) FILTER (WHERE s.cost IS NULL) AS uncosted_count,
           GROUPING(s.day) AS is_line
    FROM sold s
    JOIN accounts a ON a.id = s.account_id
    GROUP BY GROUPING SETS ((s.account_id, a.name, s.service, s.provider), (s.day))
    ORDER BY a.name, s.account_id, s.service, s.provider NULLS FIRST, s.day`);

  // An upstream may be null on a line (purchases from before attempts were recorded): GROUPING tells a
  // line from a day's row, not the nulls.
  const lines = rows.flatMap((row) =>
    row.is_line === 1 && row.account_id !== null && row.account_name !== null && row.service !== null
      ? [{ accountId: row.account_id, accountName: row.account_name, service: row.service, upstream: row.upstream, ...figures(row) }]
      : [],
  );
  return {
    period: key,
    from: formatLagosDate(start),
    to: formatLagosDate(new Date(end.getTime() - 1)),
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
    byDay: rows.flatMap((row) => (row.is_line === 0 && row.day !== null ? [{ day: row.day, ...figures(row) }] : [])),
    total: sumOf(lines),
  };
}

interface ReportRange {
  start: Date;
  end: Date;
  label: string;
  key: string;
}

function monthRange(period: string): ReportRange {
  const { start, end, label } = billingPeriod(period);
  return { start, end, label, key: period };
}

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Lagos days `from` to `to`, both inclusive. */
function dayRange(from: string, to: string): ReportRange {
  const start = lagosDayStart(from);
  const end = new Date(lagosDayStart(to).getTime() + 86_400_000);
  const label = from === to ? dayLabel.format(new Date(from)) : `${dayLabel.format(new Date(from))} – ${dayLabel.format(new Date(to))}`;
  return { start, end, label, key: `${from}..${to}` };
}

/** Margin over costed revenue; null when nothing was costed. */
function rateOf(margin: bigint, costedRevenue: bigint): number | null {
  return costedRevenue === 0n ? null : Number(margin) / Number(costedRevenue);
}

function figures(row: MarginRow): MarginFigures {
  return {
    count: Number(row.count),
    revenue: row.revenue,
    cost: row.cost,
    margin: row.costed_revenue - row.cost,
    uncostedCount: Number(row.uncosted_count),
    uncostedRevenue: row.revenue - row.costed_revenue,
    marginRate: rateOf(row.costed_revenue - row.cost, row.costed_revenue),
  };
}

function sumOf(lines: MarginFigures[]): MarginFigures {
  const total: MarginFigures = { count: 0, revenue: 0n, cost: 0n, margin: 0n, uncostedCount: 0, uncostedRevenue: 0n, marginRate: null };
  for (const line of lines) {
    total.count += line.count;
    total.revenue += line.revenue;
    total.cost += line.cost;
    total.margin += line.margin;
    total.uncostedCount += line.uncostedCount;
    total.uncostedRevenue += line.uncostedRevenue;
  }
  total.marginRate = rateOf(total.margin, total.revenue - total.uncostedRevenue);
  return total;
}

function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}
