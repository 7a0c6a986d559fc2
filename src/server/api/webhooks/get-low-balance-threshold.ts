import { lowBalanceThreshold } from "~/schemas/webhooks";
import { ok, type OperationSpec } from "../operation";

export const getLowBalanceThresholdOperation = {
  endpoint: "GET /api/v1/webhook-endpoints/low-balance-threshold",
  tag: "Webhooks",
  operationId: "getLowBalanceThreshold",
  summary: "Read the low-balance threshold",
  description:
    "The balance below which `wallet.low_balance` is sent (kobo), or null when it is off. It belongs to the wallet of the key's mode: a `pk_test_` key reads the test wallet's.",
  request: {},
  responses: { "200": ok("The threshold.", lowBalanceThreshold) },
} satisfies OperationSpec;
