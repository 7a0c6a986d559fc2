import { z } from "zod";
import { AppError } from "~/server/errors";
import { listInvoiceMonths } from "~/server/services/invoices/list-invoice-months";
import { createTRPCRouter, ownerOrOperatorProcedure } from "~/server/trpc/init";

export const invoicesRouter = createTRPCRouter({
  /** The caller's own account; operators name the account. */
  months: ownerOrOperatorProcedure.input(z.object({ accountId: z.string().optional() })).query(({ ctx, input }) => {
    const accountId = ctx.actor.role === "OPERATOR" ? input.accountId : ctx.actor.accountId;
    if (!accountId) throw new AppError("account.not_found", "Choose an account to see its invoices.");
    return listInvoiceMonths(ctx.actor, { accountId });
  }),
});
