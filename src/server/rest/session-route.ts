/**
 * apiRoute's counterpart for the portal's file downloads (invoices, the transactions CSV), which a
 * browser fetches as plain links rather than through tRPC: the session cookie instead of an API key,
 * and otherwise the same answers: the server's request id on every response, and errors as
 * problem+json through error-response.ts. Error answers are never cached: they are about one user.
 */
import type { z } from "zod";
import { getSessionActor, type UserActor } from "~/server/auth/session";
import { AppError, isAppError } from "~/server/errors";
import { requestIdOf } from "~/server/http/request-id";
import { logger } from "~/server/log";
import { parseInput } from "~/server/validation/parse-input";
import { errorResponse } from "./error-response";

export interface SessionRouteContext<TParams> {
  request: Request;
  requestId: string;
  actor: UserActor;
  params: TParams;
}

interface SessionRouteOptions<P extends z.ZodType | undefined> {
  /** The 401's detail when nobody is signed in: what the download needs a sign-in for. */
  signInMessage: string;
  params?: P;
}

type Segment = { params?: Promise<Record<string, string | string[]>> };

export function sessionRoute<P extends z.ZodType | undefined = undefined>(
  options: SessionRouteOptions<P>,
  handler: (context: SessionRouteContext<P extends z.ZodType ? z.infer<P> : undefined>) => Promise<Response>,
) {
  return async (request: Request, segment?: Segment): Promise<Response> => {
    const requestId = requestIdOf(request);
    try {
      const actor = await getSessionActor();
      if (!actor) throw new AppError("unauthorized", options.signInMessage);
      const params = options.params ? parseInput(options.params, (await segment?.params) ?? {}) : undefined;
      const response = await handler({ request, requestId, actor, params: params as P extends z.ZodType ? z.infer<P> : undefined });
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      if (!isAppError(error)) logger.error({ err: error, requestId, route: new URL(request.url).pathname }, "portal download failed");
      return errorResponse(error, requestId, { "cache-control": "no-store" });
    }
  };
}
