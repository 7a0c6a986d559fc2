/**
 * What every /api/v1 route handler shares, whichever pipeline it runs (api-route.ts for the ordinary
 * endpoints, purchase-route.ts for the three purchases): the request id, the source address, one
 * request log line, the key's look-up with the allowlist after it (401, then 403), the per-key rate
 * limit (429), the body's limits (413/415/400), and turning whatever a pipeline throws into
 * problem+json (error-response.ts). Nothing here decides a business rule.
 */
import type { z } from "zod";
import { isAppError } from "~/server/errors";
import { readBodyWithin } from "~/server/http/read-body-within";
import { requestIdOf } from "~/server/http/request-id";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger, requestLogger } from "~/server/log";
import { assertSourceAllowed } from "~/server/services/allowlist/assert-source-allowed";
import { authenticateApiKey, type AuthenticatedKey, type KeyAuthorization } from "~/server/services/api-keys/authenticate-api-key";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { consumeApiRequest } from "./api-rate-limit";
import { errorResponse, problemResponse } from "./error-response";
import { toJsonText } from "./json";
import { problem, type Problem } from "./problem";

/** Purchase bodies are a few hundred bytes; anything near this is not a purchase. */
export const MAX_BODY_BYTES = 16 * 1024;

/** What a handler returns: data with a status (default 200) and optional headers. */
export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Extra fields for the request log line (e.g. the transaction a purchase created); never secrets. */
  log?: Record<string, string | number | boolean | null>;
}

/** What the request log line says beyond method, path, status and latency. Never the key or a body. */
interface RequestLogFields {
  sourceIp?: string;
  accountId?: string;
  apiKeyId?: string;
  /** "ok", or the error name the client was given (e.g. "wallet.insufficient_funds"). */
  outcome: string;
  err?: unknown;
  [extra: string]: unknown;
}

/** Names for the pipeline's own refusals of a body, which are not AppErrors. */
const BODY_PROBLEM_OUTCOME: Record<number, string> = {
  400: "validation.failed",
  413: "request.too_large",
  415: "request.unsupported_media_type",
};

class BodyProblem extends Error {
  constructor(readonly body: Problem) {
    super(body.detail);
  }
}

type Segment = { params?: Promise<Record<string, string | string[]>> };

/** One request as a pipeline sees it. */
export interface RestRequest {
  request: Request;
  url: URL;
  segment: Segment | undefined;
  requestId: string;
  sourceIp: string;
  /** The key as looked up now: 401 and 403 are decided here, and only here. */
  lookUpKey: (clientReference?: string) => Promise<AuthenticatedKey>;
  /** The per-key rate limit: 429 past it. Counted once per request, however often it is asked. */
  limitRate: (key: KeyAuthorization) => Promise<void>;
}

/**
 * Turns a pipeline into a Next.js route handler: the request id, the log line (with the account and key
 * once known, and the outcome), and any throw as problem+json with the rate limit's headers.
 */
export function restHandler(pipeline: (rest: RestRequest) => Promise<RouteResult | Response>) {
  return async (request: Request, segment?: Segment): Promise<Response> => {
    const requestId = requestIdOf(request);
    const startedAt = performance.now();
    const sourceIp = request.headers.get(SOURCE_ADDRESS_HEADER) ?? "0.0.0.0";
    const log: RequestLogFields = { outcome: "ok", sourceIp };
    // Parsed once: the query (for routes that take one) and the log line both read it.
    const url = new URL(request.url);
    let rateLimitHeaders: Record<string, string> = {};
    let rateLimit: Promise<void> | undefined;
    const authorization = request.headers.get("authorization");

    const rest: RestRequest = {
      request,
      url,
      segment,
      requestId,
      sourceIp,
      lookUpKey: async (clientReference) => {
        const key = await authenticateApiKey(authorization, sourceIp, clientReference);
        log.accountId = key.actor.accountId;
        log.apiKeyId = key.actor.apiKeyId;
        assertSourceAllowed(key.account, key.allowlist, sourceIp);
        return key;
      },
      // Per key, so after authentication (a 401 has no key to count against) and after the allowlist: a
      // 403 does not count, so a key used from elsewhere (a leaked one) cannot spend the reseller's
      // budget. Everything past this point counts, whatever its outcome (a 400 too), and only once.
      limitRate: (key) =>
        (rateLimit ??= (async () => {
          log.accountId = key.actor.accountId;
          log.apiKeyId = key.actor.apiKeyId;
          const answer = await consumeApiRequest(key.actor.apiKeyId);
          rateLimitHeaders = answer.headers;
          if (answer.exceeded) throw answer.exceeded;
        })()),
    };

    let response: Response;
    try {
      const result = await pipeline(rest);
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(rateLimitHeaders)) result.headers.set(name, value);
        result.headers.set("x-request-id", requestId);
        response = result;
      } else {
        Object.assign(log, result.log);
        response = jsonResponse(result.status ?? 200, result.body, { ...result.headers, ...rateLimitHeaders, "x-request-id": requestId });
      }
    } catch (error) {
      if (error instanceof BodyProblem) {
        log.outcome = BODY_PROBLEM_OUTCOME[error.body.status] ?? "request.invalid";
        response = problemResponse(error.body, requestId, rateLimitHeaders);
      } else {
        if (isAppError(error)) {
          log.outcome = error.code;
        } else {
          // The stack goes to the log only; the client gets the fixed 500 with the request id to quote.
          log.outcome = "internal_error";
          log.err = error;
        }
        response = errorResponse(error, requestId, rateLimitHeaders);
      }
    }

    const line = {
      requestId,
      method: request.method,
      route: url.pathname,
      status: response.status,
      latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
      ...log,
    };
    if (response.status >= 500) logger.error(line, "api request failed");
    else requestLogger.info(line, "api request");
    return response;
  };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(toJsonText(body), { status, headers: { ...headers, "content-type": "application/json" } });
}

/**
 * The body as JSON within `maxBytes` (MAX_BODY_BYTES unless the route allows more): 415 when it does not
 * say JSON, 413 past the limit, 400 when it does not parse. An optional body may be left out (no bytes,
 * no Content-Type): it reads as `{}`.
 */
export async function readJsonBody(request: Request, optional = false, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const isJson = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);
  const notJson = () => new BodyProblem(problem(415, "The request body must be JSON: send 'Content-Type: application/json'."));
  // Without a Content-Type, an optional body is read to see whether there is one at all.
  if (!isJson && !(optional && contentType === "")) throw notJson();
  const body = await readBodyWithin(request, maxBytes);
  if (!body) throw new BodyProblem(problem(413, `The request body must be at most ${maxBytes} bytes.`));
  if (optional && body.byteLength === 0) return {};
  if (!isJson) throw notJson();
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyProblem(problem(400, "The request body is not valid JSON."));
  }
}

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded at all: either would
 * reach the database as an error (a 500). No legitimate field contains one, so they are refused as
 * invalid input, wherever they appear in the body, the query or the path.
 */
function unstorableStringPath(root: unknown): string[] | null {
  // Iterative: a body of 5,000 nested arrays is valid JSON and must not exhaust the stack.
  const pending: [unknown, string[]][] = [[root, []]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    // In a /u regex a surrogate pair is one code point, so \p{Cs} matches only lone surrogates.
    if (typeof value === "string" && (value.includes("\u0000") || /\p{Cs}/u.test(value))) return path;
    if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push([item, [...path, key]]);
    }
  }
  return null;
}

export function assertStorable(value: unknown): void {
  const path = unstorableStringPath(value);
  if (path)
    throw invalidInput([
      { name: path.length > 0 ? path.join(".") : "generalErrors", reason: "must not contain NUL characters or invalid Unicode" },
    ]);
}

/** The path's parameters (`[service]`), checked as storable and, given a schema, validated (400). */
export async function routeParams<S extends z.ZodType | undefined>(
  segment: Segment | undefined,
  schema: S,
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  const raw = (await segment?.params) ?? {};
  assertStorable(raw);
  return (schema ? parseInput(schema, raw) : undefined) as S extends z.ZodType ? z.infer<S> : undefined;
}
