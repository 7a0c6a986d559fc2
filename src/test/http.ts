/**
 * A minimal HTTP client over real sockets that can choose its source address (any of 127.0.0.0/8 on
 * loopback), which fetch cannot: how the allowlist is tested without trusting any header.
 */
import http from "node:http";

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

export function request(
  url: string,
  options: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    localAddress?: string;
    /** Sent exactly as given instead of the URL's path: no URL normalisation of `.` and `..` segments. */
    path?: string;
    /** Largest response head to accept (Node's default is 16 KB). */
    maxHeaderSize?: number;
    /** Give up (reject) when no complete answer arrived by then; without it, wait as long as it takes. */
    timeoutMs?: number;
  } = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
        ...(options.path !== undefined && { path: options.path }),
        ...(options.maxHeaderSize !== undefined && { maxHeaderSize: options.maxHeaderSize }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        // A connection cut after the head and before the end of the body (a server killed mid-answer)
        // ends neither in "end" nor in the request's "error": without these the promise would never
        // settle, and a caller awaiting it would hang.
        res.on("error", reject);
        res.on("close", () => {
          if (!res.complete) reject(new Error("the connection closed before the whole answer arrived"));
        });
      },
    );
    req.on("error", reject);
    if (options.timeoutMs !== undefined) {
      // A deadline for the whole exchange, connecting included (req.setTimeout only times an idle socket).
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      req.on("close", () => clearTimeout(timer));
    }
    req.end(options.body);
  });
}
