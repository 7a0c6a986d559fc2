/**
 * Turns what an operator typed into the one stored form of an allowlist entry, so that "10.0.0.7",
 * "10.0.0.7/32" and "::ffff:10.0.0.7" are the same entry and a range is stored by its network address
 * ("10.1.2.3/8" → "10.0.0.0/8"). Malformed text is a validation error on the field `entry`.
 */
import { formatCidr, parseCidr } from "~/server/ip/address";
import { invalidInput } from "~/server/validation/parse-input";

export function normalizeAllowlistEntry(entry: string): string {
  const range = parseCidr(entry);
  if (!range) {
    throw invalidInput([{ name: "entry", reason: `"${entry}" is not an IPv4 or IPv6 address or CIDR range` }]);
  }
  return formatCidr(range);
}
