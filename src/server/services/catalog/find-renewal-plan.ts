/**
 * Which of our cable TV products renews a customer's current subscription (docs/integrating.md "Renewing a
 * subscription"): the biller's product on sale whose upstream price (costPrice, VTpass's
 * variation_amount as catalog:sync keeps it) is the renewal amount the biller's verification states.
 * Paying with `subscriptionType: "renew"` charges that product's price, so the upstream is paid for the
 * renewal exactly what it would be paid for that bouquet. Null when no product matches (a subscription
 * with add-ons, a price our catalog does not know yet): such a customer is renewed by buying a bouquet.
 */
import { db } from "~/server/db";

export async function findRenewalPlan(biller: string, renewalAmount: bigint): Promise<string | null> {
  const product = await db.billProduct.findFirst({
    where: { service: "CABLE_TV", biller, active: true, costPrice: renewalAmount },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return product?.id ?? null;
}
