/**
 * One delivery attempt over HTTP, as the Standard Webhooks specification has it: a POST of the JSON
 * event with `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`, signed by the `standardwebhooks` library; during a secret's rotation one
 * signature per secret, space-separated). Redirects are not followed (node:http never does), only a
 * 2xx counts, and the whole exchange is bounded by WEBHOOK_TIMEOUT_MS.
 *
 * SSRF: the connection goes through request-filtering-agent, which checks the address a name resolved
 * to when the socket connects (so a name that resolves to a private address, or rebinds to one after
 * the endpoint was saved, is refused) unless WEBHOOK_ALLOW_PRIVATE_URLS=1.
 */
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import { env } from "~/env";

/** How much of a receiver's answer is kept for the portal. */
const EXCERPT_BYTES = 1_024;
/** The longest Retry-After honoured: a longer one is cut to this (the next attempt comes a day later). */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export interface AttemptResult {
  /** The receiver's HTTP status; null when no answer arrived (refused address, network error, time-out). */
  statusCode: number | null;
  responseMs: number;
  /** The first bytes of the answer's body, as text. */
  excerpt: string | null;
  /** Why there was no answer, in words for the owner. */
  error: string | null;
  /** A 429 or 503's Retry-After, in milliseconds, when it gave one. */
  retryAfterMs: number | null;
}

const agents = new Map<boolean, { http: RequestFilteringHttpAgent; https: RequestFilteringHttpsAgent }>();
function agentsFor(allowPrivateIPAddress: boolean) {
  let pair = agents.get(allowPrivateIPAddress);
  if (!pair) {
    const options = { allowPrivateIPAddress, keepAlive: true, maxSockets: 64 };
    pair = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    agents.set(allowPrivateIPAddress, pair);
  }
  return pair;
}

/** A signer per secret: reading a secret (its base64) is work that every delivery to the endpoint would repeat. */
const signers = new Map<string, Webhook>();
function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= 1_000) signers.clear(); // rotated secrets are not kept for ever
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The `webhook-signature` header's value: one `v1,<signature>` per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => signerFor(secret).sign(id, timestamp, body)).join(" ");
}

export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : new Date(header).getTime() - now;
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

export function sendWebhook(target: {
  url: string;
  id: string;
  body: string;
  secrets: readonly string[];
  /** Whether loopback and private addresses may be reached; WEBHOOK_ALLOW_PRIVATE_URLS by default. */
  allowPrivateAddresses?: boolean;
}): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timestamp = new Date();
  const url = new URL(target.url);
  const transport = url.protocol === "https:" ? https : http;
  const agent = agentsFor(target.allowPrivateAddresses ?? env.WEBHOOK_ALLOW_PRIVATE_URLS === "1");

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "responseMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, responseMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? agent.https : agent.http,
        headers: {
          "content-type": "application/json",
          "user-agent": "reseller-platform-webhooks/1",
          "webhook-id": target.id,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1_000)),
          "webhook-signature": signatureHeader(target.secrets, target.id, timestamp, target.body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept));
          kept += chunk.length;
          // Nothing past the excerpt is needed: stop reading a long answer rather than wait for it.
          if (kept >= EXCERPT_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            // PostgreSQL text cannot hold NUL: an answer with one must not keep its delivery from being recorded.
            excerpt: Buffer.concat(chunks).toString("utf8").replaceAll("\0", ""),
            error: null,
            retryAfterMs: response.statusCode === 429 || response.statusCode === 503 ? retryAfterMs(response.headers["retry-after"]) : null,
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const deadline = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: `no answer within ${env.WEBHOOK_TIMEOUT_MS} ms`, retryAfterMs: null });
    }, env.WEBHOOK_TIMEOUT_MS);
    request.on("error", (error: Error & { code?: string }) => {
      const refused = /is not allowed/.test(error.message);
      finish({
        statusCode: null,
        excerpt: null,
        error: refused ? "the address is not public (private, loopback or link-local): not sent" : (error.code ?? error.message),
        retryAfterMs: null,
      });
    });
    request.end(target.body);
  });
}
