/**
 * The HTTP side of VTpass: its authentication headers, time-outs and JSON bodies. What the answers
 * mean is vtpass-provider.ts's business; this module only tells a parsed JSON answer from a fault.
 *
 * Authentication (https://www.vtpass.com/documentation/authentication/): every request carries the
 * static `api-key`; a GET adds `public-key`, a POST adds `secret-key`. The three keys live in ES
 * private fields and go nowhere but those headers: never into a log line, an error or an outcome.
 */
import { logger } from "~/server/log";
import { exchange, retryOnFaults, UpstreamFault as VtpassFault } from "../upstream-http";

export interface VtpassCredentials {
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

export interface VtpassClientOptions extends VtpassCredentials {
  /** VTpass's host, e.g. https://sandbox.vtpass.com; the documented paths (/api/pay, ...) go below it. */
  baseUrl: string;
  /** One purchase's time limit, answer included. */
  vendTimeoutMs: number;
  /** One requery, verification or listing attempt's time limit. */
  queryTimeoutMs: number;
  /** Extra attempts for the read-only calls after a fault. */
  retries: number;
  retryDelayMs: number;
}

// VTpass's faults are any upstream's faults (upstream-http.ts); the name says where they come from here.
export { UpstreamFault as VtpassFault, type FaultKind } from "../upstream-http";

export interface VtpassAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
}

export class VtpassClient {
  readonly #apiKey: string;
  readonly #publicKey: string;
  readonly #secretKey: string;
  private readonly base: URL;
  readonly vendTimeoutMs: number;
  readonly queryTimeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(options: VtpassClientOptions) {
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    this.#apiKey = options.apiKey;
    this.#publicKey = options.publicKey;
    this.#secretKey = options.secretKey;
    this.vendTimeoutMs = options.vendTimeoutMs;
    this.queryTimeoutMs = options.queryTimeoutMs;
    this.retries = options.retries;
    this.retryDelayMs = options.retryDelayMs;
  }

  /** POST /api/pay: exactly one attempt (a purchase is never re-sent; the requery settles what is unclear). */
  pay(body: Record<string, unknown>): Promise<VtpassAnswer> {
    return this.answerOf("POST", "api/pay", this.vendTimeoutMs, body);
  }

  /** A read-only POST (/api/requery, /api/merchant-verify), retried on faults. */
  postQuery(path: "api/requery" | "api/merchant-verify", body: Record<string, unknown>, label: string): Promise<VtpassAnswer> {
    return this.withRetries(label, () => this.answerOf("POST", path, this.queryTimeoutMs, body));
  }

  /** A GET (/api/balance, /api/services, /api/service-variations), retried on faults. */
  get(path: string, query: Record<string, string> = {}): Promise<VtpassAnswer> {
    const search = new URLSearchParams(query).toString();
    return this.withRetries(path, () => this.answerOf("GET", search ? `${path}?${search}` : path, this.queryTimeoutMs));
  }

  private async answerOf(method: "GET" | "POST", path: string, timeoutMs: number, body?: unknown): Promise<VtpassAnswer> {
    const headers: Record<string, string> = { accept: "application/json", "api-key": this.#apiKey };
    if (method === "GET") headers["public-key"] = this.#publicKey;
    else {
      headers["secret-key"] = this.#secretKey;
      headers["content-type"] = "application/json";
    }
    const { httpStatus, text } = await exchange({ url: new URL(path, this.base), method, headers, body, timeoutMs });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new VtpassFault("unexpected-answer", `HTTP ${httpStatus} with a body that is not JSON`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new VtpassFault("unexpected-answer", `HTTP ${httpStatus} with a body that is not a JSON object`);
    }
    return { httpStatus, body: parsed as Record<string, unknown> };
  }

  private withRetries<T>(label: string, attempt: () => Promise<T>): Promise<T> {
    return retryOnFaults(attempt, {
      retries: this.retries,
      retryDelayMs: this.retryDelayMs,
      onRetry: (fault, attemptNumber) =>
        logger.info(
          { provider: "vtpass", operation: label, fault: fault.kind, detail: fault.message },
          `vtpass ${label} attempt ${attemptNumber} failed; retrying`,
        ),
    });
  }
}
