import { purchaseDataInput } from "~/schemas/purchases";
import type { OperationSpec } from "../operation";
import { PURCHASE_NOTE, purchaseResponses } from "./purchase-responses";

export const purchaseDataOperation = {
  endpoint: "POST /api/v1/data",
  tag: "Purchases",
  operationId: "purchaseData",
  summary: "Buy a data plan",
  description: `Buys the data plan \`planId\` for \`phone\` at your account's price. ${PURCHASE_NOTE} A \`ported\` field is accepted and ignored.`,
  request: { body: purchaseDataInput },
  bodyExample: { clientReference: "order-10001", planId: "mtn-1gb-30d", phone: "08031234567" },
  responses: purchaseResponses,
  errors: ["wallet.insufficient_funds", "plan.not_found", "transaction.idempotency_conflict", "plan.unavailable"],
} satisfies OperationSpec;
