/**
 * The billing cycle: a calendar month in Africa/Lagos time (UTC+1 all year, no daylight saving), so a
 * purchase at 23:30 UTC on the last day of a month belongs to the next month. Periods are written
 * "YYYY-MM"; the current month and earlier ones can be invoiced, later ones cannot.
 */
import { lagosMonthStart, lagosWallClock } from "~/lagos-time";
import { invalidInput } from "~/server/validation/parse-input";

export interface BillingPeriod {
  /** "2026-11" */
  period: string;
  /** First instant of the month in Lagos. */
  start: Date;
  /** First instant of the next month in Lagos (exclusive). */
  end: Date;
  /** "November 2026" */
  label: string;
}

export function lagosPeriodOf(instant: Date): string {
  const lagos = lagosWallClock(instant);
  return `${lagos.getUTCFullYear()}-${String(lagos.getUTCMonth() + 1).padStart(2, "0")}`;
}

export function billingPeriod(period: string, now: Date = new Date()): BillingPeriod {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) throw invalidInput([{ name: "period", reason: "must be a month written YYYY-MM, such as 2026-11" }]);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  if (period > lagosPeriodOf(now)) throw invalidInput([{ name: "period", reason: "must be the current month or an earlier one" }]);
  const start = lagosMonthStart(year, monthIndex);
  const label = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, monthIndex, 1)),
  );
  return { period, start, end: lagosMonthStart(year, monthIndex + 1), label };
}

/** "2026-11-21 02:41:29" in Lagos time: what a person in the billing time zone reads. */
export function formatLagosDateTime(instant: Date): string {
  return lagosWallClock(instant).toISOString().replace("T", " ").slice(0, 19);
}

/** "2026-11-21": the Lagos calendar day of an instant. */
export function formatLagosDate(instant: Date): string {
  return formatLagosDateTime(instant).slice(0, 10);
}

/** A stable invoice number: the same account and month always give the same number. */
export function invoiceNumber(accountId: string, period: string): string {
  return `INV-${period.replace("-", "")}-${accountId.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}
