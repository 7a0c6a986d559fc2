/**
 * Inputs of the account administration reads and changes shared by the owner's pages (API keys,
 * allowlist, team) and the operator console. Browser-safe: zod only.
 */
import { z } from "zod";
import { emailInput, idInput, onOffInput, passwordInput, requiredText } from "./fields";

export const accountScopeInput = z.object({ accountId: idInput() });
export type AccountScopeInput = z.input<typeof accountScopeInput>;

export const setUserDisabledInput = z.object({ userId: idInput(), disabled: onOffInput() });
export type SetUserDisabledInput = z.input<typeof setUserDisabledInput>;

/** The API-keys page's "create key" form (the account is the signed-in owner's). */
export const newApiKeyForm = z.object({
  name: requiredText(100),
});
export type NewApiKeyForm = z.input<typeof newApiKeyForm>;

/**
 * The team page's "add staff" form. The rules are createUserInput's in ./operator.ts, which the
 * service applies again; here they give the form its messages before anything is sent.
 */
export const addStaffForm = z.object({
  email: emailInput(),
  password: passwordInput(),
  name: z
    .string()
    .trim()
    .max(200, "must be at most 200 characters")
    // An empty name field means "no name".
    .transform((name) => (name === "" ? undefined : name))
    .optional(),
});
export type AddStaffForm = z.input<typeof addStaffForm>;
