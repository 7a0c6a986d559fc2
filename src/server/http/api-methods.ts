/**
 * Which methods the REST API serves at a path, from the one list of endpoints
 * (src/server/api/endpoints.ts, which openapi.test.ts keeps equal to the route handlers on disk).
 *
 * The Node server uses it to answer what Next.js would answer in its own formats: a path under
 * /api/v1 that no endpoint serves (Next: its HTML 404 page) and a method an endpoint does not take
 * (Next: a bare 405) become problem+json like every other API error. A `{param}` segment matches any
 * one non-empty segment, as a `[param]` folder does.
 */
import { ENDPOINTS } from "~/server/api/endpoints";

export const API_PREFIX = "/api/v1";

/** The methods Next.js route handlers exist for; it fails any other method with a 500 (TRACE). */
export const ROUTABLE_METHODS: readonly string[] = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

const ROUTES = ENDPOINTS.map((key) => {
  const [method = "GET", template = ""] = key.split(" ");
  return { method, segments: template.split("/") };
});

/**
 * The path of a request target as the router sees it: dot segments (also %2e) resolved, no query.
 * Origin-form only: "//host/path" stays a path on this server; anything else ("*") is no API path.
 * A backslash is not a separator to Next.js (it redirects such paths), so it is not one here either.
 */
export function routedPath(url: string | undefined): string {
  if (!url?.startsWith("/")) return url ?? "";
  return new URL(`http://localhost${url.replaceAll("\\", "%5C")}`).pathname;
}

export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/**
 * The methods served at `pathname` (HEAD with GET, and OPTIONS wherever anything is), or [] when no
 * endpoint is there. As in Next.js' router, a fixed segment wins over a `{param}` one: only the
 * matching routes with the most fixed segments count (`/webhook-endpoints/low-balance-threshold` is
 * not a `/webhook-endpoints/{endpointId}`).
 */
export function apiMethodsAt(pathname: string): string[] {
  const segments = pathname.split("/");
  const matching = ROUTES.filter(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((part, index) => (part.includes("{") ? segments[index] !== "" : part === segments[index])),
  );
  const fixed = (route: (typeof ROUTES)[number]) => route.segments.filter((part) => !part.includes("{")).length;
  const mostFixed = Math.max(...matching.map(fixed));
  const methods = new Set(matching.filter((route) => fixed(route) === mostFixed).map((route) => route.method));
  if (methods.size === 0) return [];
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return ROUTABLE_METHODS.filter((method) => methods.has(method));
}
