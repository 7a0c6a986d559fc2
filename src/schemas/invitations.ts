/**
 * Staff invitations (docs/security.md "Staff invitations"): the owner's "Invite staff" form, revoking a
 * pending invitation, and the invitee's form at /invite/<token>. Browser-safe: zod only.
 */
import { z } from "zod";
import { emailInput, idInput, passwordInput } from "./fields";

/** A name as people type it: trimmed, at most 200 characters. */
const personName = () => z.string().trim().max(200, "must be at most 200 characters");

/** The Team page's "Invite staff" form; the account is the signed-in owner's. */
export const inviteStaffForm = z.object({
  email: emailInput(),
  name: personName()
    // An empty name field means "no name".
    .transform((name) => (name === "" ? undefined : name))
    .optional(),
});
export type InviteStaffForm = z.input<typeof inviteStaffForm>;

/** What the service is given: the form, and the account it invites to (the caller's own). */
export const inviteStaffInput = inviteStaffForm.extend({ accountId: idInput() });
export type InviteStaffInput = z.input<typeof inviteStaffInput>;

export const invitationIdInput = z.object({ invitationId: idInput() });
export type InvitationIdInput = z.input<typeof invitationIdInput>;

/**
 * A token as it may appear in a link: anything else is answered as an unknown invitation, never as a
 * validation error (the answer to a link is one neutral message).
 */
export const invitationToken = () => z.string().max(200).catch("");

/** The invitee's form: their name and password (the same password rules as everywhere). */
export const acceptInvitationForm = z.object({
  token: invitationToken(),
  name: personName().min(1, "is required"),
  password: passwordInput(),
});
export type AcceptInvitationForm = z.input<typeof acceptInvitationForm>;
