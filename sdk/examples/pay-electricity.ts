/**
 * Pay a prepaid electricity bill and print the token: verify the meter, pay, and wait for the token if
 * the provider answers later.
 *   RESELLER_API_KEY=pk_test_... npx tsx examples/pay-electricity.ts 45012345678 500000
 */
import { ResellerClient } from "reseller-purchase-sdk";

const [meter = "45012345678", amount = "500000"] = process.argv.slice(2);
const client = new ResellerClient({
  apiKey: process.env.RESELLER_API_KEY ?? "",
  baseUrl: process.env.RESELLER_BASE_URL ?? "http://localhost:3000",
});

const { data: products } = await client.listBillProducts("electricity");
const prepaid = products.find((product) => product.planId.endsWith("-prepaid"));
if (!prepaid) throw new Error("no prepaid electricity product on sale");

const customer = await client.verifyCustomer("electricity", { planId: prepaid.planId, customerId: meter });
console.log(`meter ${customer.customerId}: ${customer.customerName} (${prepaid.name})`);

let transaction = await client.payBill("electricity", { planId: prepaid.planId, customerId: meter, amount: Number(amount) });
// A pending purchase settles later; its token arrives with it.
for (let waited = 0; transaction.status === "pending" && waited < 60; waited += 5) {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  transaction = await client.getTransaction(transaction.clientReference);
}

if (transaction.status === "successful") console.log(`token: ${transaction.token}`);
else console.log(`${transaction.status}: ${transaction.failureReason ?? "still waiting for the provider"}`);
