/**
 * The account's test wallet (docs/integrating.md "Test mode"): play money for the portal's "Test data" view and the
 * pk_test_ keys. Its balance is read like the live one's, with purchases.balance under a test actor;
 * topping it up and resetting it are the owner's (the service checks the role again and audits both).
 */
import { testWalletResetForm, testWalletTopUpForm } from "~/schemas/account-admin";
import { resetTestWallet, topUpTestWallet } from "~/server/services/wallet/test-wallet";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

export const testWalletRouter = createTRPCRouter({
  topUp: accountOwnerProcedure
    .input(testWalletTopUpForm)
    .mutation(({ ctx, input }) => topUpTestWallet(ctx.actor, { accountId: ctx.accountId, amount: input.amount })),

  /** To the opening ₦1,000,000 unless a balance is given (0 to try a purchase refused for insufficient funds). */
  reset: accountOwnerProcedure
    .input(testWalletResetForm)
    .mutation(({ ctx, input }) => resetTestWallet(ctx.actor, { accountId: ctx.accountId, balance: input.balance })),
});
