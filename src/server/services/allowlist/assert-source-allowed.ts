/**
 * The allowlist gate (DESIGN.md §3.1.4), checked after the key and before anything else. An empty
 * list blocks only accounts that require one; a non-empty list always applies.
 */
import { AppError } from "~/server/errors";
import { cidrContains, parseAddress, parseCidr } from "~/server/ip/address";
import { isAllowlistRequired } from "./allowlist-policy";

export function assertSourceAllowed(
  account: { createdAt: Date; allowlistOptIn: boolean },
  entries: readonly string[],
  sourceIp: string,
): void {
  if (entries.length === 0) {
    if (isAllowlistRequired(account)) {
      throw new AppError(
        "ip.not_configured",
        "This account requires an IP allowlist and none is configured. Ask your account manager to add your servers' addresses.",
      );
    }
    return;
  }
  const address = parseAddress(sourceIp);
  const allowed = address !== null && entries.some((entry) => {
    const range = parseCidr(entry);
    return range !== null && cidrContains(range, address);
  });
  if (!allowed) throw new AppError("ip.not_allowed", `Source IP ${sourceIp} is not on this account's allowlist.`);
}
