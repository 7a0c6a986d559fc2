/**
 * The portal's Buy pages: catalog reads, customer verification, the three purchase kinds, and the
 * look-up a pending purchase is polled with. Each procedure only translates: it takes the REST API's
 * zod schema (src/schemas/purchases.ts) and calls the same service function the API calls, with the
 * signed-in user as the actor (channel PORTAL, their user id and source address recorded). Operators
 * are refused by the services themselves ("forbidden"); the catalog reads that need an account
 * refuse them the same way.
 */
import { z } from "zod";
import { clientReference, payBillInput, purchaseAirtimeInput, purchaseDataInput, verifyCustomerInput } from "~/schemas/purchases";
import { BILL_SERVICE_PATHS, type BillServicePath } from "~/schemas/services";
import { listBillProducts } from "~/server/services/catalog/list-bill-products";
import { listNetworks } from "~/server/services/catalog/list-networks";
import { listPlans } from "~/server/services/catalog/list-plans";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { verifyCustomer } from "~/server/services/purchases/verify-customer";
import { getTransaction } from "~/server/services/transactions/get-transaction";
import { getBalance } from "~/server/services/wallet/get-balance";
import { createTRPCRouter, protectedProcedure } from "~/server/trpc/init";

const billService = z.enum(Object.keys(BILL_SERVICE_PATHS) as [BillServicePath, ...BillServicePath[]]);

export const purchasesRouter = createTRPCRouter({
  balance: protectedProcedure.query(({ ctx }) => getBalance(ctx.actor)),

  networks: protectedProcedure.query(({ ctx }) => listNetworks(ctx.actor)),

  plans: protectedProcedure
    .input(z.object({ networkId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => listPlans(ctx.actor, undefined, { networkId: input.networkId })),

  billProducts: protectedProcedure
    .input(z.object({ service: billService }))
    .query(({ ctx, input }) => listBillProducts(ctx.actor, input.service)),

  // A mutation, not a query: it asks the biller, and runs when the person presses "Verify".
  verifyCustomer: protectedProcedure
    .input(verifyCustomerInput.extend({ service: billService }))
    .mutation(({ ctx, input: { service, ...input } }) => verifyCustomer(ctx.actor, service, input)),

  buyData: protectedProcedure
    .input(purchaseDataInput)
    .mutation(async ({ ctx, input }) => (await purchaseData(ctx.actor, input)).transaction),

  buyAirtime: protectedProcedure
    .input(purchaseAirtimeInput)
    .mutation(async ({ ctx, input }) => (await purchaseAirtime(ctx.actor, input)).transaction),

  payBill: protectedProcedure
    .input(payBillInput.extend({ service: billService }))
    .mutation(async ({ ctx, input: { service, ...input } }) => (await payBill(ctx.actor, service, input)).transaction),

  /** One of the account's transactions by its clientReference, as it stands now (polled while pending). */
  transaction: protectedProcedure
    .input(z.object({ clientReference }))
    .query(({ ctx, input }) => getTransaction(ctx.actor, undefined, input.clientReference)),
});
