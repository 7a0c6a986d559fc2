/**
 * Sign-in throttling against password guessing (docs/deploying.md "Rate limits across processes and hosts"):
 * failed portal sign-ins are counted per email and per source address in PostgreSQL (table sign_in_throttles,
 * through rate-limiter-flexible's RateLimiterPrisma on our one Prisma client), so the limit holds however many
 * processes and hosts serve the portal. Sign-in is rare; a write per attempt costs nothing there.
 *
 * An attempt first takes a point from each counter (one atomic upsert each) and only then is the
 * password checked, so simultaneous guesses cannot all slip past a read-then-check. An attempt that
 * finds a counter over its limit is refused without checking the password, the right one included,
 * until that counter's window ends. A success clears the email's counter and gives the address its
 * point back, so only failures add up. Unknown emails are counted like known ones: the answer never
 * tells which emails have accounts.
 *
 * The per-email counter lets anyone lock an email out for one window by failing on purpose; that is
 * the price of slowing guessing spread over many addresses, and the window bounds it.
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "~/env";
import { db } from "~/server/db";
import { formatCidr, parseAddress } from "~/server/ip/address";

export interface SignInThrottleOptions {
  /** Failures per email per window; 0 turns this counter off. */
  maxFailuresPerEmail: number;
  /** Failures per source address per window; 0 turns this counter off. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

/** The attempt was refused unchecked: a counter is over its limit for retryAfterSeconds more. */
export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many sign-in attempts; try again in ${retryAfterSeconds} s`);
    this.name = "SignInThrottledError";
  }
}

export interface SignInAttempt {
  /** The password matched: the failures before it no longer count. */
  succeeded(): Promise<void>;
}

/**
 * One counter per address, but one per /64 for IPv6: a single customer is usually handed a whole /64,
 * and counting each of its addresses apart would let one machine guess 2^64 times as often.
 */
export function addressCounterKey(sourceAddress: string): string | null {
  const address = parseAddress(sourceAddress);
  if (!address) return null;
  return address.kind() === "ipv6" ? formatCidr([address, 64]) : address.toString();
}

/** The Prisma delegate RateLimiterPrisma writes through (model SignInThrottle). */
const MODEL = "signInThrottle";

export function createSignInThrottle(options: SignInThrottleOptions) {
  const counter = (keyPrefix: string, points: number) =>
    points > 0 ? new RateLimiterPrisma({ storeClient: db, tableName: MODEL, keyPrefix, points, duration: options.windowSeconds }) : null;
  const byEmail = counter("email", options.maxFailuresPerEmail);
  const byAddress = counter("address", options.maxFailuresPerAddress);

  return {
    /**
     * Counts an attempt before its password is checked. Throws SignInThrottledError when either
     * counter is over its limit (then the other keeps its point back: a refused attempt was never
     * checked, so it counts only where it was refused), or the store's error when it cannot count.
     * @param email lower-cased; null for an attempt that names nobody (a staff invitation's link),
     *   counted by address only
     * @param sourceAddress the request's source address; null when unknown, counting by email only
     */
    async begin(email: string | null, sourceAddress: string | null): Promise<SignInAttempt> {
      const addressKey = sourceAddress === null ? null : addressCounterKey(sourceAddress);
      const counters = [
        ...(byEmail && email !== null ? [{ limiter: byEmail, key: email }] : []),
        ...(byAddress && addressKey ? [{ limiter: byAddress, key: addressKey }] : []),
      ];
      const results = await Promise.allSettled(counters.map(({ limiter, key }) => limiter.consume(key)));

      const broken = results.find((result) => result.status === "rejected" && !(result.reason instanceof RateLimiterRes));
      if (broken?.status === "rejected") throw broken.reason;
      const refusals = results.flatMap((result) => (result.status === "rejected" ? [result.reason as RateLimiterRes] : []));
      if (refusals.length > 0) {
        await Promise.all(counters.map(({ limiter, key }, index) => (results[index]?.status === "fulfilled" ? limiter.reward(key) : null)));
        throw new SignInThrottledError(Math.max(1, Math.ceil(Math.max(...refusals.map((refusal) => refusal.msBeforeNext)) / 1000)));
      }

      return {
        async succeeded() {
          await Promise.all([
            byEmail && email !== null ? byEmail.delete(email) : null,
            byAddress && addressKey ? byAddress.reward(addressKey) : null,
          ]);
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

let configured: SignInThrottle | undefined;

/** The throttle with the configured limits (SIGN_IN_* in src/env.ts). */
export function signInThrottle(): SignInThrottle {
  configured ??= createSignInThrottle({
    maxFailuresPerEmail: env.SIGN_IN_MAX_FAILURES_PER_EMAIL,
    maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    windowSeconds: env.SIGN_IN_FAILURE_WINDOW_SECONDS,
  });
  return configured;
}
