/**
 * The Fund wallet page (docs/operating.md "Funding by bank transfer"): the account's funding account and recent
 * fundings for its owner and staff, in the session's mode (the Test data switch); asking for the live
 * account and simulating a transfer in test mode are the owner's. The services check role and mode again.
 */
import { z } from "zod";
import { requestFundingAccountInput, simulateTransferInput } from "~/schemas/funding";
import { listFundingAccounts } from "~/server/services/funding/list-funding-accounts";
import { listFundings } from "~/server/services/funding/list-fundings";
import { requestFundingAccount } from "~/server/services/funding/request-funding-account";
import { simulateBankTransfer } from "~/server/services/funding/simulate-bank-transfer";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountMemberProcedure, accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

export const fundingRouter = createTRPCRouter({
  accounts: accountMemberProcedure.query(({ ctx }) => listFundingAccounts(ctx.actor, ctx.accountId)),

  recent: accountMemberProcedure
    .input(z.object({ cursor: z.string().max(200).optional() }))
    .query(({ ctx, input }) => listFundings(ctx.actor, ctx.accountId, { limit: 20, cursor: input.cursor })),

  requestAccount: accountOwnerProcedure
    .input(requestFundingAccountInput.omit({ accountId: true }))
    .mutation(({ ctx, input }) => requestFundingAccount(ctx.actor, { accountId: ctx.accountId, phone: input.phone })),

  simulateTransfer: accountOwnerProcedure
    .input(simulateTransferInput)
    .mutation(({ ctx, input }) => simulateBankTransfer(ctx.actor, ctx.accountId, input)),
});
