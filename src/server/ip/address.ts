/**
 * Address parsing shared by the source-address computation and the allowlist, on ipaddr.js (no
 * hand-written address arithmetic). IPv4-mapped IPv6 (::ffff:a.b.c.d) always becomes plain IPv4.
 */
import ipaddr from "ipaddr.js";

export type ParsedAddress = ipaddr.IPv4 | ipaddr.IPv6;
export type ParsedCidr = [ParsedAddress, number];

/**
 * Addresses seen lately and what they parse to: clients send from few addresses, and each API request
 * parses its own two or three times (the source address, the allowlist check).
 */
const parsedAddresses = new Map<string, ParsedAddress | null>();
const MAX_PARSED_ADDRESSES = 4096;
/** Longer than any address: such text (a forwarded header's hop can be anything) is parsed, not kept. */
const MAX_ADDRESS_LENGTH = 64;

/** Parses an address (dropping an IPv6 zone such as %eth0), or returns null. The result is shared: do not change it. */
export function parseAddress(text: string): ParsedAddress | null {
  if (text.length > MAX_ADDRESS_LENGTH) return parseAddressText(text);
  const known = parsedAddresses.get(text);
  if (known !== undefined) return known;
  const parsed = parseAddressText(text);
  if (parsedAddresses.size >= MAX_PARSED_ADDRESSES) parsedAddresses.clear();
  parsedAddresses.set(text, parsed);
  return parsed;
}

function parseAddressText(text: string): ParsedAddress | null {
  const trimmed = text.trim().replace(/%.*$/, "");
  // Strict forms only: ipaddr.isValid would also take "127.1" or "0x7f.0.0.1", which no one means.
  const valid = trimmed.includes(":") ? ipaddr.IPv6.isValid(trimmed) : ipaddr.IPv4.isValidFourPartDecimal(trimmed);
  if (!valid) return null;
  // ipaddr.process turns IPv4-mapped IPv6 into IPv4.
  return ipaddr.process(trimmed);
}

/**
 * Parses an allowlist or proxy entry: a single address (a /32 or /128) or a CIDR range. A mapped
 * IPv4 range (::ffff:10.0.0.0/104) is turned into its IPv4 form. Returns null when malformed.
 */
export function parseCidr(text: string): ParsedCidr | null {
  const trimmed = text.trim();
  if (!trimmed.includes("/")) {
    const address = parseAddress(trimmed);
    return address ? [address, address.kind() === "ipv4" ? 32 : 128] : null;
  }
  const match = /^([0-9a-fA-F:.]+)\/(\d{1,3})$/.exec(trimmed);
  const address = match ? parseAddress(match[1] ?? "") : null;
  if (!match || !address) return null;
  let range: ParsedCidr;
  try {
    range = ipaddr.parseCIDR(trimmed);
  } catch {
    return null;
  }
  const bits = range[1];
  // parseAddress already turned a mapped IPv4 into IPv4; its prefix is counted within the low 32 bits.
  if (range[0].kind() === "ipv6" && address.kind() === "ipv4") return bits >= 96 ? [address, bits - 96] : null;
  return [address, bits];
}

/** Canonical text of a range: network address and prefix ("10.0.0.0/8", "2001:db8::/32"). */
export function formatCidr([address, bits]: ParsedCidr): string {
  const network =
    address.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

export function cidrContains(range: ParsedCidr, address: ParsedAddress): boolean {
  return address.kind() === range[0].kind() && address.match(range);
}
