/**
 * The account's IP allowlist, read-only: operators change it on the holder's request. STAFF may read
 * it too, since they are often the ones asked why the API answers "IP not configured".
 */
import { getAllowlistStatus } from "~/server/services/allowlist/get-allowlist-status";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountMemberProcedure } from "~/server/trpc/own-account-procedures";

export const allowlistRouter = createTRPCRouter({
  status: accountMemberProcedure.query(({ ctx }) => getAllowlistStatus(ctx.actor, { accountId: ctx.accountId })),
});
