import { fundingList, listFundingsQuery } from "~/schemas/funding";
import { ok, type OperationSpec } from "../operation";

export const listFundingsOperation = {
  endpoint: "GET /api/v1/fundings",
  tag: "Funding",
  operationId: "listFundings",
  summary: "List fundings",
  description: [
    "Every credit of the wallet, newest first: bank transfers (with the payment provider's `reference`, the `fee` taken off and the payer as their bank reported them), fundings an operator recorded by hand, and test top-ups in test mode. Each is also a `wallet.funded` event.",
    "A page at a time: pass `nextCursor` back as `cursor` until it is null.",
  ].join("\n\n"),
  request: { query: listFundingsQuery },
  responses: { "200": ok("A page of fundings.", fundingList) },
  examplePath: "/api/v1/fundings?from=2026-06-01&limit=50",
} satisfies OperationSpec;
