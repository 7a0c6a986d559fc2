/**
 * The HTTP side of Clubkonnect (Nellobytes Systems, https://www.clubkonnect.com/APIDocs.asp): every call is
 * a GET of an `.asp` path under their host with the credentials `UserID` and `APIKey` in the query string,
 * answered with a JSON object. What an answer means is clubkonnect-provider.ts's business; this module only
 * tells a parsed JSON object from a fault.
 *
 * The credentials travel in the URL, so the URL is never logged, never put in an error and never in an
 * outcome: faults carry the path's name and the kind of fault only. The two credentials live in ES private
 * fields.
 */
import { logger } from "~/server/log";
import { exchange, retryOnFaults, UpstreamFault } from "../upstream-http";

export interface ClubkonnectCredentials {
  userId: string;
  apiKey: string;
}

export interface ClubkonnectClientOptions extends ClubkonnectCredentials {
  /** Their host, https://www.nellobytesystems.com; the documented paths (APIAirtimeV1.asp, ...) go below it. */
  baseUrl: string;
  /** One purchase's time limit, answer included. */
  vendTimeoutMs: number;
  /** One query, verification, balance or listing attempt's time limit. */
  queryTimeoutMs: number;
  /** Extra attempts of the read-only calls after a fault. */
  retries: number;
  retryDelayMs: number;
}

export interface ClubkonnectAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
}

export class ClubkonnectClient {
  readonly #userId: string;
  readonly #apiKey: string;
  private readonly base: URL;
  private readonly vendTimeoutMs: number;
  private readonly queryTimeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(options: ClubkonnectClientOptions) {
    this.base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    this.#userId = options.userId;
    this.#apiKey = options.apiKey;
    this.vendTimeoutMs = options.vendTimeoutMs;
    this.queryTimeoutMs = options.queryTimeoutMs;
    this.retries = options.retries;
    this.retryDelayMs = options.retryDelayMs;
  }

  /** A purchase (APIAirtimeV1.asp, APIDatabundleV1.asp, ...): exactly one attempt; the query settles what is unclear. */
  order(path: string, params: Record<string, string>): Promise<ClubkonnectAnswer> {
    return this.answerOf(path, params, this.vendTimeoutMs);
  }

  /** A read-only call (APIQueryV1.asp, the verifications, the balance, the plan lists), retried on faults. */
  read(path: string, params: Record<string, string> = {}): Promise<ClubkonnectAnswer> {
    return retryOnFaults(() => this.answerOf(path, params, this.queryTimeoutMs), {
      retries: this.retries,
      retryDelayMs: this.retryDelayMs,
      onRetry: (fault, attemptNumber) =>
        logger.info(
          { provider: "clubkonnect", operation: path, fault: fault.kind, detail: fault.message },
          `clubkonnect ${path} attempt ${attemptNumber} failed; retrying`,
        ),
    });
  }

  private async answerOf(path: string, params: Record<string, string>, timeoutMs: number): Promise<ClubkonnectAnswer> {
    const url = new URL(path, this.base);
    url.searchParams.set("UserID", this.#userId);
    url.searchParams.set("APIKey", this.#apiKey);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const { httpStatus, text } = await exchange({ url, method: "GET", headers: { accept: "application/json" }, timeoutMs });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UpstreamFault("unexpected-answer", `${path}: HTTP ${httpStatus} with a body that is not JSON`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new UpstreamFault("unexpected-answer", `${path}: HTTP ${httpStatus} with a body that is not a JSON object`);
    }
    return { httpStatus, body: parsed as Record<string, unknown> };
  }
}
