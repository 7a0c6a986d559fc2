/** The OpenAPI document: the one /api/v1 endpoint without an API key, so it is not behind apiRoute. */
import { serveOpenApiDocument } from "~/server/api/serve";

export const GET = (request: Request) => serveOpenApiDocument(request);
