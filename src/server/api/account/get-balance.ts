import { balanceResponse } from "~/schemas/api";
import { ok, type OperationSpec } from "../operation";

export const getBalanceOperation = {
  endpoint: "GET /api/v1/balance",
  tag: "Account",
  operationId: "getBalance",
  summary: "Get the wallet balance",
  description: "The account's wallet balance in kobo.",
  request: {},
  responses: { "200": ok("The balance.", balanceResponse) },
} satisfies OperationSpec;
