/**
 * HTTP responses for the API reference: the OpenAPI document (public, no API key: DESIGN.md §3.1),
 * the /docs page, and the viewer's script. The viewer is Scalar's standalone browser bundle, served
 * from node_modules by this server, so /docs works with no internet access and no build step, with
 * the corrections to its markup of viewer-accessibility.ts appended. The page's Content-Security-Policy
 * (DOCS_CONTENT_SECURITY_POLICY in src/server/http/security-headers.ts, sent by the server for this
 * path) keeps it from reaching anywhere else (fonts, telemetry, proxies).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "~/env";
import { requestIdOf } from "~/server/http/request-id";
import { getOpenApiDocument } from "./document";
import { VIEWER_MARKUP_CORRECTIONS } from "./viewer-accessibility";

const OPENAPI_PATH = "/api/v1/openapi.json";
/** The dated changelog beside the reference (src/app/docs/changelog). */
const CHANGELOG_PATH = "/docs/changelog";
export const VIEWER_SCRIPT_PATH = "/docs/api-reference.js";

const VIEWER_PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");

function notModified(request: Request, etag: string, headers: Record<string, string>): Response | null {
  return request.headers.get("if-none-match") === etag ? new Response(null, { status: 304, headers }) : null;
}

/**
 * The base URL the document names for generated clients (docs/integrating.md "API reference"): NEXTAUTH_URL's
 * origin when it is set, the deployment's public URL that already decides HSTS and Secure cookies;
 * else this socket's scheme (this server speaks plain HTTP) and the request's Host. X-Forwarded-Host
 * and -Proto are never read: the Host header can only mislead the client that sent it, while a
 * forwarded header would need the trusted-proxy walk of the source address. A Host that is not a bare
 * host[:port] gets the relative "/".
 */
export function openApiServerUrl(request: Request): string {
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  const host = request.headers.get("host") ?? "";
  if (!BARE_HOST.test(host)) return "/";
  try {
    return new URL(`http://${host}`).origin;
  } catch {
    return "/";
  }
}

/** A name or IPv4 address, or a bracketed IPv6 address, with an optional port: nothing that could add a path or credentials. */
const BARE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function serveOpenApiDocument(request: Request): Response {
  const { json, etag } = getOpenApiDocument(openApiServerUrl(request));
  const headers = {
    etag,
    // The document changes only with a deployment; revalidation with the ETag is cheap.
    "cache-control": "public, max-age=300",
    // Public by contract, so any origin (an editor, a client generator in a browser) may read it.
    "access-control-allow-origin": "*",
    "x-request-id": requestIdOf(request),
  };
  return notModified(request, etag, headers) ?? new Response(json, { headers: { ...headers, "content-type": "application/json" } });
}

let viewer: Promise<{ version: string; script: Buffer }> | undefined;

/**
 * Read once per process: the bundle is a few MB and never changes while the process lives. Its
 * version names Scalar's release and the corrections', so a change to either is a new script URL.
 */
function loadViewer() {
  viewer ??= (async () => {
    const manifest = JSON.parse(await readFile(path.join(VIEWER_PACKAGE_DIR, "package.json"), "utf8")) as { version: string };
    const bundle = await readFile(path.join(VIEWER_PACKAGE_DIR, "dist", "browser", "standalone.js"));
    const corrections = createHash("sha256").update(VIEWER_MARKUP_CORRECTIONS).digest("hex").slice(0, 12);
    return {
      version: `${manifest.version}-${corrections}`,
      script: Buffer.concat([bundle, Buffer.from(`\n${VIEWER_MARKUP_CORRECTIONS}`)]),
    };
  })();
  viewer.catch(() => {
    viewer = undefined;
  });
  return viewer;
}

export async function serveViewerScript(request: Request): Promise<Response> {
  const { version, script } = await loadViewer();
  const etag = `"scalar-${version}"`;
  // The page links the script with its version in the query, so a long cache life is safe.
  const headers = { etag, "cache-control": "public, max-age=86400" };
  return (
    notModified(request, etag, headers) ??
    new Response(new Uint8Array(script), { headers: { ...headers, "content-type": "text/javascript; charset=utf-8" } })
  );
}

/**
 * Scalar's light theme in colours that meet WCAG AA contrast (4.5:1) on its backgrounds: its own greys
 * and method colours do not (an axe scan found 65 texts below it, e2e/accessibility.spec.ts). Its
 * variables, not its markup: the theme is the configuration's to change. Light only (no dark-mode
 * toggle), so the reader always gets these colours, except in the code examples' cards, which Scalar
 * keeps dark: there its red (DELETE) is lightened to meet it too. The link button in a schema's heading
 * is hidden: it sits inside the button that opens the schema, and screen readers do not announce a
 * control inside a control (docs/decisions/027-api-reference-accessibility.md).
 */
const THEME_CSS = `
.scalar-app .dark-mode {
  --scalar-color-red: #f87171;
}
.collapsible-section-trigger .scalar-button {
  display: none;
}
.light-mode, .scalar-app {
  --scalar-color-1: #0f172a;
  --scalar-color-2: #334155;
  --scalar-color-3: #475569;
  --scalar-color-accent: #047857;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-green: #047857;
  --scalar-color-orange: #9a3412;
  --scalar-color-red: #b91c1c;
  --scalar-color-purple: #6d28d9;
  --scalar-color-yellow: #854d0e;
  --scalar-sidebar-color-2: #334155;
  --scalar-sidebar-search-color: #475569;
}`;

/** Scalar's options: no web fonts, telemetry, AI agent or request proxy; everything stays on this host. */
const VIEWER_CONFIGURATION = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  metaData: { title: "Reseller Purchase API reference" },
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  customCss: THEME_CSS,
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export async function serveDocsPage(request: Request): Promise<Response> {
  const { version } = await loadViewer();
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reseller Purchase API reference</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; }
.docs-nav { display: flex; gap: 1rem; padding: 0.5rem 1rem; border-bottom: 1px solid #e2e8f0; font-size: 0.875rem; }
.docs-nav a { color: #065f46; font-weight: 500; text-decoration: none; }
.docs-nav a:hover { text-decoration: underline; }
</style>
</head>
<body>
<nav class="docs-nav" aria-label="API documentation"><a href="/docs" aria-current="page">API reference</a><a href="${CHANGELOG_PATH}">Changelog</a></nav>
<noscript>The API reference needs JavaScript. The OpenAPI document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<div id="api-reference" data-url="${OPENAPI_PATH}" data-configuration="${escapeHtml(JSON.stringify(VIEWER_CONFIGURATION))}"></div>
<script src="${VIEWER_SCRIPT_PATH}?v=${encodeURIComponent(version)}"></script>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "x-request-id": requestIdOf(request),
    },
  });
}
