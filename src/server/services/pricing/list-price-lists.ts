/** Price lists for operators: each with how many accounts buy at it, and one list with its prices. */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { findPriceListOrThrow } from "./manage-price-lists";

export async function listPriceLists(actor: Actor) {
  assertOperator(actor);
  const lists = await db.priceList.findMany({
    orderBy: { name: "asc" },
    select: { id: true, name: true, createdAt: true, _count: { select: { accounts: true, planPrices: true, billPrices: true } } },
  });
  return lists.map(({ _count, ...list }) => ({
    ...list,
    accounts: _count.accounts,
    prices: _count.planPrices + _count.billPrices,
  }));
}

/** One list with its prices; `idOrName` as findPriceListOrThrow takes it. */
export async function getPriceList(actor: Actor, idOrName: string) {
  assertOperator(actor);
  const list = await findPriceListOrThrow(db, idOrName);
  const [planPrices, billPrices, accounts] = await Promise.all([
    db.priceListPlanPrice.findMany({
      where: { priceListId: list.id },
      orderBy: { planId: "asc" },
      select: { planId: true, price: true, pricingBasis: true },
    }),
    db.priceListBillPrice.findMany({
      where: { priceListId: list.id },
      orderBy: { productId: "asc" },
      select: { productId: true, price: true },
    }),
    db.account.findMany({ where: { priceListId: list.id }, orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
  return { ...list, planPrices, billPrices, accounts };
}
