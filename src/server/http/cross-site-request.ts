/**
 * Whether a request was sent by a page of another site: the check that keeps tRPC mutations from
 * being triggered cross-site (CSRF).
 *
 * The session cookie is SameSite=Lax, so a browser leaves it off cross-site POSTs, and tRPC refuses
 * the bodies a plain HTML form can send except multipart/form-data, which no mutation's input
 * accepts. That already stops classic CSRF. This check is the second wall: it also covers a page on
 * a sibling subdomain (same *site*, so Lax cookies are sent) and any future procedure that would
 * accept form data.
 *
 * Browsers send Sec-Fetch-Site on every request (Chromium 76+, Firefox 90+, Safari 16.4+); only
 * "same-origin" is ours ("none" means the user typed the URL, which cannot produce a POST). Older
 * browsers send Origin on every POST instead, which must then name this host. A request with
 * neither did not come from a browser, and CSRF needs a browser.
 */
export function isCrossSiteRequest(headers: Headers): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite !== "same-origin" && fetchSite !== "none";

  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    // `Origin: null` (sandboxed frames, some redirects) is not a URL: never ours.
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const ownHosts = [headers.get("host"), headers.get("x-forwarded-host")].filter((host): host is string => host !== null);
  return !ownHosts.some((host) => host.toLowerCase() === originHost.toLowerCase());
}
