/**
 * The allowlist gate (DESIGN.md §3.1.4), checked after the key and before anything else. An empty
 * list blocks only accounts that require one; a non-empty list always applies.
 */
import { AppError } from "~/server/errors";
import { cidrContains, parseAddress, parseCidr, type ParsedCidr } from "~/server/ip/address";
import { isAllowlistRequired } from "./allowlist-policy";

/**
 * Parsed entries by their text. The list itself is read from the database on every request (so a
 * change applies to the next request); only the parsing, the same for the same text, is kept. Bounded:
 * cleared when full, so a process serving many accounts cannot grow it without limit.
 */
const parsedEntries = new Map<string, ParsedCidr | null>();
const MAX_PARSED_ENTRIES = 10_000;

function parsedEntry(entry: string): ParsedCidr | null {
  let parsed = parsedEntries.get(entry);
  if (parsed === undefined) {
    if (parsedEntries.size >= MAX_PARSED_ENTRIES) parsedEntries.clear();
    parsed = parseCidr(entry);
    parsedEntries.set(entry, parsed);
  }
  return parsed;
}

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
  const allowed =
    address !== null &&
    entries.some((entry) => {
      const range = parsedEntry(entry);
      return range !== null && cidrContains(range, address);
    });
  if (!allowed) throw new AppError("ip.not_allowed", `Source IP ${sourceIp} is not on this account's allowlist.`);
}
