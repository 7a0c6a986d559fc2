import { lowBalanceThreshold, lowBalanceThresholdInput } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";

export const setLowBalanceThresholdOperation = {
  endpoint: "PUT /api/v1/webhook-endpoints/low-balance-threshold",
  tag: "Webhooks",
  operationId: "setLowBalanceThreshold",
  summary: "Set the low-balance threshold",
  description: [
    "Sets the balance below which `wallet.low_balance` is sent to the endpoints that take it (kobo), or switches it off with null. It fires on the settled balance (purchases still pending counted back in): when a purchase settles successful or an adjustment takes money out, never for a purchase that fails and is refunded; once per crossing.",
    "A threshold above the current balance fires only after the balance has been back at or above it and falls again. A `pk_test_` key sets the test wallet's, to try the event out.",
  ].join("\n\n"),
  request: { body: lowBalanceThresholdInput },
  bodyExample: { threshold: 5_000_000 },
  responses: { "200": ok("The threshold as it is now.", lowBalanceThreshold) },
} satisfies OperationSpec;
