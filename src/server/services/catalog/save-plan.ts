/**
 * Operators create and edit data plans (issue 16). A price change reaches the next request in every
 * process (the catalog version trigger) and never alters a stored transaction: a transaction keeps the
 * amount it was charged, and its cost, from the moment it was begun.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { planInput, planPatch, type PlanInput, type PlanPatch, type PlanRecord } from "~/schemas/catalog-admin";
import { auditCatalogChange, createOrIdTaken, mergeEdit } from "./catalog-change";
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
  sortOrder: true,
  active: true,
} as const;

export async function createPlan(actor: Actor, input: PlanInput, tx?: DbClient) {
  assertOperator(actor);
  const plan = parseInput(planInput, input);
  return inTransaction(tx, async (client) => {
    await findNetworkOrThrow(client, plan.networkId);
    const created = await createOrIdTaken("data plan", plan.id, () => client.dataPlan.create({ data: plan, select: PLAN_FIELDS }));
    await auditCatalogChange(client, actor, { action: "plan.created", targetId: created.id, before: null, after: created });
    return created;
  });
}

export async function updatePlan(actor: Actor, input: PlanPatch, tx?: DbClient) {
  assertOperator(actor);
  const patch = parseInput(planPatch, input);
  return inTransaction(tx, async (client) => {
    const stored = await findPlanOrThrow(client, patch.id);
    const plan = mergeEdit(planInput, stored, patch);
    if (plan.networkId !== stored.networkId) await findNetworkOrThrow(client, plan.networkId);
    if (plan.retailPrice === null) await assertNoRetailPrices(client, plan);
    const updated = await client.dataPlan.update({ where: { id: stored.id }, data: plan, select: PLAN_FIELDS });
    await auditCatalogChange(client, actor, { action: "plan.updated", targetId: updated.id, before: stored, after: updated });
    return updated;
  });
}

/** A plan without a retail price cannot be sold on the retail basis by any account or price list. */
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

export async function findPlanOrThrow(client: DbClient, id: string) {
  const plan = await client.dataPlan.findUnique({ where: { id }, select: PLAN_FIELDS });
  if (!plan) throw new AppError("plan.not_found", `No data plan with id '${id}'.`);
  return plan;
}
