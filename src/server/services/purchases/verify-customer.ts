import { verifyCustomerInput, type VerifyCustomerInput } from "~/schemas/purchases";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { getVendProvider, type VerifyOutcome } from "~/server/providers";
import { billProductOnSale, findBillProduct } from "~/server/services/catalog/find-bill-product";
import { findRenewalPlan } from "~/server/services/catalog/find-renewal-plan";
import { parseInput } from "~/server/validation/parse-input";
import { purchasingParty } from "./execute-purchase";

export interface CustomerVerification {
  customerId: string;
  customerName: string;
  planId: string;
  biller: string;
  details: Record<string, string>;
  /** Cable TV: the product that renews the current subscription (docs/integrating.md "Renewing a subscription"). */
  renewal: { planId: string; currentBouquet: string | null } | null;
}

/**
 * Asks the biller who a customer id belongs to; 422 customer.invalid when it knows no such customer.
 * In test mode the sandbox answers, with its test recipients (docs/integrating.md "Test mode").
 */
export async function checkCustomer(
  actor: Actor,
  service: Parameters<ReturnType<typeof getVendProvider>["verifyCustomer"]>[0]["service"],
  productCode: string,
  customerId: string,
): Promise<Extract<VerifyOutcome, { status: "valid" }>> {
  // Outside the try: a misconfigured provider is our fault (500), not the biller being unreachable (503).
  const provider = getVendProvider(actorLivemode(actor));
  let outcome: VerifyOutcome;
  try {
    outcome = await provider.verifyCustomer({ service, productCode, customerId });
  } catch {
    outcome = { status: "unavailable", reason: "The biller could not be reached." };
  }
  if (outcome.status === "invalid") throw new AppError("customer.invalid", outcome.reason);
  if (outcome.status === "unavailable") {
    throw new AppError("provider.unavailable", `Customer verification is unavailable right now: ${outcome.reason} Try again shortly.`);
  }
  return outcome;
}

/** POST /api/v1/bills/{service}/verify */
export async function verifyCustomer(actor: Actor, servicePath: string, input: VerifyCustomerInput): Promise<CustomerVerification> {
  purchasingParty(actor);
  const { planId, customerId } = parseInput(verifyCustomerInput, input);
  const found = await findBillProduct(servicePath, planId);
  const product = billProductOnSale(servicePath, planId, found.product);
  const service = found.service;
  const outcome = await checkCustomer(actor, service, product.id, customerId);
  const renewalPlan = outcome.renewal ? await findRenewalPlan(product.biller, outcome.renewal.amount) : null;
  return {
    customerId,
    customerName: outcome.customerName,
    planId: product.id,
    biller: product.biller,
    details: outcome.details,
    renewal: renewalPlan ? { planId: renewalPlan, currentBouquet: outcome.renewal?.currentBouquet ?? null } : null,
  };
}
