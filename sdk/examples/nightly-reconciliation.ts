/**
 * A nightly reconciliation: yesterday's transactions from the API (every page), matched against the
 * orders your own system recorded, reporting what differs. Your orders come from your database; here,
 * from a JSON file of `{ "clientReference", "amount" }` (kobo) given as the first argument.
 *   RESELLER_API_KEY=pk_live_... npx tsx examples/nightly-reconciliation.ts orders.json 2026-11-25
 */
import { readFileSync } from "node:fs";
import { ResellerClient, type Transaction } from "reseller-purchase-sdk";

const [ordersFile, day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)] = process.argv.slice(2);
const ours: { clientReference: string; amount: number }[] = ordersFile ? JSON.parse(readFileSync(ordersFile, "utf8")) : [];

const client = new ResellerClient({
  apiKey: process.env.RESELLER_API_KEY ?? "",
  baseUrl: process.env.RESELLER_BASE_URL ?? "http://localhost:3000",
});

// A date alone is midnight in Lagos: the day's transactions are from `day` up to the next day.
const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const theirs = new Map<string, Transaction>();
for await (const transaction of client.allTransactions({ from: day, to: next, limit: 100 }))
  theirs.set(transaction.clientReference, transaction);

let charged = 0;
for (const transaction of theirs.values()) if (transaction.status !== "failed") charged += transaction.amount;
console.log(`${day}: ${theirs.size} transactions, ₦${charged / 100} charged`);

for (const order of ours) {
  const transaction = theirs.get(order.clientReference);
  if (!transaction) console.log(`missing: ${order.clientReference} is in our books, not in theirs (retry it with the same reference)`);
  else if (transaction.amount !== order.amount)
    console.log(`amount: ${order.clientReference} ours ₦${order.amount / 100}, theirs ₦${transaction.amount / 100}`);
  else if (transaction.status !== "successful") console.log(`${transaction.status}: ${order.clientReference}`);
}
const known = new Set(ours.map((order) => order.clientReference));
for (const reference of theirs.keys()) if (!known.has(reference)) console.log(`unknown: ${reference} was charged but is not in our books`);
