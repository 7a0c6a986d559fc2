/**
 * Any /api path that names no endpoint (an unknown /api/v1 resource, a path that walks out of /api/v1
 * with "..", a typo): a problem+json 404 like every other API error, instead of the portal's HTML 404
 * page. Next.js matches every real route (and next-auth's and tRPC's) before this catch-all.
 */
import { randomUUID } from "node:crypto";
import { problem } from "~/server/rest/problem";

function notFound(): Response {
  const body = problem(404, "There is no such endpoint. The API reference is at /docs.", undefined, "Not Found");
  return new Response(JSON.stringify(body), {
    status: 404,
    headers: { "content-type": "application/problem+json", "x-request-id": randomUUID() },
  });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as HEAD, notFound as OPTIONS };
