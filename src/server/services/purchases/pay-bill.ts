import { payBillInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { billProductOnSale, billProductRefusals, findBillProduct } from "~/server/services/catalog/find-bill-product";
import { findRenewalPlan } from "~/server/services/catalog/find-renewal-plan";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { answerKnownReference, executeBillPurchase, type PurchaseContext, type PurchaseResult } from "./execute-purchase";
import { checkCustomer } from "./verify-customer";

/**
 * POST /api/v1/bills/{service}/pay. Variable-amount products (electricity) take the customer's amount
 * within the product's bounds; fixed-price products charge their price and refuse an amount. The
 * customer is verified with the biller before any money moves, except for a replay, which only
 * returns the stored transaction. `context`: what the REST purchase route knows of the request
 * (PurchaseContext).
 *
 * Cable TV may renew the customer's current subscription instead (`subscriptionType: "renew"`,
 * docs/integrating.md "Renewing a subscription"): the verification made here states the renewal amount, `planId` must be
 * the product that matches it (findRenewalPlan), whose price is charged, and the upstream is asked to
 * renew at that amount.
 */
export async function payBill(actor: Actor, servicePath: string, input: unknown, context: PurchaseContext = {}): Promise<PurchaseResult> {
  const { clientReference, planId, customerId, amount, phone, subscriptionType } = parseInput(payBillInput, input);
  const found = await findBillProduct(servicePath, planId);
  const { service } = found;
  if (subscriptionType !== undefined && service !== "CABLE_TV") {
    throw invalidInput([{ name: "subscriptionType", reason: "applies to cable TV only" }]);
  }
  const renew = subscriptionType === "renew";
  // Variable products always come with an amount and fixed ones never, so the amount as sent defines
  // the order in both cases, even when the product has since left the catalog.
  const order = {
    clientReference,
    service,
    productCode: planId,
    recipient: customerId,
    orderAmount: amount === undefined ? null : BigInt(amount),
    renew: renew || undefined,
  };

  const known = await answerKnownReference(actor, order, context);
  if (known) return known;
  const product = billProductOnSale(servicePath, planId, found.product);

  if (product.amountType === "VARIABLE") {
    if (amount === undefined) throw invalidInput([{ name: "amount", reason: "is required for this variable-amount product" }]);
    const charge = BigInt(amount);
    if (charge < (product.minAmount ?? 0n) || charge > (product.maxAmount ?? 0n)) {
      throw new AppError(
        "amount.out_of_range",
        `${product.name} payments must be between ${product.minAmount} and ${product.maxAmount} kobo.`,
      );
    }
  } else if (amount !== undefined) {
    throw invalidInput([{ name: "amount", reason: "must not be sent for a fixed-price product; it costs its listed price" }]);
  }

  const customer = await checkCustomer(actor, service, product.id, customerId);
  const renewal = renew ? await renewalOf(customer, product) : null;
  // The charge itself is decided by the database in the statement that debits the wallet: the
  // account's price in force at that instant, or the amount within the bounds as they are then.
  return executeBillPurchase(
    actor,
    {
      clientReference,
      service,
      productId: product.id,
      recipient: customerId,
      customerName: customer.customerName,
      amount: order.orderAmount,
      phone: phone ?? null,
      renewal,
      refusals: () => billProductRefusals(servicePath, planId),
    },
    context,
  );
}

/** The renewal the biller states for this customer, when `product` is the one that renews it; else the reason why not. */
async function renewalOf(customer: Awaited<ReturnType<typeof checkCustomer>>, product: { id: string; biller: string }) {
  const plan = customer.renewal ? await findRenewalPlan(product.biller, customer.renewal.amount) : null;
  if (!customer.renewal || !plan) {
    throw new AppError(
      "customer.invalid",
      `${product.biller} offers no renewal of this customer's subscription that we sell; pay for a bouquet instead (subscriptionType change).`,
    );
  }
  if (plan !== product.id) {
    throw invalidInput([
      {
        name: "planId",
        reason: `is not this customer's current bouquet: renew with planId '${plan}' (see renewal.planId in the verification)`,
      },
    ]);
  }
  return { amount: customer.renewal.amount };
}
