/**
 * Dates on screen: always Africa/Lagos time (the service's calendar: a transaction shows the same time
 * to the reseller, the operator and the invoice) in a fixed locale, so a server render and the
 * browser print the same text whatever the machine's zone. "21 Nov 2026, 14:05".
 */
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dateTimeSeconds = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short", year: "numeric" });
// Calendar days (YYYY-MM-DD) are already Lagos days: formatted as UTC midnight so no zone shifts them.
const dayMonthYear = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const longDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "long", year: "numeric" });
const monthYear = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" });

export function formatDateTime(value: Date | string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : "—";
}

/** To the second, for a log of attempts seconds apart: "21 Nov 2026, 14:05:09". */
export function formatDateTimeSeconds(value: Date | string | null | undefined): string {
  return value ? dateTimeSeconds.format(new Date(value)) : "—";
}

/**
 * An instant as a `datetime-local` input shows it in Lagos time ("2026-11-21T14:05"), and such an
 * input's value read as Lagos time (UTC+1 all year: no daylight saving) as an ISO 8601 instant.
 */
export function toLagosInputValue(value: Date): string {
  const lagos = new Date(value.getTime() + 3_600_000);
  return lagos.toISOString().slice(0, 16);
}

export function fromLagosInputValue(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const instant = new Date(`${text.length === 16 ? `${text}:00` : text}+01:00`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

export function formatDate(value: Date | string | null | undefined): string {
  return value ? dateOnly.format(new Date(value)) : "—";
}

/** A calendar day as the tables write a date: "12 Jun 2026". */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayMonthYear.format(new Date(`${day}T00:00:00Z`)) : "";
}

/** A calendar day as "12 Jun". */
export function formatDayShort(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day as "Fri, 12 June 2026". */
export function formatDayLong(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

/** The month of a calendar day as "June 2026". */
export function formatMonth(day: string): string {
  return monthYear.format(new Date(`${day}T00:00:00Z`));
}
