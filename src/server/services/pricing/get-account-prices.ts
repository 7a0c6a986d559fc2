/**
 * What one account pays for everything priced per account (issue 16), for the operator: per data plan
 * and fixed-price bill product, the default, the account's price list's price, the account's own
 * price, and the one in force with where it comes from. Read from the same views the listings and
 * the purchase functions read, so the console shows what the account is charged.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { db } from "~/server/db";

export type PriceSource = "account" | "price_list" | "default";

export interface AccountPriceRow {
  kind: "plan" | "bill_product";
  id: string;
  name: string;
  /** The network of a plan, the service of a bill product. */
  group: string;
  active: boolean;
  defaultPrice: bigint;
  listPrice: bigint | null;
  accountPrice: bigint | null;
  price: bigint;
  pricingBasis: "RETAIL" | "SPECIAL" | null;
  source: PriceSource;
  costPrice: bigint | null;
}

export async function getAccountPrices(actor: Actor, accountId: string) {
  assertOperator(actor);
  const account = await findAccountOrThrow(db, accountId);
  const priceList = account.priceListId
    ? await db.priceList.findUnique({ where: { id: account.priceListId }, select: { id: true, name: true } })
    : null;
  const rows = await queryRows<AccountPriceRow>(sql`
    SELECT 'plan' AS kind, p.id, p.name, p.network_id AS "group", p.active AND n.active AS active,
           p.price AS "defaultPrice", l.price AS "listPrice", o.price AS "accountPrice",
           f.price, f.pricing_basis::text AS "pricingBasis", f.price_source AS source, p.cost_price AS "costPrice"
    FROM plan_prices_in_force f
    JOIN data_plans p ON p.id = f.plan_id
    JOIN networks n ON n.id = p.network_id
    LEFT JOIN account_plan_prices o ON o.account_id = f.account_id AND o.plan_id = p.id
    LEFT JOIN price_list_plan_prices l ON l.price_list_id = ${account.priceListId}::uuid AND l.plan_id = p.id
    WHERE f.account_id = ${account.id}::uuid
    UNION ALL
    SELECT 'bill_product', b.id, b.name, b.service::text, b.active,
           b.price, l.price, o.price, f.price, NULL, f.price_source, b.cost_price
    FROM bill_prices_in_force f
    JOIN bill_products b ON b.id = f.product_id AND b.amount_type = 'FIXED'
    LEFT JOIN account_bill_prices o ON o.account_id = f.account_id AND o.product_id = b.id
    LEFT JOIN price_list_bill_prices l ON l.price_list_id = ${account.priceListId}::uuid AND l.product_id = b.id
    WHERE f.account_id = ${account.id}::uuid
    ORDER BY 1 DESC, 4, 2`);
  return { accountId: account.id, accountName: account.name, priceList, prices: rows };
}
