/**
 * The per-key limit of /api/v1 (docs/integrating.md "Rate limits"): at most API_RATE_LIMIT requests per
 * API_RATE_LIMIT_WINDOW_SECONDS for each API key (one window per key, starting with its first
 * request), counted in Redis across every host when REDIS_URL is set, else in memory per host
 * (src/server/rate-limit/shared-rate-limiter.ts). Answers carry the IETF draft's RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset headers; a refusal is 429 `rate_limit.exceeded` with
 * Retry-After, decided before any work, so a refused purchase charges nothing.
 */
import { env } from "~/env";
import { AppError } from "~/server/errors";
import { consumeOrNull } from "~/server/rate-limit/host-rate-limiter";
import { sharedRateLimiter } from "~/server/rate-limit/shared-rate-limiter";

export interface ApiRateLimitResult {
  /** For every response to this request, success or problem. Empty when limiting is off. */
  headers: Record<string, string>;
  /** Set when the key is over its limit: the caller throws it. */
  exceeded: AppError | null;
}

const UNLIMITED: ApiRateLimitResult = { headers: {}, exceeded: null };

/** Counts one request of the key. */
export async function consumeApiRequest(apiKeyId: string): Promise<ApiRateLimitResult> {
  const limit = env.API_RATE_LIMIT;
  const windowSeconds = env.API_RATE_LIMIT_WINDOW_SECONDS;
  if (limit === 0) return UNLIMITED;
  const outcome = await consumeOrNull(sharedRateLimiter({ keyPrefix: "api-key", points: limit, durationSeconds: windowSeconds }), apiKeyId);
  if (!outcome) return UNLIMITED;

  const resetSeconds = Math.ceil(Math.max(outcome.state.msBeforeNext, 0) / 1000);
  const headers = {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(outcome.state.remainingPoints),
    "ratelimit-reset": String(resetSeconds),
  };
  if (outcome.allowed) return { headers, exceeded: null };

  // Whole seconds, never 0: "retry after 0 s" would invite an immediate retry into the same window.
  const retryAfter = String(Math.max(1, resetSeconds));
  return {
    headers: { ...headers, "ratelimit-reset": retryAfter, "retry-after": retryAfter },
    exceeded: new AppError(
      "rate_limit.exceeded",
      `Too many requests with this API key: at most ${limit} per ${windowSeconds} s. Try again in ${retryAfter} s.`,
    ),
  };
}
