/** The human reference of the REST API: the OpenAPI document rendered by a viewer served from this host. */
import { serveDocsPage } from "~/server/api/serve";

export const GET = (request: Request) => serveDocsPage(request);
