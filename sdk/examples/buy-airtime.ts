/**
 * Buy airtime with your own order reference, and show that sending the same order again is a replay,
 * not a second charge.
 *   RESELLER_API_KEY=pk_test_... npx tsx examples/buy-airtime.ts
 */
import { ResellerClient } from "reseller-purchase-sdk";

const client = new ResellerClient({
  apiKey: process.env.RESELLER_API_KEY ?? "",
  baseUrl: process.env.RESELLER_BASE_URL ?? "http://localhost:3000",
});

const { data: networks } = await client.listNetworks();
const airtel = networks.find((network) => network.id === "airtel");
if (!airtel) throw new Error("Airtel is not on sale");

// Your own reference: the id of the order in your system, so a crash and a retry are one purchase.
const order = { clientReference: `airtime-${Date.now()}`, networkId: airtel.id, phone: "08021234567", amount: 50_000 };
const bought = await client.purchaseAirtime(order);
console.log(`bought: ${bought.status}, ₦${bought.amount / 100} of ${bought.productName} to ${bought.recipient}`);

const again = await client.purchaseAirtime(order);
console.log(
  `sent again: ${again.idempotentReplay ? "a replay of the same transaction" : "a NEW purchase"} (${again.id === bought.id ? "same id" : "another id"})`,
);
