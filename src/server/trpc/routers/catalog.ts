/**
 * The operator console's catalog, prices and margins (issue 16). Every procedure is an
 * operatorProcedure that validates its input with the schema the service (and the CLI) applies again,
 * then calls that service with the signed-in operator, who is named in the audit entry. Cost and
 * margin come only from here: the reseller's pages read the purchases router, which never selects them.
 */
import { z } from "zod";
import { accountScopeInput } from "~/schemas/account-admin";
import {
  assignPriceListInput,
  billProductInput,
  billProductPatch,
  createPriceListInput,
  marginReportInput,
  networkInput,
  networkPatch,
  planInput,
  planPatch,
  renamePriceListInput,
  setAccountPriceInput,
  setPriceListPriceInput,
} from "~/schemas/catalog-admin";
import { idInput } from "~/schemas/fields";
import { listCatalogAdmin } from "~/server/services/catalog/list-catalog-admin";
import { createBillProduct, updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { createNetwork, updateNetwork } from "~/server/services/catalog/save-network";
import { createPlan, updatePlan } from "~/server/services/catalog/save-plan";
import { getAccountPrices } from "~/server/services/pricing/get-account-prices";
import { getPriceList, listPriceLists } from "~/server/services/pricing/list-price-lists";
import { assignPriceList, createPriceList, renamePriceList, setPriceListPrice } from "~/server/services/pricing/manage-price-lists";
import { setAccountPrice } from "~/server/services/pricing/set-account-price";
import { getMarginReport } from "~/server/services/reports/margin-report";
import { createTRPCRouter, operatorProcedure } from "~/server/trpc/init";

export const catalogRouter = createTRPCRouter({
  catalog: operatorProcedure.query(({ ctx }) => listCatalogAdmin(ctx.actor)),

  createNetwork: operatorProcedure.input(networkInput).mutation(({ ctx, input }) => createNetwork(ctx.actor, input)),
  updateNetwork: operatorProcedure.input(networkPatch).mutation(({ ctx, input }) => updateNetwork(ctx.actor, input)),
  createPlan: operatorProcedure.input(planInput).mutation(({ ctx, input }) => createPlan(ctx.actor, input)),
  updatePlan: operatorProcedure.input(planPatch).mutation(({ ctx, input }) => updatePlan(ctx.actor, input)),
  createBillProduct: operatorProcedure.input(billProductInput).mutation(({ ctx, input }) => createBillProduct(ctx.actor, input)),
  updateBillProduct: operatorProcedure.input(billProductPatch).mutation(({ ctx, input }) => updateBillProduct(ctx.actor, input)),

  priceLists: operatorProcedure.query(({ ctx }) => listPriceLists(ctx.actor)),
  priceList: operatorProcedure
    .input(z.object({ priceListId: idInput() }))
    .query(({ ctx, input }) => getPriceList(ctx.actor, input.priceListId)),
  createPriceList: operatorProcedure.input(createPriceListInput).mutation(({ ctx, input }) => createPriceList(ctx.actor, input)),
  renamePriceList: operatorProcedure.input(renamePriceListInput).mutation(({ ctx, input }) => renamePriceList(ctx.actor, input)),
  setPriceListPrice: operatorProcedure.input(setPriceListPriceInput).mutation(({ ctx, input }) => setPriceListPrice(ctx.actor, input)),
  assignPriceList: operatorProcedure.input(assignPriceListInput).mutation(({ ctx, input }) => assignPriceList(ctx.actor, input)),

  accountPrices: operatorProcedure.input(accountScopeInput).query(({ ctx, input }) => getAccountPrices(ctx.actor, input.accountId)),
  setAccountPrice: operatorProcedure.input(setAccountPriceInput).mutation(({ ctx, input }) => setAccountPrice(ctx.actor, input)),

  marginReport: operatorProcedure.input(marginReportInput).query(({ ctx, input }) => getMarginReport(ctx.actor, input)),
});
