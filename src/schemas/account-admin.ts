/**
 * Inputs of the account administration reads and changes shared by the owner's pages (API keys,
 * allowlist, team) and the operator console. Browser-safe: zod only.
 *
 * Ids are plain strings on purpose (as in ./operator.ts): a malformed id is answered by the service as
 * "not found", exactly like a well-formed unknown one.
 */
import { z } from "zod";

const idInput = () => z.string("is required").trim().min(1, "is required");

export const accountScopeInput = z.object({ accountId: idInput() });
export type AccountScopeInput = z.input<typeof accountScopeInput>;

export const setUserDisabledInput = z.object({
  userId: idInput(),
  disabled: z.boolean("must be true or false"),
});
export type SetUserDisabledInput = z.input<typeof setUserDisabledInput>;

/** The API-keys page's "create key" form (the account is the signed-in owner's). */
export const newApiKeyForm = z.object({
  name: z.string("is required").trim().min(1, "is required").max(100, "must be at most 100 characters"),
});
export type NewApiKeyForm = z.input<typeof newApiKeyForm>;

/**
 * The team page's "add staff" form. The rules match createUserInput in ./operator.ts, which the
 * service applies again; here they give the form its messages before anything is sent.
 */
export const addStaffForm = z.object({
  email: z
    .string("is required")
    .trim()
    .toLowerCase()
    .pipe(z.email("must be an e-mail address").max(254, "must be at most 254 characters")),
  password: z
    .string("is required")
    .min(8, "must be at least 8 characters")
    .refine((password) => new TextEncoder().encode(password).length <= 72, "must be at most 72 bytes"),
  name: z
    .string()
    .trim()
    .max(200, "must be at most 200 characters")
    // An empty name field means "no name".
    .transform((name) => (name === "" ? undefined : name))
    .optional(),
});
export type AddStaffForm = z.input<typeof addStaffForm>;
