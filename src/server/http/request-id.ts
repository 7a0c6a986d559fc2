/**
 * One id per request (DESIGN.md §3.4: every response carries an X-Request-Id). The Node server that
 * owns the socket (create-http-server.ts) makes it, puts it on the response before anything else can
 * answer (so Next.js' own redirects and 404s, and the server's own refusals, carry it too), and hands
 * it to the route handlers in a private request header that it always overwrites, so a client cannot
 * choose it and a handler's answer and logs carry the same id as the response.
 */
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-rp-request-id";

/** A new id: made by the server for each request (and each answer it gives before parsing one). */
export function newRequestId(): string {
  return randomUUID();
}

/** The id the server gave this request; a fresh one where no server stamped it (a handler called directly in a test). */
export function requestIdOf(request: Request): string {
  return request.headers.get(REQUEST_ID_HEADER) ?? newRequestId();
}
