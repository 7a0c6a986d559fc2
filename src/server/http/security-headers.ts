/**
 * Every security header the platform sends, decided in one place and applied by the Node server that
 * owns the socket (create-http-server.ts) to every response: portal pages, the REST API, /docs, Next's
 * own 404 and error pages, static files and the server's own 400/500 answers.
 *
 * Why here and not in next.config.js `headers()` or a Next.js `proxy.ts`:
 * - `headers()` is evaluated at build time, so it cannot know whether this deployment is behind TLS
 *   (HSTS) and cannot give each page a fresh nonce.
 * - A proxy.ts runs Next's middleware machinery on every request. Measured on these 2 cores with a
 *   proxy that only set two headers, the no-work baseline route fell from about 900 to about 400
 *   requests/s and /api/v1/balance from about 450 to about 200: too much for an API whose throughput
 *   is an open issue. Setting headers on the Node response costs nothing measurable.
 *
 * Portal pages get a nonce-based policy. Next.js App Router injects inline scripts (the RSC payload,
 * the bootstrap) into every page, so a static policy would need script-src 'unsafe-inline', which
 * gives up most of what a CSP is for. Instead each page request gets a fresh random nonce: it is
 * written into the *request's* Content-Security-Policy header, where Next.js reads it while rendering
 * (next/dist/server/app-render/get-script-nonce-from-header.js; the mechanism its CSP guide describes)
 * and puts it on every script it emits, and the same policy goes out on the response. 'strict-dynamic'
 * lets those scripts load the chunks they need. This requires pages to be rendered per request, which
 * the root layout forces (src/app/layout.tsx). A client-sent Content-Security-Policy request header is
 * always removed, so nobody can choose the nonce a page is rendered with.
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";

export interface SecurityHeaderOptions {
  /** `next dev`: React needs eval for its error overlay and Next's hot reload talks over a WebSocket. */
  dev: boolean;
  /** The deployment is served over https (see servedOverTls): adds HSTS and upgrade-insecure-requests. */
  tls: boolean;
}

/**
 * Behind a TLS-terminating proxy this process only ever sees plain HTTP, so it cannot tell from the
 * socket. NEXTAUTH_URL is the deployment's public URL, and next-auth already decides on it whether
 * cookies are Secure (and __Secure-/__Host- prefixed): one signal for both, so they cannot disagree.
 */
export function servedOverTls(publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith("https://") ?? false;
}

/** What a path serves, which decides its Content-Security-Policy. */
export type ResponseKind = "page" | "api" | "docs" | "asset";

/** The files in public/, which Next.js serves as they are (security-headers.test.ts keeps this in step with the folder). */
export const PUBLIC_FILES: readonly string[] = ["/apple-touch-icon.png", "/favicon.ico", "/icon.svg", "/robots.txt"];

export function responseKindOf(pathname: string): ResponseKind {
  if (pathname.startsWith("/_next/static/") || pathname.startsWith("/_next/image") || PUBLIC_FILES.includes(pathname)) return "asset";
  if (pathname === "/docs/api-reference.js") return "asset";
  if (pathname === "/docs" || pathname === "/docs/") return "docs";
  if (pathname === "/api" || pathname.startsWith("/api/")) return "api";
  return "page";
}

function policy(directives: (string | false)[]): string {
  return directives.filter((directive): directive is string => directive !== false).join("; ");
}

/** Portal pages (and Next's own 404 and error pages, which are rendered the same way). */
export function pageContentSecurityPolicy(nonce: string, { dev, tls }: SecurityHeaderOptions): string {
  return policy([
    "default-src 'self'",
    // 'self' only matters to browsers without 'strict-dynamic' (CSP 2), which ignore the nonce's reach.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // <style> and stylesheet links: our own (Tailwind's CSS file) or carrying the nonce. Style
    // *attributes* are allowed: React renders style props as attributes in server HTML (recharts'
    // containers, for one). An attribute cannot hold a selector, so it cannot be used to read the page
    // the way an injected <style> can, and img-src/font-src keep it from loading anything off-site.
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // tRPC and next-auth call back to this origin only; hot reload uses a WebSocket in development.
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over TLS: on plain http it would rewrite this origin's own subresources to https.
    tls && "upgrade-insecure-requests",
  ]);
}

/** JSON, CSV and PDF downloads: nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = policy([
  "default-src 'none'",
  "base-uri 'none'",
  // next-auth's fallback pages under /api/auth post to themselves.
  "form-action 'self'",
  "frame-ancestors 'none'",
]);

/**
 * /docs, Scalar's API reference. Its script is served from this host (/docs/api-reference.js) and
 * injects its stylesheet and inline styles at run time, so styles need 'unsafe-inline'; it loads the
 * OpenAPI document with fetch. Nothing else on-site or off-site is reachable.
 */
export const DOCS_CONTENT_SECURITY_POLICY = policy([
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
]);

/** Sent on every response whatever it is. */
function commonHeaders({ tls }: SecurityHeaderOptions): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    // Frame-ancestors in the CSP supersedes this; kept for browsers that predate it.
    "x-frame-options": "DENY",
    // Not no-referrer: that makes browsers send `Origin: null` on same-origin POSTs, which the
    // cross-site check on tRPC mutations (same-origin.ts) falls back to when Sec-Fetch-Site is absent.
    "referrer-policy": "strict-origin-when-cross-origin",
    // The portal needs none of these; a script that got in cannot ask for them either.
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    // No includeSubDomains or preload: other hosts of the operator's domain are not ours to decide.
    ...(tls ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Sets the response's security headers before Next.js (or the server itself) answers, and for portal
 * pages hands Next.js the nonce through the request. Handlers may still set a header of their own;
 * theirs replaces this default.
 */
export function applySecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse, options: SecurityHeaderOptions): void {
  delete req.headers["content-security-policy"];
  delete req.headers["content-security-policy-report-only"];
  for (const [name, value] of Object.entries(commonHeaders(options))) res.setHeader(name, value);

  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  switch (responseKindOf(pathname)) {
    case "page": {
      const pagePolicy = pageContentSecurityPolicy(newNonce(), options);
      req.headers["content-security-policy"] = pagePolicy;
      res.setHeader("content-security-policy", pagePolicy);
      // Another site's window cannot keep a handle on a portal tab (window.opener tricks).
      res.setHeader("cross-origin-opener-policy", "same-origin");
      return;
    }
    case "docs":
      res.setHeader("content-security-policy", DOCS_CONTENT_SECURITY_POLICY);
      return;
    case "api":
      res.setHeader("content-security-policy", API_CONTENT_SECURITY_POLICY);
      return;
    case "asset":
      // Scripts, stylesheets and images: a CSP applies to documents and workers, not to these.
      return;
  }
}
