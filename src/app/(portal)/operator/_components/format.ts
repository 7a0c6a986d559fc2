/**
 * Dates as the console shows them: Lagos time (the service's calendar, and the same on the server and
 * in the browser, so a server-rendered page hydrates without a mismatch).
 */
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short", year: "numeric" });

export function formatDateTime(value: Date | string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : "—";
}

export function formatDate(value: Date | string | null | undefined): string {
  return value ? dateOnly.format(new Date(value)) : "—";
}
