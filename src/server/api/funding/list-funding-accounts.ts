import { fundingAccountList } from "~/schemas/funding";
import { ok, type OperationSpec } from "../operation";

export const listFundingAccountsOperation = {
  endpoint: "GET /api/v1/funding-accounts",
  tag: "Funding",
  operationId: "listFundingAccounts",
  summary: "List funding accounts",
  description: [
    "The bank account your wallet is funded through: a transfer from any Nigerian bank to it is credited to the wallet within seconds of the bank telling us, exactly once (the `fee` of each Funding says what was taken off under the `net` fee policy).",
    "The account is requested by the account's owner on the portal's *Fund wallet* page; until then the list is empty. `status` says whether it is being assigned (`pending`), usable (`active`) or could not be assigned (`failed`, with `failureReason`). `available` is false when this service does not take bank transfers.",
    "With a `pk_test_` key: the test wallet's simulated account, which POST /api/v1/fundings/simulate pays into.",
  ].join("\n\n"),
  request: {},
  responses: { "200": ok("The funding accounts of the key's mode.", fundingAccountList) },
} satisfies OperationSpec;
