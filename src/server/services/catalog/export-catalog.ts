/**
 * The whole catalog as a catalog file (src/schemas/catalog-file.ts), for operators: every network,
 * plan and bill product, on sale or not, with its cost, and every price list with its prices. The
 * order is fixed (sort order then id; lists by name, their prices by item id) and every row carries
 * every field, so exporting, importing the file into another database and exporting again gives the
 * same bytes. Account prices and price-list assignments belong to accounts and are not exported.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { CATALOG_FILE_FORMAT, CATALOG_FILE_VERSION } from "~/schemas/catalog-file";

/** Money in a file is a JSON integer of kobo; every price is at most MAX_PRICE_KOBO, well inside a double. */
const kobo = (amount: bigint) => Number(amount);
const koboOrNull = (amount: bigint | null) => (amount === null ? null : Number(amount));

export async function exportCatalog(actor: Actor, client: DbClient = db) {
  assertOperator(actor);
  const order = [{ sortOrder: "asc" as const }, { id: "asc" as const }];
  const [networks, plans, billProducts, priceLists] = await Promise.all([
    client.network.findMany({ orderBy: order }),
    client.dataPlan.findMany({ orderBy: order }),
    client.billProduct.findMany({ orderBy: order }),
    client.priceList.findMany({
      orderBy: { name: "asc" },
      select: {
        name: true,
        planPrices: { orderBy: { planId: "asc" }, select: { planId: true, price: true, pricingBasis: true } },
        billPrices: { orderBy: { productId: "asc" }, select: { productId: true, price: true } },
      },
    }),
  ]);
  // Field by field, in the schema's order: a column added to a table later does not leak into files.
  return {
    format: CATALOG_FILE_FORMAT,
    version: CATALOG_FILE_VERSION,
    networks: networks.map((network) => ({
      id: network.id,
      name: network.name,
      airtimeMinAmount: kobo(network.airtimeMinAmount),
      airtimeMaxAmount: kobo(network.airtimeMaxAmount),
      airtimeCommissionBps: network.airtimeCommissionBps,
      airtimeUpstreamService: network.airtimeUpstreamService,
      sortOrder: network.sortOrder,
      active: network.active,
    })),
    plans: plans.map((plan) => ({
      id: plan.id,
      networkId: plan.networkId,
      name: plan.name,
      price: kobo(plan.price),
      pricingBasis: plan.pricingBasis,
      retailPrice: koboOrNull(plan.retailPrice),
      costPrice: koboOrNull(plan.costPrice),
      productId: plan.productId,
      sizeMb: plan.sizeMb,
      validityDays: plan.validityDays,
      isUnlimited: plan.isUnlimited,
      class: plan.class,
      upstreamService: plan.upstreamService,
      upstreamCode: plan.upstreamCode,
      sortOrder: plan.sortOrder,
      active: plan.active,
    })),
    billProducts: billProducts.map((product) => ({
      id: product.id,
      service: product.service,
      productId: product.productId,
      name: product.name,
      biller: product.biller,
      amountType: product.amountType,
      price: koboOrNull(product.price),
      minAmount: koboOrNull(product.minAmount),
      maxAmount: koboOrNull(product.maxAmount),
      costPrice: koboOrNull(product.costPrice),
      commissionBps: product.commissionBps,
      upstreamService: product.upstreamService,
      upstreamCode: product.upstreamCode,
      sortOrder: product.sortOrder,
      active: product.active,
    })),
    priceLists: priceLists.map((list) => ({
      name: list.name,
      plans: list.planPrices.map((entry) => ({ planId: entry.planId, price: kobo(entry.price), pricingBasis: entry.pricingBasis })),
      billProducts: list.billPrices.map((entry) => ({ productId: entry.productId, price: kobo(entry.price) })),
    })),
  };
}

export type ExportedCatalog = Awaited<ReturnType<typeof exportCatalog>>;
