import { purchaseDataInput, type PurchaseDataInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { findPlanForAccount } from "~/server/services/catalog/find-plan-for-account";
import { parseInput } from "~/server/validation/parse-input";
import { answerKnownReference, executePurchase, purchasingParty, type PurchaseResult } from "./execute-purchase";

/** POST /api/v1/data: a data plan for a phone number, at the account's price for that plan. */
export async function purchaseData(actor: Actor, input: PurchaseDataInput): Promise<PurchaseResult> {
  const { accountId } = purchasingParty(actor);
  const { clientReference, planId, phone } = parseInput(purchaseDataInput, input);
  const order = { clientReference, service: "DATA" as const, productCode: planId, recipient: phone, orderAmount: null };

  const plan = await findPlanForAccount(accountId, planId);
  if (!plan) {
    const known = await answerKnownReference(actor, order);
    if (known) return known;
    throw new AppError("plan.not_found", `No data plan with planId '${planId}'. See GET /api/v1/plans.`);
  }
  return executePurchase(actor, {
    ...order,
    planId,
    networkId: plan.network_id,
    productName: plan.name,
    customerName: null,
    charge: plan.price,
    phone: null,
  });
}
