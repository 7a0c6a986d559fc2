/** The account owner's team: the account's users, adding staff, disabling and re-enabling staff. */
import { z } from "zod";
import { createUser } from "~/server/services/users/create-user";
import { listAccountUsers } from "~/server/services/users/list-account-users";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

// Loose on purpose: the services validate, so every transport reports field problems the same way.
const addStaffInput = z.object({ email: z.string(), password: z.string(), name: z.string().optional() });
const setDisabledInput = z.object({ userId: z.string(), disabled: z.boolean() });

export const teamRouter = createTRPCRouter({
  list: accountOwnerProcedure.query(async ({ ctx }) => {
    const users = await listAccountUsers(ctx.actor, { accountId: ctx.accountId });
    return users.map((user) => ({ ...user, isYou: user.userId === ctx.actor.userId }));
  }),

  addStaff: accountOwnerProcedure.input(addStaffInput).mutation(({ ctx, input }) => {
    const name = input.name?.trim() ? input.name : undefined;
    return createUser(ctx.actor, { email: input.email, password: input.password, name, role: "STAFF", accountId: ctx.accountId });
  }),

  setDisabled: accountOwnerProcedure
    .input(setDisabledInput)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.actor, { userId: input.userId, disabled: input.disabled })),
});
