import { billProductList } from "~/schemas/api";
import { billServiceParams } from "~/schemas/rest";
import { ok, type OperationSpec } from "../operation";

export const listBillProductsOperation = {
  endpoint: "GET /api/v1/bills/{service}/products",
  tag: "Catalog",
  operationId: "listBillProducts",
  summary: "List the products of a bill service",
  description:
    "Cable TV bouquets, electricity discos, exam PINs or broadband plans. `fixed` products have a `price`; `variable` ones (electricity) take an `amount` between `minAmount` and `maxAmount`.",
  request: { params: billServiceParams },
  responses: { "200": ok("The products.", billProductList) },
  errors: ["service.not_found"],
  examplePath: "/api/v1/bills/cable-tv/products",
} satisfies OperationSpec;
