import { purchaseAirtimeInput } from "~/schemas/purchases";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { answerKnownReference, executePurchase, type PurchaseContext, type PurchaseResult } from "./execute-purchase";

/**
 * POST /api/v1/airtime: airtime of the chosen amount on a network; the amount is the charge.
 * `context`: what the REST purchase route knows of the request (PurchaseContext).
 */
export async function purchaseAirtime(actor: Actor, input: unknown, context: PurchaseContext = {}): Promise<PurchaseResult> {
  const { clientReference, networkId, phone, amount } = parseInput(purchaseAirtimeInput, input);
  const charge = BigInt(amount);
  const order = { clientReference, service: "AIRTIME" as const, productCode: networkId, recipient: phone, orderAmount: charge };

  const network = await db.network.findUnique({ where: { id: networkId } });
  if (!network) {
    const known = await answerKnownReference(actor, order, context);
    if (known) return known;
    throw new AppError("network.not_found", `No network with id '${networkId}'. See GET /api/v1/networks.`);
  }
  if (!network.active) {
    const known = await answerKnownReference(actor, order, context);
    if (known) return known;
    throw new AppError("network.unavailable", `${network.name} is not on sale now. See GET /api/v1/networks for what is.`);
  }
  if (charge < network.airtimeMinAmount || charge > network.airtimeMaxAmount) {
    throw new AppError(
      "amount.out_of_range",
      `${network.name} airtime must be between ${network.airtimeMinAmount} and ${network.airtimeMaxAmount} kobo.`,
    );
  }
  return executePurchase(
    actor,
    {
      ...order,
      planId: null,
      networkId,
      productName: `${network.name} Airtime`,
      customerName: null,
      charge,
      phone: null,
    },
    context,
  );
}
