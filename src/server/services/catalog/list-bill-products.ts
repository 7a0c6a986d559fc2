/**
 * Bill products on sale in one service, as one account sees them (DESIGN.md §3.2 BillProduct): a
 * fixed-price product at the account's price in force (its own, else its price list's, else the
 * default: the view bill_prices_in_force, which the payment reads too). Unknown services are 404
 * service.not_found.
 */
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { billServiceOrThrow } from "./find-bill-product";

export interface BillProductView {
  planId: string;
  productId: string;
  name: string;
  biller: string;
  amountType: "fixed" | "variable";
  price: bigint | null;
  minAmount: bigint | null;
  maxAmount: bigint | null;
}

interface BillProductRow {
  id: string;
  product_id: string;
  name: string;
  biller: string;
  amount_type: "FIXED" | "VARIABLE";
  price: bigint | null;
  min_amount: bigint | null;
  max_amount: bigint | null;
}

/** `named`: the account whose prices to show; undefined for the actor's own. */
export async function listBillProducts(actor: Actor, servicePath: string, named?: string): Promise<BillProductView[]> {
  const service = billServiceOrThrow(servicePath);
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const rows = await queryRows<BillProductRow>(sql`
    SELECT b.id, b.product_id, b.name, b.biller, b.amount_type::text AS amount_type, f.price, b.min_amount, b.max_amount
    FROM bill_prices_in_force f
    JOIN bill_products b ON b.id = f.product_id
    WHERE f.account_id = ${accountId}::uuid AND b.service = ${service}::"Service" AND b.active
    ORDER BY b.sort_order, b.id`);
  return rows.map((row) => ({
    planId: row.id,
    productId: row.product_id,
    name: row.name,
    biller: row.biller,
    amountType: row.amount_type === "FIXED" ? "fixed" : "variable",
    price: row.amount_type === "FIXED" ? row.price : null,
    minAmount: row.amount_type === "VARIABLE" ? row.min_amount : null,
    maxAmount: row.amount_type === "VARIABLE" ? row.max_amount : null,
  }));
}
