/**
 * What an operation module (`<resource>/<operation>.ts`, as dub's lib/openapi) holds: the request
 * schemas its route handler validates with, its responses, and its documentation, side by side, so the
 * route and the document read the same objects. document.ts adds the errors every operation shares.
 */
import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { EXAMPLE_REQUEST_ID } from "~/schemas/api";
import type { ErrorName } from "~/server/errors";
import type { EndpointKey } from "./endpoints";

export type Tag = "Account" | "Funding" | "Catalog" | "Purchases" | "Batches" | "Transactions" | "Invoices" | "Webhooks" | "Documentation";

export interface OperationSpec {
  endpoint: EndpointKey;
  tag: Tag;
  operationId: string;
  summary: string;
  description: string;
  /** Only the document itself is served without an API key. */
  public?: true;
  /**
   * What the route handler validates, as apiRoute takes it: `apiRoute(operation.request, ...)`.
   * `optionalBody`: a request without a body is taken as `{}` (the document marks the body not required).
   */
  request: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodObject; optionalBody?: true };
  bodyExample?: Record<string, unknown>;
  responses: ZodOpenApiResponsesObject;
  /** The operation's own errors, beyond authentication, allowlist, validation and body limits. */
  errors?: ErrorName[];
  /** The path with example values, for the curl sample. */
  examplePath?: string;
  curlOutput?: string;
}

const requestIdHeader = z.string().meta({
  description: "A unique id of this request and response; quote it when you contact support.",
  example: EXAMPLE_REQUEST_ID,
  header: { id: "X-Request-Id" },
});

export const standardHeaders = z.object({ "X-Request-Id": requestIdHeader });

export const ok = (description: string, schema: z.ZodType) => ({
  description,
  headers: standardHeaders,
  content: { "application/json": { schema } },
});
