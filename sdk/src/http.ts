/**
 * One HTTP exchange with the API, with retries: the only place the SDK calls fetch.
 *
 * What is retried depends on the operation (`retry`):
 * - `"safe"`: reads, verifications, purchases and a PUT (it sets a value). A purchase is resent with the same
 *   `clientReference`, so the API answers a retry of an order it already took from the stored
 *   transaction (a replay, never a second charge). Retried after a network error or time-out, a 5xx
 *   and a 429.
 * - `"refused-only"`: changes that are not idempotent (creating a webhook endpoint, rotating a secret,
 *   ...). Retried only when the API certainly did nothing: a 429, or a connection that was refused.
 * A `Retry-After` the API sends decides the wait; otherwise the wait doubles from `retryDelayMs`,
 * jittered so clients that failed together do not retry together.
 */
import { ApiError, NetworkError } from "./errors.js";

export type RetryPolicy = "safe" | "refused-only";

export interface RequestSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path with its parameters filled in, e.g. `/api/v1/transactions/order-1`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  retry: RetryPolicy;
  /** How the success body is read. */
  as?: "json" | "text" | "bytes";
  /** A purchase's reference, carried by a NetworkError so the caller can find the order. */
  clientReference?: string;
}

export interface HttpSettings {
  baseUrl: string;
  apiKey: string;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The first wait between attempts, doubled each time (up to 30 s) unless the API says otherwise. */
  retryDelayMs: number;
  /** Per attempt; an attempt that takes longer is abandoned and counts as a network error. */
  timeoutMs: number;
  fetch: typeof fetch;
  userAgent: string;
}

const MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is not waited for: the error is thrown for the caller to decide. */
const MAX_RETRY_AFTER_MS = 120_000;

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1_000);
}

function backoffMs(attempt: number, baseMs: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A connection the server never accepted: nothing was sent, so even a non-idempotent call may be retried. */
function connectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === "ECONNREFUSED";
}

function urlOf(settings: HttpSettings, spec: RequestSpec): string {
  const url = new URL(spec.path, settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`);
  for (const [key, value] of Object.entries(spec.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

async function readProblem(response: Response): Promise<ApiError> {
  const text = await response.text();
  let problem: object | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") problem = parsed;
  } catch {
    problem = undefined;
  }
  return new ApiError(
    response.status,
    problem,
    response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds(response.headers.get("retry-after")),
  );
}

async function readSuccess(response: Response, as: RequestSpec["as"]): Promise<unknown> {
  if (as === "text") return response.text();
  if (as === "bytes") return new Uint8Array(await response.arrayBuffer());
  return response.json();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function send<T>(settings: HttpSettings, spec: RequestSpec): Promise<T> {
  const url = urlOf(settings, spec);
  const headers: Record<string, string> = {
    authorization: `Bearer ${settings.apiKey}`,
    accept: "application/json, application/problem+json",
    "user-agent": settings.userAgent,
  };
  // The same bytes on every attempt: a retried purchase is the same order with the same reference.
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  if (body !== undefined) headers["content-type"] = "application/json";

  for (let attempt = 0; ; attempt++) {
    const lastAttempt = attempt >= settings.maxRetries;
    let response: Response;
    try {
      response = await settings.fetch(url, { method: spec.method, headers, body, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const retryable = spec.retry === "safe" || connectionRefused(error);
      if (lastAttempt || !retryable) {
        throw new NetworkError(`${spec.method} ${spec.path}: no answer (${String((error as Error).message)})`, {
          cause: error,
          clientReference: spec.clientReference,
        });
      }
      await sleep(backoffMs(attempt, settings.retryDelayMs));
      continue;
    }

    if (response.ok) {
      try {
        return (await readSuccess(response, spec.as)) as T;
      } catch (error) {
        // The answer was cut off while its body was read: as good as no answer.
        if (lastAttempt || spec.retry !== "safe") {
          throw new NetworkError(`${spec.method} ${spec.path}: the answer was cut off`, {
            cause: error,
            clientReference: spec.clientReference,
          });
        }
        await sleep(backoffMs(attempt, settings.retryDelayMs));
        continue;
      }
    }

    const error = await readProblem(response);
    const retryable = response.status === 429 || (spec.retry === "safe" && response.status >= 500);
    const waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1_000 : backoffMs(attempt, settings.retryDelayMs);
    if (lastAttempt || !retryable || waitMs > MAX_RETRY_AFTER_MS) throw error;
    await sleep(waitMs);
  }
}
