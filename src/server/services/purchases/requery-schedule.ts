/**
 * When pending transactions are asked about again.
 *
 * A freshly begun purchase is not requeried until RECONCILE_GRACE_MS has passed: its request may
 * still be waiting on vend(), and asking the upstream before the order reached it could read "no such
 * order" as a failure and refund a product that is then delivered. The grace must exceed the
 * provider's longest vend time-out. After the provider has answered "pending", requeries back off
 * exponentially from RECONCILE_RETRY_MS (5 seconds) to at most 10 minutes.
 */
import { env } from "~/env";

const MAX_RETRY_MS = 10 * 60_000;

export function vendGracePeriod(): number {
  return env.RECONCILE_GRACE_MS;
}

export function requeryDelay(requeryCount: number): number {
  return Math.min(MAX_RETRY_MS, env.RECONCILE_RETRY_MS * 2 ** Math.min(requeryCount, 20));
}
