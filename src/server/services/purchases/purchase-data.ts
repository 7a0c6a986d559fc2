import { purchaseDataInput, type PurchaseDataInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { executeDataPurchase, type PurchaseResult } from "./execute-purchase";
import type { ReferenceLookup } from "./transaction-view";

/**
 * POST /api/v1/data: a data plan for a phone number, at the account's price for that plan. `lookup`:
 * what the API key's statement found under the reference (REST), see ReferenceLookup.
 */
export async function purchaseData(actor: Actor, input: PurchaseDataInput, lookup?: ReferenceLookup): Promise<PurchaseResult> {
  const { clientReference, planId, phone } = parseInput(purchaseDataInput, input);
  return executeDataPurchase(actor, { clientReference, planId, recipient: phone }, lookup);
}
