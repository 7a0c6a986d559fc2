/**
 * Operators create and edit data plans (issue 16). A price change reaches the next request in every
 * process (the catalog version trigger) and never alters a stored transaction: a transaction keeps the
 * amount it was charged, and its cost, from the moment it was begun.
 */
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { invalidInput } from "~/server/validation/parse-input";
import { planInput, planPatch, type PlanRecord } from "~/schemas/catalog-admin";
import { catalogWriter } from "./catalog-change";
import { assertUpstreamFree } from "./upstream-mapping";
import { findNetworkOrThrow } from "./save-network";

const PLAN_FIELDS = {
  id: true,
  networkId: true,
  name: true,
  price: true,
  pricingBasis: true,
  retailPrice: true,
  costPrice: true,
  productId: true,
  sizeMb: true,
  validityDays: true,
  isUnlimited: true,
  class: true,
  upstreamService: true,
  upstreamCode: true,
  sortOrder: true,
  active: true,
} as const;

const plans = catalogWriter({
  what: "data plan",
  audit: "plan",
  schema: planInput,
  patch: planPatch,
  find: (client, id) => client.dataPlan.findUnique({ where: { id }, select: PLAN_FIELDS }),
  notFound: (id) => new AppError("plan.not_found", `No data plan with id '${id}'.`),
  insert: (client, row) => client.dataPlan.create({ data: row, select: PLAN_FIELDS }),
  update: (client, id, row) => client.dataPlan.update({ where: { id }, data: row, select: PLAN_FIELDS }),
  check: async (client, plan, stored) => {
    if (plan.networkId !== stored?.networkId) await findNetworkOrThrow(client, plan.networkId);
    if (stored && plan.retailPrice === null) await assertNoRetailPrices(client, plan);
    await assertUpstreamFree(plan, (where) => client.dataPlan.findFirst({ where, select: { id: true } }), "data plan");
  },
});

export const createPlan = plans.create;
export const updatePlan = plans.update;
export const findPlanOrThrow = plans.findOrThrow;

/**
 * A plan without a retail price cannot be sold on the retail basis by any account or price list. The
 * database refuses it too (data_plans_keep_retail_prices); this says which prices stand in the way.
 */
async function assertNoRetailPrices(client: DbClient, plan: PlanRecord): Promise<void> {
  const where = { planId: plan.id, pricingBasis: "RETAIL" as const };
  const [accounts, lists] = await Promise.all([client.accountPlanPrice.count({ where }), client.priceListPlanPrice.count({ where })]);
  if (accounts + lists > 0) {
    throw invalidInput([
      {
        name: "retailPrice",
        reason: `is still used by ${accounts} account price(s) and ${lists} price-list price(s) on the retail basis; change those first`,
      },
    ]);
  }
}
