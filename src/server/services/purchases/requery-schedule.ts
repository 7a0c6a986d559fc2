/**
 * When pending transactions are asked about again.
 *
 * A freshly begun purchase is not requeried until RECONCILE_GRACE_MS has passed: its request may
 * still be waiting on vend(), and asking the upstream before the order reached it could read "no such
 * order" as a failure and refund a product that is then delivered. The grace must exceed the
 * provider's longest vend time-out. After the provider has answered "pending", requeries back off
 * exponentially from 5 seconds to at most 10 minutes.
 */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;

export function vendGracePeriod(): number {
  return Number(process.env.RECONCILE_GRACE_MS ?? 60_000);
}

export function requeryDelay(requeryCount: number): number {
  const base = Number(process.env.RECONCILE_RETRY_MS ?? FIRST_RETRY_MS);
  return Math.min(MAX_RETRY_MS, base * 2 ** Math.min(requeryCount, 20));
}
