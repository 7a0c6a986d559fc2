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
