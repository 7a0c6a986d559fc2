/**
 * Any /api path outside /api/v1 that names no endpoint (a typo, a path that walks out of /api/v1 with
 * ".."): a problem+json 404 like every other API error, instead of the portal's HTML 404 page. Under
 * /api/v1 the Node server answers unknown paths and methods itself, with the same 404
 * (create-http-server.ts). Next.js matches every real route (next-auth's and tRPC's too) before this one.
 */
import { noEndpointResponse } from "~/server/rest/error-response";

export {
  noEndpointResponse as GET,
  noEndpointResponse as POST,
  noEndpointResponse as PUT,
  noEndpointResponse as PATCH,
  noEndpointResponse as DELETE,
  noEndpointResponse as HEAD,
  noEndpointResponse as OPTIONS,
};
