import { purchaseAirtimeInput } from "~/schemas/purchases";
import type { OperationSpec } from "../operation";
import { PURCHASE_NOTE, purchaseResponses } from "./purchase-responses";

export const purchaseAirtimeOperation = {
  endpoint: "POST /api/v1/airtime",
  tag: "Purchases",
  operationId: "purchaseAirtime",
  summary: "Buy airtime",
  description: `Tops up \`phone\` on \`networkId\` with \`amount\` kobo of airtime, within the network's \`airtimeMinAmount\`–\`airtimeMaxAmount\`. ${PURCHASE_NOTE} A \`ported\` field is accepted and ignored.`,
  request: { body: purchaseAirtimeInput },
  bodyExample: { clientReference: "order-10002", networkId: "mtn", phone: "08031234567", amount: 50_000 },
  responses: purchaseResponses,
  errors: [
    "wallet.insufficient_funds",
    "network.not_found",
    "transaction.idempotency_conflict",
    "amount.out_of_range",
    "network.unavailable",
  ],
} satisfies OperationSpec;
