/**
 * The dashboard's figures over a chosen period (src/schemas/dashboard.ts), beside the same figures for
 * the period before it: today against yesterday; 7 or 30 days against the 7 or 30 days before them;
 * this month so far against the same days of last month (1–27 November against 1–27 October; a
 * shorter last month ends at its last day). Lagos calendar days, from the daily totals
 * (account_daily_totals, live purchases only), counted as the rest of the dashboard counts: every
 * purchase, failed ones apart, and spend is what successful and pending purchases cost.
 */
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { lagosLocal } from "~/server/services/transactions/transaction-reads";
import { parseInput } from "~/server/validation/parse-input";
import { Prisma } from "~/generated/prisma/client";
import { spendPeriodInput, type SpendPeriod, type SpendPeriodInput } from "~/schemas/dashboard";

export interface PeriodFigures {
  /** First and last Lagos day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Every purchase, failed ones included. */
  purchases: number;
  failed: number;
  /** Spend, kobo: successful and pending purchases. */
  spend: bigint;
}

export interface SpendInPeriod {
  period: SpendPeriod;
  current: PeriodFigures;
  previous: PeriodFigures;
}

interface Row {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
  purchases: number;
  failed: number;
  spend: bigint;
  previous_purchases: number;
  previous_failed: number;
  previous_spend: bigint;
}

export async function getSpendInPeriod(actor: Actor, input: SpendPeriodInput, options: { now?: Date } = {}): Promise<SpendInPeriod> {
  const accountId = actingAccountId(actor, undefined, {
    code: "forbidden",
    message: "The dashboard's figures belong to an account; operators have none.",
  });
  const { period } = parseInput(spendPeriodInput, input);
  const lagosNow = lagosLocal(Prisma.sql`${options.now ?? new Date()}::timestamptz`);

  const [row] = await db.$queryRaw<Row[]>`
    WITH today AS (
      SELECT ${lagosNow}::date AS day
    ), bounds AS (
      SELECT CASE ${period}
               WHEN 'today' THEN day
               WHEN '7d' THEN day - 6
               WHEN '30d' THEN day - 29
               ELSE date_trunc('month', day)::date
             END AS from_day,
             day AS to_day
      FROM today
    ), periods AS (
      SELECT from_day, to_day,
             CASE WHEN ${period} = 'month' THEN (from_day - interval '1 month')::date ELSE from_day - (to_day - from_day + 1) END AS previous_from,
             CASE WHEN ${period} = 'month' THEN least((to_day - interval '1 month')::date, from_day - 1) ELSE from_day - 1 END AS previous_to
      FROM bounds
    )
    SELECT to_char(p.from_day, 'YYYY-MM-DD') AS "from", to_char(p.to_day, 'YYYY-MM-DD') AS "to",
           to_char(p.previous_from, 'YYYY-MM-DD') AS previous_from, to_char(p.previous_to, 'YYYY-MM-DD') AS previous_to,
           coalesce(sum(d.purchases) FILTER (WHERE d.day >= p.from_day), 0)::int AS purchases,
           coalesce(sum(d.failed) FILTER (WHERE d.day >= p.from_day), 0)::int AS failed,
           coalesce(sum(d.spend) FILTER (WHERE d.day >= p.from_day), 0)::bigint AS spend,
           coalesce(sum(d.purchases) FILTER (WHERE d.day <= p.previous_to), 0)::int AS previous_purchases,
           coalesce(sum(d.failed) FILTER (WHERE d.day <= p.previous_to), 0)::int AS previous_failed,
           coalesce(sum(d.spend) FILTER (WHERE d.day <= p.previous_to), 0)::bigint AS previous_spend
    FROM periods p
    LEFT JOIN account_daily_totals d
      ON d.account_id = ${accountId}::uuid AND d.day >= p.previous_from AND d.day <= p.to_day
    GROUP BY p.from_day, p.to_day, p.previous_from, p.previous_to`;
  if (!row) throw new Error("The period query returned no row.");

  return {
    period,
    current: { from: row.from, to: row.to, purchases: row.purchases, failed: row.failed, spend: row.spend },
    previous: {
      from: row.previous_from,
      to: row.previous_to,
      purchases: row.previous_purchases,
      failed: row.previous_failed,
      spend: row.previous_spend,
    },
  };
}
