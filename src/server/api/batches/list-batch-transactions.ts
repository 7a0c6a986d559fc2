import { batchReferenceParams, batchTransactionList, listBatchTransactionsQuery } from "~/schemas/batches";
import { ok, type OperationSpec } from "../operation";

export const listBatchTransactionsOperation = {
  endpoint: "GET /api/v1/batches/{batchReference}/transactions",
  tag: "Batches",
  operationId: "listBatchTransactions",
  summary: "List a batch's orders",
  description:
    "The batch's orders in the batch's order, each with its status and its transaction (as GET /api/v1/transactions/{clientReference} returns it), or why it was refused without a charge; a page at a time: pass `nextCursor` back as `cursor` until it is null.",
  request: { params: batchReferenceParams, query: listBatchTransactionsQuery },
  responses: { "200": ok("A page of the batch's orders.", batchTransactionList) },
  errors: ["batch.not_found"],
  examplePath: "/api/v1/batches/staff-topup-2026-11/transactions?limit=100",
} satisfies OperationSpec;
