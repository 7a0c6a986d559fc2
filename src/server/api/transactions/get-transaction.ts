import { transaction } from "~/schemas/api";
import { transactionReferenceParams } from "~/schemas/rest";
import { ok, type OperationSpec } from "../operation";

export const getTransactionOperation = {
  endpoint: "GET /api/v1/transactions/{clientReference}",
  tag: "Transactions",
  operationId: "getTransaction",
  summary: "Get a transaction",
  description: "The transaction as it stands now: how to follow a `pending` purchase until it settles.",
  request: { params: transactionReferenceParams },
  responses: { "200": ok("The transaction.", transaction) },
  errors: ["transaction.not_found"],
  examplePath: "/api/v1/transactions/order-10001",
} satisfies OperationSpec;
