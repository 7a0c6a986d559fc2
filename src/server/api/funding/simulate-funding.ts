import { funding, simulateTransferInput } from "~/schemas/funding";
import { ok, type OperationSpec } from "../operation";

export const simulateFundingOperation = {
  endpoint: "POST /api/v1/fundings/simulate",
  tag: "Funding",
  operationId: "simulateFunding",
  summary: "Simulate a transfer (test mode)",
  description: [
    "**Test mode only** (a `pk_test_` key): a bank transfer of `amount` to the test wallet's simulated funding account, credited exactly as a real transfer is (the same fee policy; the fee is the provider's, 1% capped at ₦300) and announced by a test-mode `wallet.funded` event, so an integration can try its funding flow end to end.",
    "Each call is a new transfer. A live key is refused with 403 `funding.test_mode_only`.",
  ].join("\n\n"),
  request: { body: simulateTransferInput },
  bodyExample: { amount: 500_000, payerName: "ADAEZE OKONKWO" },
  responses: { "201": ok("The test wallet was credited.", funding) },
  errors: ["funding.test_mode_only"],
} satisfies OperationSpec;
