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
  catalogItemInput,
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
import { countRecentBuyers } from "~/server/services/catalog/count-recent-buyers";
import { listCatalogAdmin } from "~/server/services/catalog/list-catalog-admin";
import { createBillProduct, updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { createNetwork, updateNetwork } from "~/server/services/catalog/save-network";
import { createPlan, updatePlan } from "~/server/services/catalog/save-plan";
import { getAccountPrices } from "~/server/services/pricing/get-account-prices";
import { getPriceList, listPriceLists } from "~/server/services/pricing/list-price-lists";
import { assignPriceList, createPriceList, renamePriceList, setPriceListPrice } from "~/server/services/pricing/manage-price-lists";
import { setAccountPrice } from "~/server/services/pricing/set-account-price";
import { getMarginReport } from "~/server/services/reports/margin-report";
import { createTRPCRouter, operatorCall, operatorProcedure } from "~/server/trpc/init";

export const catalogRouter = createTRPCRouter({
  catalog: operatorProcedure.query(({ ctx }) => listCatalogAdmin(ctx.actor)),
  /** What taking an item off sale affects, for the console's confirmation. */
  recentBuyers: operatorCall.query(catalogItemInput, countRecentBuyers),

  createNetwork: operatorCall.mutation(networkInput, createNetwork),
  updateNetwork: operatorCall.mutation(networkPatch, updateNetwork),
  createPlan: operatorCall.mutation(planInput, createPlan),
  updatePlan: operatorCall.mutation(planPatch, updatePlan),
  createBillProduct: operatorCall.mutation(billProductInput, createBillProduct),
  updateBillProduct: operatorCall.mutation(billProductPatch, updateBillProduct),

  priceLists: operatorProcedure.query(({ ctx }) => listPriceLists(ctx.actor)),
  priceList: operatorProcedure
    .input(z.object({ priceListId: idInput() }))
    .query(({ ctx, input }) => getPriceList(ctx.actor, input.priceListId)),
  createPriceList: operatorCall.mutation(createPriceListInput, createPriceList),
  renamePriceList: operatorCall.mutation(renamePriceListInput, renamePriceList),
  setPriceListPrice: operatorCall.mutation(setPriceListPriceInput, setPriceListPrice),
  assignPriceList: operatorCall.mutation(assignPriceListInput, assignPriceList),

  accountPrices: operatorProcedure.input(accountScopeInput).query(({ ctx, input }) => getAccountPrices(ctx.actor, input.accountId)),
  setAccountPrice: operatorCall.mutation(setAccountPriceInput, setAccountPrice),

  marginReport: operatorCall.query(marginReportInput, getMarginReport),
});
