import { planList } from "~/schemas/api";
import { listPlansQuery } from "~/schemas/rest";
import { ok, type OperationSpec } from "../operation";

export const listPlansOperation = {
  endpoint: "GET /api/v1/plans",
  tag: "Catalog",
  operationId: "listPlans",
  summary: "List data plans",
  description: [
    "Data plans at **your account's price** (`price`), with the pricing basis that applies to your account.",
    "`retailPrice` is given only for the `retail` basis. `productId`, `sizeMb`, `validityDays`, `isUnlimited` and `class` are null unless your account is on the product catalog (ask your account manager).",
    "Never parse `name`.",
  ].join("\n\n"),
  request: { query: listPlansQuery },
  responses: { "200": ok("The plans.", planList) },
  errors: ["network.not_found"],
  examplePath: "/api/v1/plans?networkId=mtn",
} satisfies OperationSpec;
