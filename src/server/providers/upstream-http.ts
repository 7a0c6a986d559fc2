/**
 * What every HTTP upstream adapter shares (the HTTP provider of our own protocol, VTpass): one request
 * with a time limit that bounds the whole answer, no redirects, and faults told apart from answers; and
 * the bounded, randomised retry of read-only calls on faults only. What an answer means stays in each
 * adapter.
 */
import pRetry from "p-retry";
import { Agent, request as sendRequest, type Dispatcher } from "undici";
import { logger } from "~/server/log";
import type { VendOutcome } from "./vend-provider";

/**
 * What went wrong when no usable answer came: the only errors retried. For a vend every kind but
 * "not-connected" is "pending" (the request may have been executed); "not-connected" is a connection that
 * was never made (refused, or the host's name not found), so nothing was sent.
 */
export type FaultKind = "timeout" | "network" | "not-connected" | "server-error" | "unexpected-answer";

/** Socket errors that happen before a connection exists: the request cannot have left. */
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

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

/**
 * The process's connections to its upstreams, kept alive between calls (undici's Agent: a pool per
 * origin, as fetch has, without fetch's WHATWG request, response and stream objects around every call:
 * while a slow upstream holds hundreds of vends at once, those were a large part of a purchase's CPU).
 */
const upstreamConnections = new Agent();

/** The status and the body's text of an answer below 500; a time-out, a network error, a redirect or a 5xx throws UpstreamFault. */
export async function exchange(request: UpstreamRequest): Promise<{ httpStatus: number; text: string }> {
  let httpStatus: number;
  let text: string;
  // One deadline bounds the whole answer, headers and body: an upstream that stalls mid-body times out
  // too. The deadline is raced explicitly instead of trusting the client to abort the body read on the
  // signal: in the production server the body read of a stalled answer was once seen to outlive an
  // AbortSignal.timeout() signal (the purchase hung, never answered; CI, upstream-faults.test.ts).
  const deadline = new AbortController();
  const timedOut = new Promise<never>((_resolve, reject) => {
    deadline.signal.addEventListener(
      "abort",
      () => reject(new UpstreamFault("timeout", `no complete answer within ${request.timeoutMs} ms`)),
      {
        once: true,
      },
    );
  });
  timedOut.catch(() => {}); // raced below; never an unhandled rejection when the answer came first
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  let answer: Dispatcher.ResponseData | undefined;
  try {
    // Redirects are never followed (undici's request does not, unless told to): following one would
    // re-send an order elsewhere. One is refused below, as an answer outside every protocol.
    answer = await Promise.race([
      sendRequest(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: deadline.signal,
        dispatcher: upstreamConnections,
      }),
      timedOut,
    ]);
    httpStatus = answer.statusCode;
    text = await Promise.race([answer.body.text(), timedOut]);
  } catch (error) {
    if (deadline.signal.aborted || isTimeout(error)) {
      answer?.body.destroy();
      throw new UpstreamFault("timeout", `no complete answer within ${request.timeoutMs} ms`);
    }
    const detail = describeNetworkError(error);
    throw new UpstreamFault(NOT_CONNECTED_CODES.has(detail) ? "not-connected" : "network", detail);
  } finally {
    clearTimeout(timer);
  }
  if (httpStatus >= 300 && httpStatus < 400) throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus}: a redirect, not followed`);
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

/**
 * What a vend that got no usable answer comes to: refused, and never sent, when no connection was made
 * (the purchase may go on to its next route); otherwise pending, since the order may have been executed.
 */
export function vendFaultOutcome(error: unknown): VendOutcome {
  if (error instanceof UpstreamFault && error.kind === "not-connected") {
    return {
      status: "failed",
      providerReference: null,
      reason: "The provider could not be reached; the order was never sent.",
      refusal: "unreachable",
      providerUnavailable: true,
    };
  }
  return { status: "pending", providerReference: null, unanswered: true };
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/**
 * The socket's reason (ECONNREFUSED, ECONNRESET, undici's UND_ERR_SOCKET, ...): on the error itself, or
 * in its `cause` when it wraps another (as fetch's "fetch failed" does).
 */
export function describeNetworkError(error: unknown): string {
  const own = error as { code?: unknown } | null;
  if (typeof own?.code === "string") return own.code;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export type UpstreamOperation = "verify" | "vend" | "requery";

/**
 * An adapter's log: every line carries `provider`, and a call that gave up says the same thing in the
 * same words whichever adapter made it (`label` starts the message: "upstream", "vtpass").
 */
export function upstreamLogger(provider: string, label: string) {
  const child = logger.child({ provider });
  const log = (level: "info" | "warn" | "error", message: string, fields: Record<string, unknown>) => child[level](fields, message);
  const gaveUp = (operation: UpstreamOperation, transactionId: string | null, error: unknown) => {
    const consequence = operation === "verify" ? "verification unavailable" : "transaction left pending for the reconciler";
    if (error instanceof UpstreamFault) {
      log("warn", `${label} ${operation} gave no definite answer; ${consequence}`, {
        operation,
        transactionId,
        fault: error.kind,
        detail: error.message,
      });
    } else {
      // Not a fault of the upstream's answer but of ours; still never an exception out of a provider.
      log("error", `${label} ${operation} failed unexpectedly; ${consequence}`, { operation, transactionId, error: String(error) });
    }
  };
  return { log, gaveUp };
}
