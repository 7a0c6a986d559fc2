/**
 * The zod pieces the operator's and the owner's inputs share (./operator.ts, ./account-admin.ts), so a
 * rule and its message are written once: the owner's form and the service it calls agree by
 * construction. Browser-safe: zod only.
 */
import { z } from "zod";

/**
 * An id is a plain string on purpose: a malformed id is answered by the service as "not found",
 * exactly like a well-formed unknown one, rather than as a validation error.
 */
export const idInput = () => z.string("is required").trim().min(1, "is required");

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a database id, so that a look-up of anything else can be answered "not found". */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}

/** A setting switched on or off. */
export const onOffInput = () => z.boolean("must be true or false");

/** A text that must not be empty (once trimmed) and has a length limit. */
export const requiredText = (max: number, tooLong = `must be at most ${max} characters`) =>
  z.string("is required").trim().min(1, "is required").max(max, tooLong);

/** A user's e-mail address, stored lower-cased. */
export const emailInput = () =>
  z.string("is required").trim().toLowerCase().pipe(z.email("must be an e-mail address").max(254, "must be at most 254 characters"));

export const passwordInput = () =>
  z
    .string("is required")
    .min(8, "must be at least 8 characters")
    // bcrypt ignores everything after 72 bytes; a longer password would only look stronger.
    .refine((password) => new TextEncoder().encode(password).length <= 72, "must be at most 72 bytes");

/**
 * The instants the database (and JavaScript's ISO dates) can hold: PostgreSQL has no year 0, and a
 * JavaScript date past 9999 is written "+010000-…", which it cannot read. A date or date-time outside
 * 1900–9999 is a 400 naming the field rather than a 500 from the query (issue 30).
 */
const EARLIEST_STORABLE = Date.UTC(1900, 0, 1);
const LATEST_STORABLE = Date.UTC(9999, 11, 31, 0, 0, 0);
export const STORABLE_RANGE_MESSAGE = "must be between 1900-01-01 and 9999-12-30";

/** Whether an ISO date (midnight in Lagos, UTC+1) or date-time falls in the storable range. */
export function isStorableInstant(value: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00+01:00`) : Date.parse(value);
  return Number.isFinite(time) && time >= EARLIEST_STORABLE && time < LATEST_STORABLE;
}
