/**
 * Dates on screen are Africa/Lagos time, the service's calendar, whatever the browser's zone: a
 * transaction shows the same time to the reseller, the operator and the invoice. en-GB wording
 * ("21 Nov 2026, 14:05") is the same in Node and the browser, so server and client renders agree.
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

const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const longDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "long", year: "numeric" });
const monthYear = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" });

export function formatLagosDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "—";
}

/** A calendar day (YYYY-MM-DD, already a Lagos day) as "12 Jun". */
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
