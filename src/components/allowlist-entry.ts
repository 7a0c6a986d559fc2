/**
 * How an allowlist entry (stored as a normalised CIDR, "203.0.113.7/32") reads to a person, on the
 * owner's page, the operator's console and its audit log alike: a single address bare ("203.0.113.7",
 * "::1"), a range with its prefix ("10.0.0.0/8"), and in words, one address or how many.
 */
const count = new Intl.NumberFormat("en-GB");

export function describeEntry(cidr: string): string {
  const [, bitsText] = cidr.split("/");
  const bits = Number(bitsText);
  const ipv6 = cidr.includes(":");
  const width = ipv6 ? 128 : 32;
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return "Address range";
  if (bits === width) return "One address";
  if (ipv6) return `A /${bits} network`;
  return `Range of ${count.format(2 ** (width - bits))} addresses`;
}

/** The address alone for a single host ("203.0.113.7"), the CIDR otherwise. */
export function displayEntry(cidr: string): string {
  return cidr.endsWith(cidr.includes(":") ? "/128" : "/32") ? cidr.slice(0, cidr.lastIndexOf("/")) : cidr;
}
