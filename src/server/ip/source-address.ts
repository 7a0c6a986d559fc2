/**
 * The source address of a request: the TCP peer, unless the peer is a configured trusted proxy, in
 * which case X-Forwarded-For is walked right to left past trusted hops. A client can never choose its
 * own address by sending a header: from an untrusted peer every forwarding header is ignored, and the
 * `Forwarded` header is never read. Computed once by the Node server (src/bin/server.ts) and handed to
 * Next.js in SOURCE_ADDRESS_HEADER, which the server always overwrites.
 */
import { cidrContains, parseAddress, parseCidr, type ParsedCidr } from "./address";

/** The private header carrying the computed address from the Node server to route handlers. */
export const SOURCE_ADDRESS_HEADER = "x-rp-source-address";

export type TrustedProxies = readonly ParsedCidr[];

/** Parses TRUSTED_PROXIES (comma or space separated). Throws on a malformed entry: a typo here must not silently trust nobody or everybody. */
export function parseTrustedProxies(list: string): TrustedProxies {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const range = parseCidr(entry);
      if (!range) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
      return range;
    });
}

function isTrusted(address: string, trusted: TrustedProxies): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && trusted.some((range) => cidrContains(range, parsed));
}

/**
 * @param peer the socket's remoteAddress
 * @param forwardedFor the X-Forwarded-For header value(s) as Node gives them
 */
export function computeSourceAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  // A socket always has a peer address; "0.0.0.0" only stands in should it have closed already.
  let current = (peer && parseAddress(peer)?.toString()) ?? "0.0.0.0";
  if (trusted.length === 0 || !isTrusted(current, trusted) || forwardedFor === undefined) return current;

  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = parseAddress(hops[index] ?? "");
    // Garbage where a trusted proxy should have written an address: stop at the last hop we can vouch for.
    if (!hop) return current;
    current = hop.toString();
    if (!isTrusted(current, trusted)) return current;
  }
  return current;
}
