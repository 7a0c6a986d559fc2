/**
 * The inputs of a person's own security (docs/security.md): changing the password,
 * two-factor sign-in, sessions; and the resets operators (and owners, for their staff) may make.
 * Browser-safe: zod only.
 */
import { z } from "zod";
import { idInput, passwordInput } from "./fields";

/** A TOTP code (6 digits) or a recovery code (16 letters, dashes and spaces allowed), as typed. */
export const secondFactorCode = () => z.string("is required").trim().min(6, "is required").max(40, "is not a code");

export const changePasswordInput = z
  .object({
    currentPassword: z.string("is required").min(1, "is required").max(200),
    newPassword: passwordInput(),
  })
  .refine((input) => input.currentPassword !== input.newPassword, { path: ["newPassword"], message: "must differ from the current one" });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const confirmTwoFactorInput = z.object({
  code: z
    .string("is required")
    .trim()
    .regex(/^\d{6}$/, "must be the 6-digit code your app shows"),
  password: z.string("is required").min(1, "is required").max(200),
});
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorInput>;

/** Turning two-factor sign-in off, or a new set of recovery codes: a fresh code first. */
export const freshCodeInput = z.object({ code: secondFactorCode() });
export type FreshCodeInput = z.input<typeof freshCodeInput>;

export const endSessionInput = z.object({ sessionId: idInput() });
export type EndSessionInput = z.input<typeof endSessionInput>;

/**
 * A password set for someone else: by default a temporary one the service makes up, good for one
 * sign-in within 24 hours, after which its user must choose their own. The CLI may give the password
 * (`--password`) and make it permanent (`--permanent`), for an operator setting up their own sign-in.
 */
export const setUserPasswordInput = z.object({
  userId: idInput(),
  password: passwordInput().optional(),
  permanent: z.boolean().default(false),
});
export type SetUserPasswordInput = z.input<typeof setUserPasswordInput>;

export const userIdInput = z.object({ userId: idInput() });
export type UserIdInput = z.input<typeof userIdInput>;
