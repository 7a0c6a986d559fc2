/**
 * Inputs of the operator actions (accounts, users, API keys, wallet funding, allowlists, catalog),
 * shared by the operator CLI, the portal's forms and tRPC procedures. Browser-safe: zod only.
 *
 * Every schema accepts its own output (a Date, a bigint, a lower-cased e-mail), because a transport
 * may validate a value once and the service validates it again.
 *
 * Account and key ids are plain strings here on purpose (see idInput in ./fields.ts).
 */
import { z } from "zod";
import { lagosDayStart } from "../lagos-time";
import { emailInput, idInput, onOffInput, passwordInput, requiredText } from "./fields";

/** The largest single funding, in kobo (₦100 billion): catches a mistyped amount long before bigint overflow. */
export const MAX_FUNDING_KOBO = 10n ** 13n;

/**
 * A date-only value means the start of that day in Africa/Lagos (UTC+1, no daylight saving): the
 * service's calendar, and the one the allowlist cutoff of 2026-07-01 is stated in.
 */
const createdAtInput = z.union(
  [
    z.date(),
    z.iso.date().transform((day) => lagosDayStart(day)),
    z.iso.datetime({ offset: true }).transform((instant) => new Date(instant)),
  ],
  { error: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time" },
);

export const createAccountInput = z.object({
  name: requiredText(200),
  createdAt: createdAtInput.optional(),
  onProductCatalog: z.boolean().default(false),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

export const userRoles = ["OPERATOR", "OWNER", "STAFF"] as const;

export const createUserInput = z
  .object({
    email: emailInput(),
    password: passwordInput(),
    role: z.enum(userRoles, "must be OPERATOR, OWNER or STAFF"),
    accountId: z.string().trim().min(1).optional(),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((input, context) => {
    // Mirrors the users_account_matches_role CHECK constraint, but as a message a person can act on.
    if (input.role === "OPERATOR" && input.accountId !== undefined) {
      context.addIssue({ code: "custom", path: ["accountId"], message: "must not be given for an OPERATOR" });
    }
    if (input.role !== "OPERATOR" && input.accountId === undefined) {
      context.addIssue({ code: "custom", path: ["accountId"], message: `is required for an ${input.role}` });
    }
  });
export type CreateUserInput = z.input<typeof createUserInput>;

/** The operator console's "add user": a person for one account, so only that account's roles. */
export const addAccountUserInput = z.object({
  accountId: idInput(),
  role: z.enum(["OWNER", "STAFF"], "must be Owner or Staff"),
  email: emailInput(),
  password: passwordInput(),
  name: z.string().trim().min(1).max(200).optional(),
});
export type AddAccountUserInput = z.input<typeof addAccountUserInput>;

export const createApiKeyInput = z.object({
  accountId: idInput(),
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").default("default"),
  /** "test": a pk_test_ key, which buys from the sandbox with the test wallet (docs/integrating.md "Test mode"). */
  mode: z.enum(["live", "test"], "must be live or test").default("live"),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({
  keyId: idInput(),
});
export type RevokeApiKeyInput = z.input<typeof revokeApiKeyInput>;

/** Whole kobo as a bigint, a safe integer or a string of digits (what a form or a command line sends). */
export const fundingAmount = z
  .union(
    [
      z.bigint(),
      z.int(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, "must be a whole number of kobo"),
    ],
    {
      error: "must be a whole number of kobo",
    },
  )
  .transform((amount) => BigInt(amount))
  .refine((amount) => amount > 0n, "must be a positive number of kobo")
  .refine((amount) => amount <= MAX_FUNDING_KOBO, `must be at most ${MAX_FUNDING_KOBO} kobo`);

export const fundWalletInput = z.object({
  accountId: idInput(),
  amount: fundingAmount,
  /** The operator's reference (bank transfer id, receipt number); a reference funds an account once. */
  reference: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional(),
  note: z.string().trim().max(500, "must be at most 500 characters").optional(),
});
export type FundWalletInput = z.input<typeof fundWalletInput>;

/**
 * The console's manual funding (money received outside Paystack): the reference is required there, so
 * every hand-made credit can be traced to its payment. The CLI keeps it optional, as DESIGN.md §4.1 says.
 */
export const manualFundingInput = fundWalletInput.extend({
  reference: z.string("is required").trim().min(1, "is required").max(100, "must be at most 100 characters"),
});

/** The address or CIDR is checked and normalised by the service (ipaddr.js lives on the server). */
export const allowlistEntryInput = z.object({
  accountId: idInput(),
  entry: requiredText(100, "must be an IP address or CIDR range"),
});
export type AllowlistEntryInput = z.input<typeof allowlistEntryInput>;

export const setAllowlistRequiredInput = z.object({ accountId: idInput(), required: onOffInput() });
export type SetAllowlistRequiredInput = z.input<typeof setAllowlistRequiredInput>;

export const setProductCatalogInput = z.object({ accountId: idInput(), on: onOffInput() });
export type SetProductCatalogInput = z.input<typeof setProductCatalogInput>;
