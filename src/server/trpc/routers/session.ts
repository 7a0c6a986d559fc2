import { getSignedInUser } from "~/server/services/users/get-signed-in-user";
import { createTRPCRouter, protectedProcedure } from "~/server/trpc/init";

export const sessionRouter = createTRPCRouter({
  me: protectedProcedure.query(({ ctx }) => getSignedInUser(ctx.actor)),
});
