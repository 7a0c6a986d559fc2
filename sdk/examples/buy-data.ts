/**
 * Buy a data plan: list a network's plans, buy the cheapest, print the transaction.
 *   RESELLER_API_KEY=pk_test_... RESELLER_BASE_URL=http://localhost:3000 npx tsx examples/buy-data.ts
 * (This is the README's quick start.)
 */
import { ApiError, ResellerClient } from "reseller-purchase-sdk";

const client = new ResellerClient({
  apiKey: process.env.RESELLER_API_KEY ?? "",
  baseUrl: process.env.RESELLER_BASE_URL ?? "http://localhost:3000",
});

const { data: plans } = await client.listPlans({ networkId: "mtn" });
const [cheapest] = plans.toSorted((a, b) => a.price - b.price);
if (!cheapest) throw new Error("no MTN plans on sale");

try {
  // No clientReference: the client makes one up, and retries with it, so the order is charged once.
  const transaction = await client.purchaseData({ planId: cheapest.planId, phone: "08031234567" });
  console.log(
    `${transaction.status}: ${transaction.productName} for ₦${transaction.amount / 100}, reference ${transaction.clientReference}`,
  );
} catch (error) {
  if (error instanceof ApiError && error.name === "wallet.insufficient_funds") console.log("Top up the wallet first.");
  else throw error;
}
