/**
 * `npm run fake-paystack`: the tests' fake Paystack (src/test/fake-paystack.ts) as a program, so funding
 * by bank transfer can be tried with `npm run dev` on a machine that cannot (or should not) reach
 * Paystack (docs/operating.md "Funding by bank transfer", "Trying it with npm run dev"). It prints the environment
 * to start the server with and the call that pays into a dedicated account; its webhooks go to
 * `--webhook` (the dev server's by default). Ctrl-C stops it; it keeps nothing.
 */
import { parseArgs } from "node:util";
import { startFakePaystack } from "~/test/fake-paystack";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    webhook: { type: "string", default: "http://localhost:3000/api/upstream/paystack/webhook" },
  },
});

// A fixed test key, so the server's environment stays the same from one run to the next.
const fake = await startFakePaystack({ port: Number(values.port), secretKey: "sk_test_localfakepaystack0000000000" });
fake.webhookUrl = values.webhook;
const env = fake.env({ PAYSTACK_PREFERRED_BANK: "test-bank" });
console.log(`fake Paystack on ${fake.baseUrl}, sending webhooks to ${fake.webhookUrl}

Start the server with:
  ${Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ")} npm run dev

Then, as an owner, get an account number on the Fund wallet page, and pay into it:
  curl -X POST ${fake.baseUrl}/_fake/transfers -H 'content-type: application/json' \\
    -d '{"account_number":"<the account number>","amount":500000,"sender_name":"ADAEZE OKONKWO"}'
`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
