/**
 * The service's calendar in JavaScript: Africa/Lagos, UTC+1 all year (Nigeria keeps no daylight
 * saving), so one fixed offset turns a Lagos wall-clock time into an instant and back. The one place
 * that offset is written; SQL reads Lagos time through transaction-reads.ts (AT TIME ZONE 'Africa/Lagos'),
 * and screens through src/components/dates.ts. Browser-safe: no imports.
 */

/** Lagos's offset from UTC, as ISO 8601 writes it. */
export const LAGOS_UTC_OFFSET = "+01:00";
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The first instant of a Lagos calendar day ("2026-07-01" → 2026-06-30T23:00:00Z). */
export function lagosDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${LAGOS_UTC_OFFSET}`);
}

/** The first instant of a Lagos calendar month (`monthIndex` 0–11; 12 is January of the next year). */
export function lagosMonthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1) - LAGOS_OFFSET_MS);
}

/** An instant moved so that its UTC fields (getUTCMonth, toISOString…) read the Lagos wall clock. */
export function lagosWallClock(instant: Date): Date {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS);
}
