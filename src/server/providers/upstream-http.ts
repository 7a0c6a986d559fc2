/**
 * What every HTTP upstream adapter shares (the HTTP provider of our own protocol, VTpass): one request
 * with a time limit that bounds the whole answer, no redirects, and faults told apart from answers; and
 * the bounded, randomised retry of read-only calls on faults only. What an answer means stays in each
 * adapter.
 */
import pRetry from "p-retry";

/** The kinds of answer that say nothing definite about the order: the only errors retried, and "pending" for a vend. */
export type FaultKind = "timeout" | "network" | "server-error" | "unexpected-answer";

export class UpstreamFault extends Error {
  constructor(
    readonly kind: FaultKind,
    detail: string,
  ) {
    super(detail);
    this.name = "UpstreamFault";
  }
}

export interface UpstreamRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** The status and the body's text of an answer below 500; a time-out, a network error or a 5xx throws UpstreamFault. */
export async function exchange(request: UpstreamRequest): Promise<{ httpStatus: number; text: string }> {
  let httpStatus: number;
  let text: string;
  try {
    // The signal also bounds reading the body, so an upstream that stalls mid-answer times out too.
    // Redirects are refused: following one would re-send an order elsewhere.
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: "error",
    });
    httpStatus = response.status;
    text = await response.text();
  } catch (error) {
    if (isTimeout(error)) throw new UpstreamFault("timeout", `no complete answer within ${request.timeoutMs} ms`);
    throw new UpstreamFault("network", describeNetworkError(error));
  }
  if (httpStatus >= 500) throw new UpstreamFault("server-error", `HTTP ${httpStatus}`);
  return { httpStatus, text };
}

/** Repeats a read-only call on faults only (never on a definite answer), with a short bounded back-off. */
export function retryOnFaults<T>(
  attempt: () => Promise<T>,
  options: { retries: number; retryDelayMs: number; onRetry: (fault: UpstreamFault, attemptNumber: number) => void },
): Promise<T> {
  return pRetry(attempt, {
    retries: options.retries,
    minTimeout: options.retryDelayMs,
    maxTimeout: options.retryDelayMs * 8,
    factor: 2,
    randomize: true,
    shouldRetry: ({ error }) => error instanceof UpstreamFault,
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
      if (error instanceof UpstreamFault && retriesLeft > 0) options.onRetry(error, attemptNumber);
    },
  });
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** fetch reports "fetch failed" and puts the socket's reason (ECONNRESET, ECONNREFUSED, ...) in `cause`. */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
