import { transactionList } from "~/schemas/api";
import { listTransactionsQuery } from "~/schemas/purchases";
import { ok, type OperationSpec } from "../operation";

export const listTransactionsOperation = {
  endpoint: "GET /api/v1/transactions",
  tag: "Transactions",
  operationId: "listTransactions",
  summary: "List transactions",
  description: "The account's transactions, newest first, a page at a time: pass `nextCursor` back as `cursor` until it is null.",
  request: { query: listTransactionsQuery },
  responses: { "200": ok("A page of transactions.", transactionList) },
  examplePath: "/api/v1/transactions?from=2026-06-01&limit=50",
} satisfies OperationSpec;
