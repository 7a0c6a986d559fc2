/**
 * The account owner's team: the account's users, inviting staff (docs/security.md "Staff invitations"),
 * pending invitations, disabling and re-enabling staff, resetting their sign-in.
 */
import { setUserDisabledInput } from "~/schemas/account-admin";
import { invitationIdInput, inviteStaffForm } from "~/schemas/invitations";
import { userIdInput } from "~/schemas/security";
import { createStaffInvitation } from "~/server/services/invitations/create-staff-invitation";
import { listPendingInvitations } from "~/server/services/invitations/list-pending-invitations";
import { revokeStaffInvitation } from "~/server/services/invitations/revoke-staff-invitation";
import { resetUserTwoFactor } from "~/server/services/security/reset-user-two-factor";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { setUserPassword } from "~/server/services/users/set-user-password";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

export const teamRouter = createTRPCRouter({
  list: accountOwnerProcedure.query(async ({ ctx }) => {
    const users = await listAccountUsers(ctx.actor, { accountId: ctx.accountId });
    return users.map((user) => ({ ...user, isYou: user.userId === ctx.actor.userId }));
  }),

  /** An invitation link, shown to the owner once, to pass on to the person. */
  invite: accountOwnerProcedure
    .input(inviteStaffForm)
    .mutation(({ ctx, input }) => createStaffInvitation(ctx.actor, { ...input, accountId: ctx.accountId })),

  invitations: accountOwnerProcedure.query(({ ctx }) => listPendingInvitations(ctx.actor, { accountId: ctx.accountId })),

  revokeInvitation: accountOwnerProcedure.input(invitationIdInput).mutation(({ ctx, input }) => revokeStaffInvitation(ctx.actor, input)),

  setDisabled: accountOwnerProcedure
    .input(setUserDisabledInput)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.actor, { userId: input.userId, disabled: input.disabled })),

  /** A staff member forgot their password: a temporary one, shown to the owner once. */
  resetPassword: accountOwnerProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => setUserPassword(ctx.actor, { userId: input.userId })),

  /** A staff member lost their phone and recovery codes. */
  resetTwoFactor: accountOwnerProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => resetUserTwoFactor(ctx.actor, { userId: input.userId })),
});
