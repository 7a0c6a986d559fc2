/** The account owner's team: the account's users, adding staff, disabling and re-enabling staff, resetting their sign-in. */
import { addStaffForm, setUserDisabledInput } from "~/schemas/account-admin";
import { createUser } from "~/server/services/users/create-user";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { setUserPassword } from "~/server/services/users/set-user-password";
import { resetUserTwoFactor } from "~/server/services/security/reset-user-two-factor";
import { userIdInput } from "~/schemas/security";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

export const teamRouter = createTRPCRouter({
  list: accountOwnerProcedure.query(async ({ ctx }) => {
    const users = await listAccountUsers(ctx.actor, { accountId: ctx.accountId });
    return users.map((user) => ({ ...user, isYou: user.userId === ctx.actor.userId }));
  }),

  addStaff: accountOwnerProcedure
    .input(addStaffForm)
    .mutation(({ ctx, input }) =>
      createUser(ctx.actor, { email: input.email, password: input.password, name: input.name, role: "STAFF", accountId: ctx.accountId }),
    ),

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
