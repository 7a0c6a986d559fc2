/**
 * The wrapper of every /api/v1 route handler but the three purchases (purchase-route.ts), in the
 * contract's order: request id → API key (401) → allowlist (403) → rate limit per key (429) → body
 * limits (413/415/400) → zod validation (400) → the service → JSON, or problem+json (rest-handler.ts).
 * Route handlers stay a few lines.
 */
import type { z } from "zod";
import type { Actor } from "~/server/auth/actor";
import type { AuthenticatedKey } from "~/server/services/api-keys/authenticate-api-key";
import { parseInput } from "~/server/validation/parse-input";
import { assertStorable, readJsonBody, restHandler, routeParams, type RouteResult } from "./rest-handler";

export { MAX_BODY_BYTES, type RouteResult } from "./rest-handler";

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

export interface RouteContext<TBody, TQuery, TParams> {
  request: Request;
  requestId: string;
  sourceIp: string;
  actor: Extract<Actor, { kind: "api-key" }>;
  auth: AuthenticatedKey;
  body: TBody;
  query: TQuery;
  params: TParams;
}

interface RouteOptions<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> {
  body?: B;
  query?: Q;
  params?: P;
  /** The body may be left out: a request without one (no bytes) is validated as `{}`. */
  optionalBody?: boolean;
  /** A body larger than a purchase's may be sent (a batch's orders); MAX_BODY_BYTES otherwise. */
  maxBodyBytes?: number;
}

function searchParamsObject(url: URL): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of url.searchParams) result[key] = value;
  return result;
}

export function apiRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  options: RouteOptions<B, Q, P>,
  /** A RouteResult becomes JSON; a Response (a file, a stream) is sent as it is, with the request id added. */
  handler: (context: RouteContext<Infer<B>, Infer<Q>, Infer<P>>) => Promise<RouteResult | Response>,
) {
  return restHandler(async ({ request, url, segment, requestId, sourceIp, lookUpKey, limitRate }) => {
    const auth = await lookUpKey();
    await limitRate(auth);
    const rawBody = options.body ? await readJsonBody(request, options.optionalBody, options.maxBodyBytes) : undefined;
    assertStorable(rawBody);
    const params = await routeParams(segment, options.params);
    // A route without a query schema ignores the query string, so nothing in it can reach the database.
    const rawQuery = options.query ? searchParamsObject(url) : {};
    assertStorable(rawQuery);
    const query = options.query ? parseInput(options.query, rawQuery) : undefined;
    const body = options.body ? parseInput(options.body, rawBody) : undefined;
    return handler({
      request,
      requestId,
      sourceIp,
      actor: auth.actor,
      auth,
      body: body as Infer<B>,
      query: query as Infer<Q>,
      params: params as Infer<P>,
    });
  });
}
