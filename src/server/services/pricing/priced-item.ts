/**
 * Where an operator-set price lives (issue 16): on an account (its own price, which wins) or on a price
 * list (shared by the accounts assigned to it), for a data plan (price and pricing basis) or a
 * fixed-price bill product (price). One writer for all four tables, so the rules are written once:
 *  - a retail-basis price needs the plan's published retail price;
 *  - only a fixed-price bill product has a price of its own (a variable one charges the amount sent);
 *  - `price: null` removes the price, so the next source in the order of precedence applies again.
 * The database enforces the first two as well (prisma/sql/catalog/check_plan_price_basis.sql and its neighbours).
 */
import type { PricingBasis } from "~/generated/prisma/enums";
import type { DbClient } from "~/server/db";
import { invalidInput } from "~/server/validation/parse-input";
import { findBillProductOrThrow } from "~/server/services/catalog/save-bill-product";
import { findPlanOrThrow } from "~/server/services/catalog/save-plan";

export type PriceOwner = { accountId: string } | { priceListId: string };

export interface PriceChange {
  planId?: string;
  productId?: string;
  price: bigint | null;
  pricingBasis?: PricingBasis;
}

/** Money as a string of kobo: the audit log's JSON has no bigint. A type (not an interface), so it is JSON. */
export type StoredPrice = {
  price: string;
  pricingBasis?: PricingBasis;
};

export interface PriceWritten {
  item: { planId: string } | { productId: string };
  before: StoredPrice | null;
  after: StoredPrice | null;
}

/** A write that found the price as it was asked to leave it (including clearing no price): nothing to audit. */
export function unchanged(written: PriceWritten): boolean {
  return JSON.stringify(written.before) === JSON.stringify(written.after);
}

/** Writes (or with `price: null` removes) one price of an account or a price list. */
export async function writePrice(client: DbClient, owner: PriceOwner, change: PriceChange): Promise<PriceWritten> {
  if (change.planId !== undefined) return writePlanPrice(client, owner, change.planId, change);
  return writeBillPrice(client, owner, change.productId ?? "", change);
}

async function writePlanPrice(client: DbClient, owner: PriceOwner, planId: string, change: PriceChange): Promise<PriceWritten> {
  const plan = await findPlanOrThrow(client, planId);
  const table = "accountId" in owner ? client.accountPlanPrice : client.priceListPlanPrice;
  const key =
    "accountId" in owner
      ? { accountId_planId: { accountId: owner.accountId, planId } }
      : { priceListId_planId: { priceListId: owner.priceListId, planId } };
  // The two delegates share their shape; TypeScript cannot see that through the union.
  const delegate = table as unknown as typeof client.accountPlanPrice;
  const where = key as Parameters<typeof client.accountPlanPrice.findUnique>[0]["where"];
  const stored = await delegate.findUnique({ where });
  const before = stored ? { price: stored.price.toString(), pricingBasis: stored.pricingBasis } : null;
  if (change.price === null) {
    if (stored) await delegate.delete({ where });
    return { item: { planId }, before, after: null };
  }
  // A price changed without a basis keeps the basis it had; a new one takes the plan's.
  const pricingBasis = change.pricingBasis ?? stored?.pricingBasis ?? plan.pricingBasis;
  if (pricingBasis === "RETAIL" && plan.retailPrice === null) {
    throw invalidInput([{ name: "pricingBasis", reason: `cannot be retail: plan '${plan.id}' has no published retail price` }]);
  }
  const data = { ...owner, planId, price: change.price, pricingBasis };
  await delegate.upsert({ where, create: data as never, update: { price: change.price, pricingBasis } });
  return { item: { planId }, before, after: { price: change.price.toString(), pricingBasis } };
}

async function writeBillPrice(client: DbClient, owner: PriceOwner, productId: string, change: PriceChange): Promise<PriceWritten> {
  const product = await findBillProductOrThrow(client, productId);
  if (product.amountType !== "FIXED") {
    throw invalidInput([
      { name: "productId", reason: `'${product.id}' is a variable-amount product: it charges the amount sent, so it has no price` },
    ]);
  }
  const key =
    "accountId" in owner
      ? { accountId_productId: { accountId: owner.accountId, productId } }
      : { priceListId_productId: { priceListId: owner.priceListId, productId } };
  const delegate = ("accountId" in owner
    ? client.accountBillPrice
    : client.priceListBillPrice) as unknown as typeof client.accountBillPrice;
  const where = key as Parameters<typeof client.accountBillPrice.findUnique>[0]["where"];
  const stored = await delegate.findUnique({ where });
  const before = stored ? { price: stored.price.toString() } : null;
  if (change.price === null) {
    if (stored) await delegate.delete({ where });
    return { item: { productId }, before, after: null };
  }
  const data = { ...owner, productId, price: change.price };
  await delegate.upsert({ where, create: data as never, update: { price: change.price } });
  return { item: { productId }, before, after: { price: change.price.toString() } };
}
