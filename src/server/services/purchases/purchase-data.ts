import { purchaseDataInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { executeDataPurchase, type PurchaseContext, type PurchaseResult } from "./execute-purchase";

/**
 * POST /api/v1/data: a data plan for a phone number, at the account's price for that plan. `context`:
 * what the REST purchase route knows of the request (PurchaseContext).
 */
export async function purchaseData(actor: Actor, input: unknown, context: PurchaseContext = {}): Promise<PurchaseResult> {
  const { clientReference, planId, phone } = parseInput(purchaseDataInput, input);
  return executeDataPurchase(actor, { clientReference, planId, recipient: phone }, context);
}
