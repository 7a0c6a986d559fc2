/**
 * Rate-limit counters shared by every server process on one host, kept in memory: the purchase path must not
 * pay a database write per request for bookkeeping (docs/deploying.md
 * "Rate limits across processes and hosts").
 *
 * - One process (WEB_CONCURRENCY=1, `npm run dev`, tests calling services directly): a
 *   RateLimiterMemory inside the process.
 * - N cluster workers (WEB_CONCURRENCY=N): the counters live in the primary, which src/bin/server.ts
 *   turns into a RateLimiterClusterMaster before it forks; each worker's RateLimiterCluster asks it
 *   over node:cluster's IPC channel. So N workers together admit exactly the limit, not N times it.
 *
 * Hosts share nothing: behind a load balancer each of H hosts admits the limit on its own, unless
 * REDIS_URL is set, when these counters are the insurance behind the shared ones in Redis
 * (shared-rate-limiter.ts), counting only while Redis cannot.
 */
import cluster from "node:cluster";
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { logger } from "~/server/log";

export interface HostRateLimiterOptions {
  /** Names the counter set; in a cluster the primary keeps one set per prefix. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/**
 * How long a worker waits for the primary's answer. The primary does nothing else, so this only
 * trips when it is gone or starved; the caller then lets the request through (see consumeOrNull).
 */
const PRIMARY_ANSWER_TIMEOUT_MS = 1_000;

/** In the cluster primary, before forking: the owner of the counters its workers share. */
export function startRateLimiterPrimary(): void {
  new RateLimiterClusterMaster();
}

// Next.js may evaluate this module once per route bundle; the counters must be one set per process.
const globalForLimiters = globalThis as unknown as { [key: symbol]: Map<string, RateLimiterAbstract> | undefined };
const LIMITERS = Symbol.for("reseller-platform.host-rate-limiters");
const limiters = (globalForLimiters[LIMITERS] ??= new Map());

/** The process's limiter for a prefix, created on first use with the options given then. */
export function hostRateLimiter(options: HostRateLimiterOptions): RateLimiterAbstract {
  let limiter = limiters.get(options.keyPrefix);
  if (!limiter) {
    const common = { keyPrefix: options.keyPrefix, points: options.points, duration: options.durationSeconds };
    limiter = cluster.isWorker
      ? new RateLimiterCluster({ ...common, timeoutMs: PRIMARY_ANSWER_TIMEOUT_MS })
      : new RateLimiterMemory(common);
    limiters.set(options.keyPrefix, limiter);
  }
  return limiter;
}

export type ConsumeOutcome = { allowed: boolean; state: RateLimiterRes } | null;

let lastFailureLoggedAt = 0;

/**
 * Takes one point: allowed or not, with the counter's state. Null when the counters cannot be reached
 * (a worker whose primary does not answer): a broken limiter must not stop the service, so the
 * request goes through, and the failure is logged (at most every 10 s, not once per request).
 */
export async function consumeOrNull(limiter: RateLimiterAbstract, key: string): Promise<ConsumeOutcome> {
  try {
    return { allowed: true, state: await limiter.consume(key) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { allowed: false, state: rejection };
    if (Date.now() - lastFailureLoggedAt > 10_000) {
      lastFailureLoggedAt = Date.now();
      logger.warn({ err: rejection }, "rate limiter unavailable; letting requests through");
    }
    return null;
  }
}
