/**
 * Which URLs an endpoint may have (docs/integrating.md "Webhooks"). Checked when an endpoint is saved, so an owner
 * hears at once that an address cannot work; and again, after DNS, on every delivery (send-webhook.ts
 * connects through request-filtering-agent), because a name can resolve elsewhere later.
 *
 * Unless WEBHOOK_ALLOW_PRIVATE_URLS=1 (development and tests only): https only, and no host that is,
 * or is written as, an address on loopback, a private or link-local network, or the cloud metadata
 * address. Credentials in the URL are refused: they would be shown wherever the URL is.
 */
import ipaddr from "ipaddr.js";
import { env } from "~/env";

/** Why the URL is refused, in words for the owner; null when it is allowed. */
export function endpointUrlProblem(text: string, allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS === "1"): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an http(s) URL";
  }
  if (url.username !== "" || url.password !== "") return "must not contain a user name or password";
  if (url.hash !== "") return "must not contain a fragment (#...)";
  if (allowPrivate) return url.protocol === "https:" || url.protocol === "http:" ? null : "must be an http(s) URL";
  if (url.protocol !== "https:") return "must be an https URL";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return "must be a public address, not a local name";
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return "must be a public address, not a loopback, private or link-local one";
  return null;
}

/** Whether an IP address is a public unicast one (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}
