/**
 * exchange(), the one HTTP call every upstream adapter makes, over real sockets: a redirect is refused,
 * never followed (following one would re-send an order elsewhere), whatever the adapter then makes of it.
 * The faults an adapter maps (time-outs, resets, refused connections) are tested through the adapters
 * (http-provider.test.ts and the others).
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { exchange, UpstreamFault } from "./upstream-http";

const servers: http.Server[] = [];

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("exchange", () => {
  it.each([301, 302, 307, 308])("refuses a %i redirect as an answer outside the protocol, and never follows it", async (status) => {
    const followed: string[] = [];
    const elsewhere = await serve((req, res) => {
      followed.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"successful"}');
    });
    const upstream = await serve((_req, res) => res.writeHead(status, { location: `${elsewhere}vend` }).end());

    const answer = exchange({
      url: new URL("vend", upstream),
      method: "POST",
      headers: { "content-type": "application/json" },
      body: { transactionId: "t-1" },
      timeoutMs: 2_000,
    });
    await expect(answer).rejects.toThrow(UpstreamFault);
    await expect(answer).rejects.toMatchObject({ kind: "unexpected-answer", message: `HTTP ${status}: a redirect, not followed` });
    expect(followed).toEqual([]);
  });

  it("answers with the status and the body's text below 300 and for a 4xx", async () => {
    const upstream = await serve((req, res) =>
      res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" }).end(`{"path":"${req.url}"}`),
    );
    const ask = (path: string) => exchange({ url: new URL(path, upstream), method: "GET", headers: {}, timeoutMs: 2_000 });
    expect(await ask("found")).toEqual({ httpStatus: 200, text: '{"path":"/found"}' });
    expect(await ask("missing")).toEqual({ httpStatus: 404, text: '{"path":"/missing"}' });
  });
});
