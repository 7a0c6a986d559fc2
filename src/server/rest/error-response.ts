/**
 * The one way an HTTP answer is made from an error (as dub's handleAndReturnErrorResponse): an AppError
 * through the one error table (problem.ts), anything else the fixed 500 with nothing internal in it.
 * Every route handler that answers problem+json (apiRoute, sessionRoute, readiness, the API's 404)
 * comes through here, with the request id the server gave the request (request-id.ts).
 */
import { isAppError } from "~/server/errors";
import { requestIdOf } from "~/server/http/request-id";
import { toJsonText } from "./json";
import { INTERNAL_PROBLEM, NO_ENDPOINT_PROBLEM, problemFromAppError, type Problem } from "./problem";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * A problem+json answer's status, headers and body text: put together here only, for a route handler's
 * Response (problemResponse) and for the Node server's own answers on its response or raw socket
 * (create-http-server.ts), which has no Response to send. The body carries the request id as well as
 * the header: it is what a reseller's logs keep, and what support asks for.
 */
export function problemAnswer(body: Problem, requestId: string, headers: Record<string, string> = {}): ProblemAnswer {
  return {
    status: body.status,
    headers: { ...headers, "content-type": PROBLEM_CONTENT_TYPE, "x-request-id": requestId },
    text: toJsonText({ ...body, requestId }),
  };
}

export function problemResponse(body: Problem, requestId: string, headers: Record<string, string> = {}): Response {
  const answer = problemAnswer(body, requestId, headers);
  return new Response(answer.text, { status: answer.status, headers: answer.headers });
}

/** The problem+json answer to any error. Unexpected ones are the caller's to log: it knows the request. */
export function errorResponse(error: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  return problemResponse(isAppError(error) ? problemFromAppError(error) : INTERNAL_PROBLEM, requestId, headers);
}

/** The 404 of an /api path no route serves (the catch-all route, and the benchmark's routes when off). */
export function noEndpointResponse(request: Request): Response {
  return problemResponse(NO_ENDPOINT_PROBLEM, requestIdOf(request));
}
