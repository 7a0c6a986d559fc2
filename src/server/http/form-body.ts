/**
 * The small HTML forms posted to route handlers outside tRPC and /api/v1 (sign-in, next-auth's own
 * routes, the Test data switch): read only up to a limit while they arrive (read-body-within.ts), since
 * Next.js reads a route handler's body whole, however large. 16 KiB is far above any of these forms.
 */
import { readBodyWithin } from "./read-body-within";

export const MAX_FORM_BODY_BYTES = 16 * 1024;

/** The request again, its body read within the limit; null when the body is larger. */
export async function withBoundedBody(request: Request): Promise<Request | null> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyWithin(request, MAX_FORM_BODY_BYTES);
  if (!body) return null;
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

export function bodyTooLarge(): Response {
  return new Response(`The request body must be at most ${MAX_FORM_BODY_BYTES} bytes.`, {
    status: 413,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
