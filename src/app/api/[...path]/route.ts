/**
 * Any /api path that names no endpoint (an unknown /api/v1 resource, a path that walks out of /api/v1
 * with "..", a typo): a problem+json 404 like every other API error, instead of the portal's HTML 404
 * page. Next.js matches every real route (and next-auth's and tRPC's) before this catch-all.
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
