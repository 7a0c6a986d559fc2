/**
 * Which URLs an endpoint may have (docs/integrating.md "Webhooks"). Checked when an endpoint is saved, so an owner
 * hears at once that an address cannot work; and again, after DNS, on every delivery (send-webhook.ts
 * connects through request-filtering-agent), because a name can resolve elsewhere later.
 *
 * Unless WEBHOOK_ALLOW_PRIVATE_URLS=1 (development and tests only): https only, and no host that is,
 * or is written as, an address on loopback, a private or link-local network, or the cloud metadata
 * address. Credentials in the URL are refused: they would be shown wherever the URL is.
 *
 * The host is judged as the connection would use it, not as it was typed: the URL parser has already
 * lower-cased it and turned decimal, octal and hex IPv4 forms into dotted quads; trailing dots (a
 * fully qualified `localhost.`) are dropped here; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is
 * judged as its IPv4 address, and the deprecated IPv4-compatible ones (`::a.b.c.d`) are refused.
 *
 * Under `npm run dev` a refusal that the setting would lift says so: a developer pointing the form at
 * a receiver on their own machine learns the switch instead of guessing.
 */
import ipaddr from "ipaddr.js";
import { env } from "~/env";

/** Why the URL is refused, in words for the owner; null when it is allowed. */
export function endpointUrlProblem(
  text: string,
  allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS === "1",
  development = env.NODE_ENV === "development",
): string | null {
  const problem = publicUrlProblem(text, allowPrivate);
  if (!problem || !development || allowPrivate || !problem.liftedByAllowPrivate) return problem?.reason ?? null;
  return `${problem.reason} (in development, start the server with WEBHOOK_ALLOW_PRIVATE_URLS=1 to allow a receiver on this machine or your network)`;
}

function publicUrlProblem(text: string, allowPrivate: boolean): { reason: string; liftedByAllowPrivate: boolean } | null {
  const refused = (reason: string, liftedByAllowPrivate = false) => ({ reason, liftedByAllowPrivate });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused("must be an http(s) URL");
  }
  if (url.username !== "" || url.password !== "") return refused("must not contain a user name or password");
  if (url.hash !== "") return refused("must not contain a fragment (#...)");
  if (allowPrivate) return url.protocol === "https:" || url.protocol === "http:" ? null : refused("must be an http(s) URL");
  if (url.protocol !== "https:") return refused("must be an https URL", url.protocol === "http:");
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return refused("must be a public address, not a local name", true);
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    return refused("must be a public address, not a loopback, private or link-local one", true);
  return null;
}

/** Whether an IP address is a public unicast one (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return isPublicAddress(ipv6.toIPv4Address().toString());
  // ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible ones
  // (RFC 4291 §2.5.5.1), which ipaddr.js calls "unicast" (::7f00:1 is `::127.0.0.1`): none is public.
  if (ipv6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return ipv6.range() === "unicast";
}
