import { countPortalTransactionsInput, listPortalTransactionsInput } from "~/schemas/portal-transactions";
import { countPortalTransactions } from "~/server/services/transactions/count-portal-transactions";
import { getPortalTransaction, getPortalTransactionInput } from "~/server/services/transactions/get-portal-transaction";
import { listPortalTransactions } from "~/server/services/transactions/list-portal-transactions";
import { createTRPCRouter, protectedProcedure } from "~/server/trpc/init";

export const transactionsRouter = createTRPCRouter({
  /** The filtered list, newest first; `cursor` is the previous page's nextCursor. */
  list: protectedProcedure.input(listPortalTransactionsInput).query(({ ctx, input }) => listPortalTransactions(ctx.actor, input)),
  /** How many the list's filter matches, up to a cap: asked apart, so the list never waits for it. */
  count: protectedProcedure.input(countPortalTransactionsInput).query(({ ctx, input }) => countPortalTransactions(ctx.actor, input)),
  /** One transaction of the caller's account; any other id is NOT_FOUND. */
  byId: protectedProcedure.input(getPortalTransactionInput).query(({ ctx, input }) => getPortalTransaction(ctx.actor, input)),
});
