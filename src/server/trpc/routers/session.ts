import { db } from "~/server/db";
import { createTRPCRouter, protectedProcedure } from "~/server/trpc/init";

export const sessionRouter = createTRPCRouter({
  /** Who is signed in, and the name of their account (null for operators, who have none). */
  me: protectedProcedure.query(async ({ ctx }) => {
    const { actor } = ctx;
    // TODO(services): read through an account service (e.g. getAccountForActor) once
    // src/server/services/accounts exists; kept to a single scoped read until then.
    const account = actor.accountId
      ? await db.account.findUnique({ where: { id: actor.accountId }, select: { name: true } })
      : null;
    return { email: actor.email, role: actor.role, accountId: actor.accountId, accountName: account?.name ?? null };
  }),
});
