/**
 * The one wrapper every /api/v1 route handler goes through, in the contract's order:
 * request id → API key (401) → allowlist (403) → rate limit per key (429) → body limits (413/415/400)
 * → zod validation (400) → the service → JSON, or problem+json through error-response.ts. Route
 * handlers stay a few lines. (Purchases read their body before the key, see lookUpClientReference,
 * and data and airtime may authorise a key from memory, see authorizeFromMemory; the order of the
 * answers is the same.)
 */
import type { z } from "zod";
import { clientReference } from "~/schemas/purchases";
import { KeyAuthorizationChanged, type Actor } from "~/server/auth/actor";
import { isAppError } from "~/server/errors";
import { logger, requestLogger } from "~/server/log";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { readBodyWithin } from "~/server/http/read-body-within";
import { requestIdOf } from "~/server/http/request-id";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { assertSourceAllowed } from "~/server/services/allowlist/assert-source-allowed";
import {
  authenticateApiKey,
  rememberedKeyAuthorization,
  type AuthenticatedKey,
  type KeyAuthorization,
} from "~/server/services/api-keys/authenticate-api-key";
import type { ReferenceLookup } from "~/server/services/purchases/transaction-view";
import { consumeApiRequest } from "./api-rate-limit";
import { toJsonText } from "./json";
import { errorResponse, problemResponse } from "./error-response";
import { problem, type Problem } from "./problem";

/** Purchase bodies are a few hundred bytes; anything near this is not a purchase. */
export const MAX_BODY_BYTES = 16 * 1024;

type Schema = z.ZodType;

/** What a route authorising keys from memory gets of its key: no wallet or catalog version, maybe a look-up. */
export type PurchaseKeyAuthorization = KeyAuthorization & { referenceLookup?: ReferenceLookup };

export interface RouteContext<TBody, TQuery, TParams, TAuth = AuthenticatedKey> {
  request: Request;
  requestId: string;
  sourceIp: string;
  actor: Extract<Actor, { kind: "api-key" }>;
  auth: TAuth;
  body: TBody;
  query: TQuery;
  params: TParams;
}

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

/** Names for the wrapper's own refusals, which are not AppErrors. */
const BODY_PROBLEM_OUTCOME: Record<number, string> = {
  400: "validation.failed",
  413: "request.too_large",
  415: "request.unsupported_media_type",
};

interface RouteOptions<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined, M extends boolean> {
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Purchases: the body is read before the key is looked up, and the transaction stored under its
   * clientReference is read in the key's statement (`auth.referenceLookup`), so a retry is answered
   * in that one round trip. A body's problems are still reported after 401, 403 and 429.
   */
  lookUpClientReference?: boolean;
  /**
   * A key this process looked up in the last minute is authorised from memory, without a look-up: one
   * round trip fewer per purchase (docs/decisions/003-key-memory.md). Only a yes comes from memory (a key that
   * memory would refuse is looked up), and it is provisional: the statement that claims the reference
   * and debits the wallet confirms it in the database, and an answer given without that confirmation
   * (a 400, a replay found another way) is given only if a fresh look-up passes the key. Not for routes
   * that reach the upstream before that statement (bill payments verify the customer first).
   */
  authorizeFromMemory?: M;
  /** The body may be left out: a request without one (no bytes) is validated as `{}`. */
  optionalBody?: boolean;
}

type Infer<S> = S extends Schema ? z.infer<S> : undefined;

function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(toJsonText(body), { status, headers: { ...headers, "content-type": "application/json" } });
}

class BodyProblem extends Error {
  constructor(readonly body: Problem) {
    super(body.detail);
  }
}

async function readJsonBody(request: Request, optional = false): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const isJson = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);
  const notJson = () => new BodyProblem(problem(415, "The request body must be JSON: send 'Content-Type: application/json'."));
  // Without a Content-Type, an optional body is read to see whether there is one at all.
  if (!isJson && !(optional && contentType === "")) throw notJson();
  const body = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) throw new BodyProblem(problem(413, `The request body must be at most ${MAX_BODY_BYTES} bytes.`));
  if (optional && body.byteLength === 0) return {};
  if (!isJson) throw notJson();
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyProblem(problem(400, "The request body is not valid JSON."));
  }
}

type Settled<T> = { value: T } | { error: unknown };

/** A promise's outcome held for later, so an error can be reported where the contract orders it. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if ("error" in settled) throw settled.error;
  return settled.value;
}

/** A body's clientReference when it is a valid one (anything else is left to the body's validation). */
function clientReferenceIn(body: Settled<unknown>): string | undefined {
  if (!("value" in body) || body.value === null || typeof body.value !== "object") return undefined;
  const parsed = clientReference.safeParse((body.value as { clientReference?: unknown }).clientReference);
  return parsed.success ? parsed.data : undefined;
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

function assertStorable(value: unknown): void {
  const path = unstorableStringPath(value);
  if (path)
    throw invalidInput([
      { name: path.length > 0 ? path.join(".") : "generalErrors", reason: "must not contain NUL characters or invalid Unicode" },
    ]);
}

function searchParamsObject(url: URL): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of url.searchParams) result[key] = value;
  return result;
}

/** A remembered key, if memory would let it in from this address; anything else is looked up. */
function allowedFromMemory(authorization: string | null, sourceIp: string): KeyAuthorization | null {
  const remembered = rememberedKeyAuthorization(authorization, sourceIp);
  if (!remembered) return null;
  try {
    assertSourceAllowed(remembered.account, remembered.allowlist, sourceIp);
    return remembered;
  } catch {
    return null;
  }
}

/**
 * A request authorised from memory (ProvisionalKeyAuthorization). Confirmed by its claiming statement,
 * its answer stands. Otherwise the key is looked up now, which answers 401 or 403 if it no longer
 * passes: the claiming statement refused it (KeyAuthorizationChanged: nothing was written, the request
 * runs again on the key as looked up), or the request ended before reaching that statement (a 400, a
 * replay answered another way, a 429), whose answer stands once the key passes.
 */
async function runConfirmed<T>(
  provisional: { confirmed: boolean },
  attempt: () => Promise<T>,
  lookUpKey: () => Promise<AuthenticatedKey>,
  again: (key: AuthenticatedKey) => Promise<T>,
): Promise<T> {
  const outcome = await settle(attempt());
  if (provisional.confirmed) return unwrap(outcome);
  const key = await lookUpKey();
  if ("error" in outcome && outcome.error instanceof KeyAuthorizationChanged) return again(key);
  return unwrap(outcome);
}

export function apiRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  M extends boolean = false,
>(
  options: RouteOptions<B, Q, P, M>,
  /** A RouteResult becomes JSON; a Response (a file, a stream) is sent as it is, with the request id added. */
  handler: (
    context: RouteContext<Infer<B>, Infer<Q>, Infer<P>, M extends true ? PurchaseKeyAuthorization : AuthenticatedKey>,
  ) => Promise<RouteResult | Response>,
) {
  type Segment = { params?: Promise<Record<string, string | string[]>> };
  type Context = Parameters<typeof handler>[0];
  const handle = async (
    request: Request,
    url: URL,
    segment: Segment | undefined,
    requestId: string,
    log: RequestLogFields,
  ): Promise<Response> => {
    const sourceIp = request.headers.get(SOURCE_ADDRESS_HEADER) ?? "0.0.0.0";
    log.sourceIp = sourceIp;
    let rateLimitHeaders: Record<string, string> = {};
    try {
      const earlyBody = options.body && options.lookUpClientReference ? await settle(readJsonBody(request)) : undefined;
      const authorization = request.headers.get("authorization");
      /** The key looked up now: 401 and 403 are decided here, and only here. */
      const lookUpKey = async (): Promise<AuthenticatedKey> => {
        const auth = await authenticateApiKey(authorization, sourceIp, earlyBody && clientReferenceIn(earlyBody));
        log.accountId = auth.actor.accountId;
        log.apiKeyId = auth.actor.apiKeyId;
        assertSourceAllowed(auth.account, auth.allowlist, sourceIp);
        return auth;
      };
      const remembered = options.authorizeFromMemory ? allowedFromMemory(authorization, sourceIp) : null;
      const auth: KeyAuthorization = remembered ?? (await lookUpKey());
      log.accountId = auth.actor.accountId;
      log.apiKeyId = auth.actor.apiKeyId;

      let rateLimited = false;
      let bodyRead: Promise<Settled<unknown>> | undefined = earlyBody && Promise.resolve(earlyBody);
      /** Everything after the key, for the key as authorised (once more if a remembered one was refused). */
      const run = async (key: KeyAuthorization): Promise<RouteResult | Response> => {
        if (!rateLimited) {
          rateLimited = true;
          // Per key, so after authentication (a 401 has no key to count against) and after the allowlist:
          // a 403 does not count, so a key used from elsewhere (a leaked one) cannot spend the reseller's
          // budget. Everything past this point counts, whatever its outcome (a 400 too), and only once.
          const rateLimit = await consumeApiRequest(key.actor.apiKeyId);
          rateLimitHeaders = rateLimit.headers;
          if (rateLimit.exceeded) throw rateLimit.exceeded;
        }
        if (options.body) bodyRead ??= settle(readJsonBody(request, options.optionalBody));
        const rawBody = bodyRead ? unwrap(await bodyRead) : undefined;
        const rawParams = (await segment?.params) ?? {};
        assertStorable(rawBody);
        assertStorable(rawParams);
        const params = options.params ? parseInput(options.params, rawParams) : undefined;
        // A route without a query schema ignores the query string, so nothing in it can reach the database.
        const rawQuery = options.query ? searchParamsObject(url) : {};
        assertStorable(rawQuery);
        const query = options.query ? parseInput(options.query, rawQuery) : undefined;
        const body = options.body ? parseInput(options.body, rawBody) : undefined;
        return handler({
          request,
          requestId,
          sourceIp,
          actor: key.actor,
          auth: key as Context["auth"],
          body: body as Infer<B>,
          query: query as Infer<Q>,
          params: params as Infer<P>,
        });
      };

      const provisional = auth.actor.provisional;
      const result = provisional ? await runConfirmed(provisional, () => run(auth), lookUpKey, run) : await run(auth);
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(rateLimitHeaders)) result.headers.set(name, value);
        result.headers.set("x-request-id", requestId);
        return result;
      }
      Object.assign(log, result.log);
      return jsonResponse(result.status ?? 200, result.body, { ...result.headers, ...rateLimitHeaders, "x-request-id": requestId });
    } catch (error) {
      if (error instanceof BodyProblem) {
        log.outcome = BODY_PROBLEM_OUTCOME[error.body.status] ?? "request.invalid";
        return problemResponse(error.body, requestId, rateLimitHeaders);
      }
      if (isAppError(error)) {
        log.outcome = error.code;
      } else {
        // The stack goes to the log only; the client gets the fixed 500 with the request id to quote.
        log.outcome = "internal_error";
        log.err = error;
      }
      return errorResponse(error, requestId, rateLimitHeaders);
    }
  };

  return async (request: Request, segment?: Segment): Promise<Response> => {
    const requestId = requestIdOf(request);
    const startedAt = performance.now();
    const log: RequestLogFields = { outcome: "ok" };
    // Parsed once: the query (for routes that take one) and the log line both read it.
    const url = new URL(request.url);
    const response = await handle(request, url, segment, requestId, log);
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
