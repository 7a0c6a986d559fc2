import { purchaseDataInput, type PurchaseDataInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { executeDataPurchase, type PurchaseResult } from "./execute-purchase";

/** POST /api/v1/data: a data plan for a phone number, at the account's price for that plan. */
export async function purchaseData(actor: Actor, input: PurchaseDataInput): Promise<PurchaseResult> {
  const { clientReference, planId, phone } = parseInput(purchaseDataInput, input);
  return executeDataPurchase(actor, { clientReference, planId, recipient: phone });
}
