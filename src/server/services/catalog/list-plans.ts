/**
 * Data plans on sale, as one account sees them (DESIGN.md §3.2 Plan): the price and pricing basis in
 * force for the account (its own, else its price list's, else the plan's default: the view
 * plan_prices_in_force, which the purchase reads too); `retailPrice` only with the retail basis;
 * the structured fields only for accounts on the product catalog. Nothing is ever derived from `name`.
 */
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db, queryRows, sql } from "~/server/db";
import { AppError } from "~/server/errors";

export interface PlanView {
  planId: string;
  networkId: string;
  name: string;
  price: bigint;
  retailPrice: bigint | null;
  pricingBasis: "retail" | "special";
  productId: string | null;
  sizeMb: number | null;
  validityDays: number | null;
  isUnlimited: boolean | null;
  class: string | null;
}

interface PlanRow {
  id: string;
  network_id: string;
  name: string;
  price: bigint;
  pricing_basis: "RETAIL" | "SPECIAL";
  retail_price: bigint | null;
  product_id: string;
  size_mb: number | null;
  validity_days: number;
  is_unlimited: boolean;
  class: string;
  on_product_catalog: boolean;
}

export function toPlanView(row: PlanRow): PlanView {
  const onCatalog = row.on_product_catalog;
  return {
    planId: row.id,
    networkId: row.network_id,
    name: row.name,
    price: row.price,
    retailPrice: row.pricing_basis === "RETAIL" ? row.retail_price : null,
    pricingBasis: row.pricing_basis === "RETAIL" ? "retail" : "special",
    productId: onCatalog ? row.product_id : null,
    sizeMb: onCatalog ? row.size_mb : null,
    validityDays: onCatalog ? row.validity_days : null,
    isUnlimited: onCatalog ? row.is_unlimited : null,
    class: onCatalog ? row.class : null,
  };
}

/** `named`: the account whose prices to show; undefined for the actor's own. */
export async function listPlans(actor: Actor, named: string | undefined, filter: { networkId?: string } = {}): Promise<PlanView[]> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const networkId = filter.networkId ?? null;
  const rows = await queryRows<PlanRow>(sql`
    SELECT p.id, p.network_id, p.name, f.price, f.pricing_basis::text AS pricing_basis,
           p.retail_price, p.product_id, p.size_mb, p.validity_days, p.is_unlimited, p.class,
           a.on_product_catalog
    FROM accounts a
    JOIN plan_prices_in_force f ON f.account_id = a.id
    JOIN data_plans p ON p.id = f.plan_id AND p.active AND (${networkId}::text IS NULL OR p.network_id = ${networkId}::text)
    JOIN networks n ON n.id = p.network_id AND n.active
    WHERE a.id = ${accountId}::uuid
    ORDER BY n.sort_order, n.id, p.sort_order, p.id`);
  if (rows.length === 0 && networkId !== null) {
    const network = await db.network.findUnique({ where: { id: networkId }, select: { id: true } });
    if (!network) throw new AppError("network.not_found", `No network with id '${networkId}'. See GET /api/v1/networks.`);
  }
  return rows.map(toPlanView);
}
