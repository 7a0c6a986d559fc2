/**
 * The Node HTTP server that owns the socket. Before any request reaches the application it stamps the
 * computed source address into SOURCE_ADDRESS_HEADER, overwriting whatever a client sent there, so the
 * service layer can trust that header and nothing else.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { computeSourceAddress, SOURCE_ADDRESS_HEADER, type TrustedProxies } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { applySecurityHeaders, type SecurityHeaderOptions } from "./security-headers";

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

const INTERNAL_ERROR_BODY = JSON.stringify({
  type: "about:blank",
  title: "Internal Server Error",
  status: 500,
  detail: "An unexpected error occurred.",
  errors: [{ name: "generalErrors", reason: "An unexpected error occurred." }],
});

const BAD_PATH_BODY = JSON.stringify({
  type: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1",
  title: "Bad Request",
  status: 400,
  detail: "The request path is not valid percent-encoded UTF-8.",
  errors: [{ name: "generalErrors", reason: "The request path is not valid percent-encoded UTF-8." }],
});

/** Next.js answers a path it cannot decode with a bare text/plain 500; refuse it here as the 400 it is. */
function hasUndecodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? "/").split("?")[0] ?? "/");
    return false;
  } catch {
    return true;
  }
}

export function createHttpServer(
  handle: RequestHandler,
  trustedProxies: TrustedProxies,
  securityHeaders: SecurityHeaderOptions = { dev: false, tls: false },
): http.Server {
  const server = http.createServer((req, res) => {
    // First, so that every answer below carries them too.
    applySecurityHeaders(req, res, securityHeaders);
    if (hasUndecodablePath(req.url)) {
      res.writeHead(400, { "content-type": "application/problem+json", "x-request-id": randomUUID() });
      res.end(BAD_PATH_BODY);
      return;
    }
    req.headers[SOURCE_ADDRESS_HEADER] = computeSourceAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      trustedProxies,
    );
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, method: req.method, path: req.url?.split("?")[0] }, "unhandled error");
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { "content-type": "application/problem+json" });
      res.end(INTERNAL_ERROR_BODY);
    });
  });
  // Longer than common load balancers' idle time-outs, so they never reuse a socket we just closed.
  server.keepAliveTimeout = 65_000;
  return server;
}
