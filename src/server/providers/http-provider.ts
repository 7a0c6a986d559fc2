/**
 * The adapter for a real upstream that speaks HTTP (VEND_PROVIDER=http). The protocol is ours
 * (docs/operating.md "The HTTP provider"):
 *
 *   POST {base}/verify                     { service, productCode, customerId }
 *        → 200 { status: "valid", customerName, details? } | 200/4xx { status: "invalid", reason }
 *   POST {base}/vend                       Idempotency-Key: <transactionId>
 *                                          { transactionId, service, productCode, recipient, amount, phone }
 *        → 2xx { transactionId, status: "successful"|"failed"|"pending", providerReference, token?, reason? }
 *        → 4xx { transactionId, status: "failed", reason }     refused; nothing was or ever will be executed
 *   GET  {base}/transactions/{transactionId}
 *        → 200 as for vend
 *        → 404 { transactionId, status: "not_found" }          never received; the key is now closed
 *
 * Every request carries `Authorization: Bearer <VEND_HTTP_API_KEY>`. The upstream executes a vend at
 * most once per key: a repeated key returns the first answer. Answering "not_found" to a status
 * query closes the key, so a vend with that key that reaches the upstream later (held up in a
 * proxy, or still being processed) is refused. That guarantee is what lets a requery's "not_found"
 * settle the transaction as failed and refund it at once without risking a delivered, refunded
 * product.
 *
 * How answers map (money is at stake in each line):
 *  - vend gets exactly one attempt. Anything that is not a definite answer — a time-out, a reset
 *    connection, a 5xx, a body that is not the protocol's JSON, an unknown status, a 4xx without an
 *    explicit "failed" — is `pending`: the upstream may have vended, so only a requery may say what
 *    happened. A connection that was never made (refused) sent nothing: the order is refused, and may
 *    go on to the product's next route (docs/operating.md "Routes and failover"), as may a 4xx "failed",
 *    which the protocol defines as a refusal before anything was executed. Retrying the vend would risk a second delivery if the upstream's
 *    idempotency were ever imperfect, and gains nothing the requery does not.
 *  - requery and verify only read, so they are retried (VEND_HTTP_RETRIES, short back-off) on the
 *    same faults; a definite answer (including "pending" and "invalid") is never retried. When the
 *    attempts run out, requery says `pending` (the reconciler asks again later) and verify says
 *    `unavailable` (503 provider.unavailable, nothing charged).
 *  - A 404 counts as "never received" only with the protocol's `not_found` body: a bare 404 from a
 *    misrouted base URL or a proxy must not refund orders the upstream did deliver.
 *
 * The API key lives in an ES private field and is sent only in the Authorization header; logs and
 * outcomes carry the operation, the transaction id and the kind of fault, never headers or bodies.
 */
import { z } from "zod";
import type { Env } from "~/env";
import type { VendOutcome, VendProvider, VendRequest, VerifyOutcome, VerifyRequest } from "./vend-provider";
import { exchange, retryOnFaults, UpstreamFault, upstreamLogger, vendFaultOutcome, type UpstreamOperation } from "./upstream-http";

const { log, gaveUp } = upstreamLogger("http", "upstream");

export interface HttpProviderOptions {
  /** The upstream's base URL; the protocol's paths are resolved below it. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** One vend's time limit, answer body included. */
  vendTimeoutMs: number;
  /** One verify or requery attempt's time limit. */
  queryTimeoutMs: number;
  /** Extra attempts for verify and requery after a fault. */
  retries: number;
  /** The pause before the first retry; doubled (and randomised up to 2×) for each one after. */
  retryDelayMs: number;
}

interface UpstreamAnswer {
  httpStatus: number;
  body: unknown;
}

/** Upstream-supplied words shown to resellers as failureReason; bounded, as any foreign text we store. */
const MAX_REASON_LENGTH = 500;
const reasonText = z
  .string()
  .trim()
  .min(1)
  .transform((reason) => reason.slice(0, MAX_REASON_LENGTH));
const providerReference = z.string().trim().min(1).max(200);

const vendAnswer = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("successful"),
    transactionId: z.string().optional(),
    providerReference,
    token: z.string().trim().min(1).max(200).nullish(),
  }),
  z.object({
    status: z.literal("failed"),
    transactionId: z.string().optional(),
    providerReference: providerReference.nullish(),
    reason: reasonText.nullish(),
  }),
  z.object({
    status: z.literal("pending"),
    transactionId: z.string().optional(),
    providerReference: providerReference.nullish(),
  }),
]);

const notFoundAnswer = z.object({ status: z.literal("not_found"), transactionId: z.string().optional() });

const verifyAnswer = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("valid"),
    customerName: z.string().trim().min(1).max(200),
    details: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ status: z.literal("invalid"), reason: reasonText.nullish() }),
]);

/** What a reseller reads when verification gives up; the technical cause goes to the log only. */
const VERIFY_UNAVAILABLE_REASON = "The biller could not be reached.";
const REFUSED_WITHOUT_REASON = "The provider refused the order.";
const NEVER_RECEIVED_REASON = "The provider never received the order.";

export class HttpProvider implements VendProvider {
  readonly name = "http";
  readonly #authorization: string;
  private readonly base: URL;
  private readonly vendTimeoutMs: number;
  private readonly queryTimeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(options: HttpProviderOptions) {
    // A trailing slash makes "vend" resolve below the base path rather than replace its last segment.
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    this.#authorization = `Bearer ${options.apiKey}`;
    this.vendTimeoutMs = options.vendTimeoutMs;
    this.queryTimeoutMs = options.queryTimeoutMs;
    this.retries = options.retries;
    this.retryDelayMs = options.retryDelayMs;
  }

  async verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome> {
    try {
      return await this.withRetries("verify", null, async () => {
        const answer = await this.answerOf("POST", "verify", this.queryTimeoutMs, {
          body: { service: request.service, productCode: request.productCode, customerId: request.customerId },
        });
        return interpretVerify(answer);
      });
    } catch (error) {
      gaveUp("verify", null, error);
      return { status: "unavailable", reason: VERIFY_UNAVAILABLE_REASON };
    }
  }

  async vend(request: VendRequest): Promise<VendOutcome> {
    try {
      // One attempt, never more (see the header comment): an unknown outcome is the requery's to settle.
      const answer = await this.answerOf("POST", "vend", this.vendTimeoutMs, {
        idempotencyKey: request.transactionId,
        body: {
          transactionId: request.transactionId,
          service: request.service,
          // A route may name the product otherwise at this upstream; without one, our id.
          productCode: request.upstream?.code ?? request.productCode,
          recipient: request.recipient,
          // Kobo as a JSON integer, as our own API sends it: exact for any amount below 2^53.
          amount: Number(request.amount),
          phone: request.phone ?? null,
        },
      });
      return interpretVend(answer, request.transactionId);
    } catch (error) {
      gaveUp("vend", request.transactionId, error);
      return vendFaultOutcome(error);
    }
  }

  async requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome> {
    try {
      return await this.withRetries("requery", request.transactionId, async () => {
        const answer = await this.answerOf("GET", `transactions/${encodeURIComponent(request.transactionId)}`, this.queryTimeoutMs);
        return interpretRequery(answer, request.transactionId);
      });
    } catch (error) {
      gaveUp("requery", request.transactionId, error);
      return { status: "pending", providerReference: null };
    }
  }

  /**
   * One request and its whole answer within `timeoutMs`. Resolves with a parsed JSON answer of status
   * 2xx–4xx; throws UpstreamFault for everything that says nothing about the order.
   */
  private async answerOf(
    method: "GET" | "POST",
    path: string,
    timeoutMs: number,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<UpstreamAnswer> {
    const headers: Record<string, string> = { authorization: this.#authorization, accept: "application/json" };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey;

    const { httpStatus, text } = await exchange({ url: new URL(path, this.base), method, headers, body: options.body, timeoutMs });
    if (httpStatus < 200 || (httpStatus >= 300 && httpStatus < 400)) throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus}`);
    try {
      return { httpStatus, body: JSON.parse(text) as unknown };
    } catch {
      throw new UpstreamFault("unexpected-answer", `HTTP ${httpStatus} with a body that is not JSON`);
    }
  }

  /** Repeats a read-only operation on faults only, with a short bounded back-off. */
  private withRetries<T>(operation: UpstreamOperation, transactionId: string | null, attempt: () => Promise<T>): Promise<T> {
    return retryOnFaults(attempt, {
      retries: this.retries,
      retryDelayMs: this.retryDelayMs,
      onRetry: (fault, attemptNumber) =>
        log("info", `upstream ${operation} attempt ${attemptNumber} failed; retrying`, {
          operation,
          transactionId,
          fault: fault.kind,
          detail: fault.message,
        }),
    });
  }
}

function interpretVerify(answer: UpstreamAnswer): VerifyOutcome {
  const parsed = verifyAnswer.safeParse(answer.body);
  if (parsed.success && parsed.data.status === "invalid" && answer.httpStatus < 500) {
    return { status: "invalid", reason: parsed.data.reason ?? "The biller does not know this customer." };
  }
  if (parsed.success && parsed.data.status === "valid" && isSuccess(answer)) {
    return { status: "valid", customerName: parsed.data.customerName, details: parsed.data.details ?? {} };
  }
  throw unexpected(answer);
}

function interpretVend(answer: UpstreamAnswer, transactionId: string): VendOutcome {
  const parsed = vendAnswer.safeParse(answer.body);
  if (!parsed.success || (parsed.data.transactionId !== undefined && parsed.data.transactionId !== transactionId)) throw unexpected(answer);
  const data = parsed.data;
  // A 4xx is a refusal only when it says "failed"; a 4xx that claims success or pending is garbled.
  if (!isSuccess(answer) && data.status !== "failed") throw unexpected(answer);
  switch (data.status) {
    case "successful":
      return { status: "successful", providerReference: data.providerReference, token: data.token ?? null };
    case "failed": {
      const failed = {
        status: "failed" as const,
        providerReference: data.providerReference ?? null,
        reason: data.reason ?? REFUSED_WITHOUT_REASON,
      };
      // A 4xx "failed" is the protocol's refusal before anything was executed; a 2xx one, an order that failed.
      return isSuccess(answer) ? failed : { ...failed, refusal: "product" };
    }
    case "pending":
      return { status: "pending", providerReference: data.providerReference ?? null };
  }
}

function interpretRequery(answer: UpstreamAnswer, transactionId: string): VendOutcome {
  if (answer.httpStatus === 404) {
    const notFound = notFoundAnswer.safeParse(answer.body);
    if (notFound.success && (notFound.data.transactionId === undefined || notFound.data.transactionId === transactionId)) {
      return { status: "failed", providerReference: null, reason: NEVER_RECEIVED_REASON };
    }
    throw unexpected(answer);
  }
  // Only a 2xx describes the transaction; a 4xx here means our query was refused (e.g. credentials).
  if (!isSuccess(answer)) throw unexpected(answer);
  return interpretVend(answer, transactionId);
}

function isSuccess(answer: UpstreamAnswer): boolean {
  return answer.httpStatus >= 200 && answer.httpStatus < 300;
}

function unexpected(answer: UpstreamAnswer): UpstreamFault {
  // The body is not quoted: it is foreign text, and an upstream could echo what we sent.
  return new UpstreamFault("unexpected-answer", `HTTP ${answer.httpStatus} with an answer outside the protocol`);
}

/**
 * The adapter as configured by the environment. Throws when the upstream's address or key is
 * missing, so that VEND_PROVIDER=http without them fails the first purchase before any money moves
 * instead of debiting wallets for orders that can never be sent.
 */
export function httpProviderFromEnv(
  config: Pick<
    Env,
    | "VEND_HTTP_BASE_URL"
    | "VEND_HTTP_API_KEY"
    | "VEND_HTTP_TIMEOUT_MS"
    | "VEND_HTTP_QUERY_TIMEOUT_MS"
    | "VEND_HTTP_RETRIES"
    | "VEND_HTTP_RETRY_DELAY_MS"
  >,
): HttpProvider {
  const { VEND_HTTP_BASE_URL: baseUrl, VEND_HTTP_API_KEY: apiKey } = config;
  if (!baseUrl || !apiKey) {
    const missing = [
      baseUrl ? null : "VEND_HTTP_BASE_URL (the upstream's base URL)",
      apiKey ? null : "VEND_HTTP_API_KEY (its bearer credential)",
    ];
    throw new Error(`VEND_PROVIDER=http needs ${missing.filter((entry) => entry !== null).join(" and ")}.`);
  }
  return new HttpProvider({
    baseUrl,
    apiKey,
    vendTimeoutMs: config.VEND_HTTP_TIMEOUT_MS,
    queryTimeoutMs: config.VEND_HTTP_QUERY_TIMEOUT_MS,
    retries: config.VEND_HTTP_RETRIES,
    retryDelayMs: config.VEND_HTTP_RETRY_DELAY_MS,
  });
}
