import { standardHeaders, type OperationSpec } from "../operation";

export const getOpenApiDocumentOperation = {
  endpoint: "GET /api/v1/openapi.json",
  tag: "Documentation",
  operationId: "getOpenApiDocument",
  summary: "Get this OpenAPI document",
  description: "The OpenAPI 3.1 document of this API. No API key needed.",
  public: true,
  request: {},
  responses: {
    "200": { description: "This document.", headers: standardHeaders, content: { "application/json": { schema: { type: "object" } } } },
  },
} satisfies OperationSpec;
