import { networkList } from "~/schemas/api";
import { ok, type OperationSpec } from "../operation";

export const listNetworksOperation = {
  endpoint: "GET /api/v1/networks",
  tag: "Catalog",
  operationId: "listNetworks",
  summary: "List mobile networks",
  description: "The networks data plans and airtime are sold on, with each network's airtime bounds.",
  request: {},
  responses: { "200": ok("The networks.", networkList) },
} satisfies OperationSpec;
