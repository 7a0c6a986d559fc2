import { z } from "zod";
import { listInvoiceMonths } from "~/server/services/invoices/list-invoice-months";
import { createTRPCRouter, ownerOrOperatorProcedure } from "~/server/trpc/init";

export const invoicesRouter = createTRPCRouter({
  /** The caller's own account; operators name the account. */
  months: ownerOrOperatorProcedure
    .input(z.object({ accountId: z.string().optional() }))
    .query(({ ctx, input }) => listInvoiceMonths(ctx.actor, { accountId: input.accountId })),
});
