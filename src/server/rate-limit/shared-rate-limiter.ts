/**
 * Rate-limit counters for every host at once: with REDIS_URL set, the API's per-key counts live in
 * Redis (rate-limiter-flexible's RateLimiterRedis: one Lua script sets the window and increments in
 * one step, so concurrent requests on any number of hosts are all counted, exactly). Without
 * REDIS_URL, the host's own counters (host-rate-limiter.ts), as before: per host.
 *
 * Redis must never stop sales. The host's counters stay behind the Redis ones as the insurance
 * limiter: whenever Redis cannot answer (down, unreachable, slower than STORE_TIMEOUT_MS, not yet
 * connected at start-up) the request is counted by the host instead, so an outage degrades the limit
 * to per host (H hosts admit up to H times the limit) rather than failing or hanging requests. The
 * client never queues commands while disconnected, and a command cut off by a lost connection fails
 * at once, so the fallback costs no waiting. It reconnects by itself and counting moves back to Redis.
 */
import { Redis } from "ioredis";
import { RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/env";
import { logger } from "~/server/log";
import { hostRateLimiter, type HostRateLimiterOptions } from "./host-rate-limiter";

/** Longest wait for Redis before the host counts the request instead; Redis answers in well under a millisecond. */
const STORE_TIMEOUT_MS = 1_000;
/** An outage is logged when it starts and then at most this often, not once per failed reconnection. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;
/** Keys of this application in a Redis that may hold others': "rp:api-key:<key id>". */
const REDIS_KEY_PREFIX = "rp:";

// Next.js may evaluate this module once per route bundle; one client and one limiter set per process.
const globalForShared = globalThis as unknown as { [key: symbol]: unknown };
const REDIS = Symbol.for("reseller-platform.rate-limit-redis");
const LIMITERS = Symbol.for("reseller-platform.shared-rate-limiters");
const limiters = (globalForShared[LIMITERS] ??= new Map<string, RateLimiterAbstract>()) as Map<string, RateLimiterAbstract>;

function connect(url: string): Redis {
  const client = new Redis(url, {
    // Disconnected, a command fails at once (and the insurance limiter counts) instead of waiting in a
    // queue for a connection that may be minutes away.
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails at once rather than being re-sent later.
    maxRetriesPerRequest: 0,
    // A Redis that accepts but does not answer (overloaded, stopped) fails the command after this long.
    commandTimeout: STORE_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  let loggedAt = 0;
  // Only what says why: never the URL, which may carry a password.
  client.on("error", (error: Error & { code?: string }) => {
    if (down && Date.now() - loggedAt < OUTAGE_LOG_INTERVAL_MS) return;
    down = true;
    loggedAt = Date.now();
    logger.warn({ error: error.message, code: error.code }, "rate-limit store unreachable; counting per host until it answers");
  });
  client.on("ready", () => {
    if (down) logger.info("rate-limit store reachable again; counting across hosts");
    down = false;
  });
  return client;
}

function redis(url: string): Redis {
  return (globalForShared[REDIS] ??= connect(url)) as Redis;
}

/**
 * The process's limiter for a prefix, created on first use with the options given then: Redis-backed
 * with the host's limiter as insurance when REDIS_URL is set, else the host's limiter itself.
 */
export function sharedRateLimiter(options: HostRateLimiterOptions): RateLimiterAbstract {
  const url = env.REDIS_URL;
  if (!url) return hostRateLimiter(options);
  let limiter = limiters.get(options.keyPrefix);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: redis(url),
      keyPrefix: `${REDIS_KEY_PREFIX}${options.keyPrefix}`,
      points: options.points,
      duration: options.durationSeconds,
      // Not connected (start-up, reconnecting): straight to the insurance limiter, no command sent.
      rejectIfRedisNotReady: true,
      insuranceLimiter: hostRateLimiter(options),
    });
    limiters.set(options.keyPrefix, limiter);
  }
  return limiter;
}
