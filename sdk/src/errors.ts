/**
 * What a failed call throws. The API answers errors as problem+json (RFC 9457) with a stable name per
 * kind of error in `errors[].name`; `ApiError.name` is that name, so a caller branches on it the way
 * the API reference lists them: `if (error instanceof ApiError && error.name === "wallet.insufficient_funds")`.
 */
import type { DocumentedErrorName, Problem } from "./generated/openapi.js";

/**
 * An error name the API documents (`wallet.insufficient_funds`, `ip.not_allowed`, ...), or for a 400
 * the path of the offending field (`phone`, `amount`), or any name added later.
 */
export type ApiErrorName = DocumentedErrorName | (string & {});

export class ApiError extends Error {
  /** The first `errors[].name` of the problem: the error name, or for a 400 the first offending field. */
  override readonly name: ApiErrorName;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  /** Every problem the answer lists: one per offending field for a 400. */
  readonly errors: { name: string; reason: string }[];
  /** The id to quote to support: the body's `requestId`, else the `X-Request-Id` header. */
  readonly requestId: string | undefined;
  /** For a 429 (or a 503 that says so): how long the API asked to wait, in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, problem: Partial<Problem> | undefined, requestId: string | undefined, retryAfterSeconds?: number) {
    const errors = problem?.errors ?? [];
    const detail = problem?.detail ?? errors[0]?.reason;
    super(detail ?? problem?.title ?? `HTTP ${status}`);
    this.name = errors[0]?.name ?? "unexpected_response";
    this.status = status;
    this.title = problem?.title ?? `HTTP ${status}`;
    this.detail = detail;
    this.errors = errors;
    this.requestId = problem?.requestId ?? requestId;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * No answer arrived (the connection failed, was cut, or timed out) on the last of the attempts. For a
 * purchase the order may or may not have been made: look it up, or buy again, by `clientReference`;
 * either way it is charged at most once.
 */
export class NetworkError extends Error {
  override readonly name = "network_error";
  /** The purchase's reference, when the call was a purchase. */
  readonly clientReference: string | undefined;

  constructor(message: string, options: { cause: unknown; clientReference?: string }) {
    super(message, { cause: options.cause });
    this.clientReference = options.clientReference;
  }
}
