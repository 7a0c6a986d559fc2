/**
 * Who must have an IP allowlist (DESIGN.md §3.1.4): every account created on or after 2026-07-01,
 * and older accounts that opted in. Shared by the REST gate and the operator's allowlist commands,
 * so the cutoff lives in exactly one place.
 */
import { lagosDayStart } from "~/lagos-time";

/**
 * 2026-07-01T00:00:00 in Africa/Lagos. The service and its resellers run on Nigerian time (billing
 * cycles are Lagos calendar months too), so "created on or after 1 July" means the Lagos date; an
 * account created at 00:30 Lagos time on 1 July (23:30 UTC on 30 June) is already a July account.
 * Lagos is UTC+1 all year (no daylight saving), so the instant is fixed: 2026-06-30T23:00:00Z.
 */
export const ALLOWLIST_REQUIRED_FROM = lagosDayStart("2026-07-01");

export function isAllowlistRequired(account: { createdAt: Date; allowlistOptIn: boolean }): boolean {
  return account.allowlistOptIn || account.createdAt.getTime() >= ALLOWLIST_REQUIRED_FROM.getTime();
}
