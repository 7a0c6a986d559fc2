/**
 * The HTTP side of Paystack (https://paystack.com/docs/api/): `Authorization: Bearer <secret key>`,
 * JSON both ways, every answer `{ "status": true|false, "message", "data" }`. Reads (verify, list,
 * fetch) are retried on faults; a request that creates something (a customer, an account assignment)
 * is sent once. The secret key lives in an ES private field and goes nowhere but that header.
 */
import { exchange, retryOnFaults, UpstreamFault } from "../upstream-http";
import { logger } from "~/server/log";

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
  retries: number;
}

/** A definite "no" from Paystack (a 4xx with `status: false`): what it said, for the log and the caller. */
export class PaystackRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = "PaystackRefusal";
  }
}

export interface PaystackAnswer {
  httpStatus: number;
  status: boolean;
  message: string;
  data: unknown;
  meta: unknown;
}

const log = logger.child({ provider: "paystack" });

export class PaystackClient {
  readonly #secretKey: string;
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(options: PaystackClientOptions) {
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    this.#secretKey = options.secretKey;
    this.timeoutMs = options.timeoutMs;
    this.retries = options.retries;
  }

  /** POST: sent once; a fault is thrown as it is (the caller may ask again later, which Paystack de-duplicates by email). */
  post(path: string, body: Record<string, unknown>): Promise<PaystackAnswer> {
    return this.send("POST", path, body);
  }

  /** GET with its query; retried on faults only. `missingIsNull`: a 404 (or Paystack's 400 "not found") answers null. */
  get(path: string, query: Record<string, string | number | undefined> = {}): Promise<PaystackAnswer> {
    return retryOnFaults(() => this.send("GET", path, undefined, query), {
      retries: this.retries,
      retryDelayMs: 250,
      onRetry: (fault, attempt) =>
        log.warn({ path, fault: fault.kind, detail: fault.message, attempt }, "paystack read retried after a fault"),
    });
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    body: Record<string, unknown> | undefined,
    query: Record<string, string | number | undefined> = {},
  ): Promise<PaystackAnswer> {
    const url = new URL(path.replace(/^\//, ""), this.base);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    const { httpStatus, text } = await exchange({
      url,
      method,
      headers: {
        authorization: `Bearer ${this.#secretKey}`,
        accept: "application/json",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body,
      timeoutMs: this.timeoutMs,
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus}, not JSON`);
    }
    if (parsed === null || typeof parsed !== "object" || typeof (parsed as { status?: unknown }).status !== "boolean")
      throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus}, no boolean status`);
    const answer = parsed as { status: boolean; message?: unknown; data?: unknown; meta?: unknown };
    const message = typeof answer.message === "string" ? answer.message.slice(0, 300) : "";
    // A wrong key is our configuration, not the transfer's fate: never read as "no such transaction".
    if (httpStatus === 401 || httpStatus === 403) throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus}: ${message}`);
    return { httpStatus, status: answer.status, message, data: answer.data, meta: answer.meta };
  }
}
