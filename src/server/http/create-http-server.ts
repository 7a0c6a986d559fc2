/**
 * The Node HTTP server that owns the socket. Before any request reaches the application it stamps the
 * computed source address into SOURCE_ADDRESS_HEADER, overwriting whatever a client sent there, so the
 * service layer can trust that header and nothing else. It also gives every request its id
 * (request-id.ts), and answers itself, in problem+json, what Next.js or Node would answer in another
 * form: see refusalOf and answerClientError. Those answers are made as every other problem+json one
 * is (problem.ts's bodies, error-response.ts's problemAnswer), only written to Node's response or socket.
 */
import http from "node:http";
import type { Duplex } from "node:stream";
import { computeSourceAddress, SOURCE_ADDRESS_HEADER, type TrustedProxies } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { applySecurityHeaders, type SecurityHeaderOptions } from "./security-headers";
import { problemAnswer } from "~/server/rest/error-response";
import { INTERNAL_PROBLEM, NO_ENDPOINT_PROBLEM, problem, type Problem } from "~/server/rest/problem";
import { apiMethodsAt, isApiPath, ROUTABLE_METHODS, routedPath } from "./api-methods";
import { newRequestId, REQUEST_ID_HEADER } from "./request-id";

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

interface Refusal {
  body: Problem;
  headers?: Record<string, string>;
}

/** Next.js answers a path it cannot decode with a bare text/plain 500; refuse it here as the 400 it is. */
function hasUndecodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? "/").split("?")[0] ?? "/");
    return false;
  } catch {
    return true;
  }
}

/**
 * What this server answers itself because Next.js would answer it badly: an undecodable path (a 500),
 * a method Next.js has no handlers for (TRACE: a 500), and under /api/v1 a path no endpoint serves (an
 * HTML page) or a method the endpoint does not take (a bare 405). Null: hand the request to Next.js.
 */
function refusalOf(req: http.IncomingMessage): Refusal | null {
  if (hasUndecodablePath(req.url)) return { body: problem(400, "The request path is not valid percent-encoded UTF-8.") };
  const method = req.method ?? "GET";
  const pathname = routedPath(req.url);
  if (isApiPath(pathname)) {
    // Next.js redirects a path with a backslash rather than route it: no endpoint is ever there.
    const allowed = (req.url ?? "").split("?")[0]!.includes("\\") ? [] : apiMethodsAt(pathname);
    if (allowed.length === 0) return { body: NO_ENDPOINT_PROBLEM };
    if (!allowed.includes(method)) {
      return {
        body: problem(405, `${method} is not allowed here; this path takes ${allowed.join(", ")}.`),
        headers: { allow: allowed.join(", ") },
      };
    }
  } else if (!ROUTABLE_METHODS.includes(method)) {
    return { body: problem(405, `${method} is not supported.`), headers: { allow: ROUTABLE_METHODS.join(", ") } };
  }
  return null;
}

function sendProblem(res: http.ServerResponse, requestId: string, { body, headers }: Refusal): void {
  const answer = problemAnswer(body, requestId, headers);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.text);
}

/**
 * A request Node's parser refused (malformed, headers too large, too slow): answered on the raw
 * socket, as problem+json where Node would send a bare status line. A HEAD request gets the headers
 * only (a body would be read as the start of a next response).
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex & { bytesWritten?: number }): void {
  // Nobody left to answer, or a response already under way on this connection: as Node does, just close.
  if (error.code === "ECONNRESET" || !socket.writable || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
  const body =
    error.code === "HPE_HEADER_OVERFLOW"
      ? problem(431, "The request's headers (its path included) are too large.")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? problem(408, "The request did not arrive in time.")
        : problem(400, "The request is not valid HTTP.");
  const answer = problemAnswer(body, newRequestId(), {});
  const fields = Object.entries({ ...answer.headers, "content-length": String(Buffer.byteLength(answer.text)), connection: "close" });
  const head = /^HEAD /i.test(error.rawPacket?.subarray(0, 5).toString("latin1") ?? "");
  socket.end(
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
      fields.map(([name, value]) => `${name}: ${value}\r\n`).join("") +
      `\r\n${head ? "" : answer.text}`,
  );
}

export function createHttpServer(
  handle: RequestHandler,
  trustedProxies: TrustedProxies,
  securityHeaders: SecurityHeaderOptions = { dev: false, tls: false },
): http.Server {
  const server = http.createServer((req, res) => {
    // First, so that every answer below carries them too.
    applySecurityHeaders(req, res, securityHeaders);
    const requestId = newRequestId();
    req.headers[REQUEST_ID_HEADER] = requestId;
    // Set before anything answers: Next.js adds a header only when it is not already set, so its own
    // redirects and pages carry this id as well, and the route handlers answer with the same one.
    res.setHeader("x-request-id", requestId);
    const refusal = refusalOf(req);
    if (refusal) return sendProblem(res, requestId, refusal);
    req.headers[SOURCE_ADDRESS_HEADER] = computeSourceAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, method: req.method, path: req.url?.split("?")[0] }, "unhandled error");
      if (res.headersSent) return void res.destroy();
      sendProblem(res, requestId, { body: INTERNAL_PROBLEM });
    });
  });
  server.on("clientError", answerClientError);
  // Node answers any Expect but 100-continue with a bare 417 of its own.
  server.on("checkExpectation", (req: http.IncomingMessage, res: http.ServerResponse) => {
    sendProblem(res, newRequestId(), { body: problem(417, "Only 'Expect: 100-continue' is supported.") });
  });
  // Longer than common load balancers' idle time-outs, so they never reuse a socket we just closed.
  server.keepAliveTimeout = 65_000;
  return server;
}
