/**
 * Over real sockets: the address a handler sees is the TCP peer (or what a trusted proxy reported),
 * never something the client wrote in a header.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustedProxies, SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { request, type HttpResponse } from "~/test/http";
import { createHttpServer } from "./create-http-server";
import { REQUEST_ID_HEADER } from "./request-id";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Starts a server whose handler echoes the source address it was given. */
async function echoServer(trusted: string, host = "::"): Promise<number> {
  const server = createHttpServer(async (req, res) => {
    res.end(String(req.headers[SOURCE_ADDRESS_HEADER]));
  }, parseTrustedProxies(trusted));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ host, port: 0, ipv6Only: false }, resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, options: { host?: string; localAddress?: string; headers?: http.OutgoingHttpHeaders }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: options.host ?? "127.0.0.1", port, path: "/", localAddress: options.localAddress, headers: options.headers, agent: false },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("createHttpServer source address", () => {
  it("attributes a spoofed X-Forwarded-For from an untrusted peer to the real peer", async () => {
    const port = await echoServer("");
    const response = await get(port, { localAddress: "127.0.0.5", headers: { "x-forwarded-for": "6.6.6.6" } });
    expect(response.body).toBe("127.0.0.5");
  });

  it("overwrites a client-sent private source-address header", async () => {
    const port = await echoServer("");
    const response = await get(port, { localAddress: "127.0.0.6", headers: { [SOURCE_ADDRESS_HEADER]: "6.6.6.6" } });
    expect(response.body).toBe("127.0.0.6");
  });

  it("ignores a Forwarded header", async () => {
    const port = await echoServer("127.0.0.0/8");
    const response = await get(port, { localAddress: "127.0.0.7", headers: { forwarded: "for=6.6.6.6" } });
    expect(response.body).toBe("127.0.0.7");
  });

  it("believes X-Forwarded-For from a trusted proxy, right to left", async () => {
    const port = await echoServer("127.0.0.9/32");
    const viaProxy = await get(port, { localAddress: "127.0.0.9", headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.4" } });
    expect(viaProxy.body).toBe("198.51.100.4");
    const notTheProxy = await get(port, { localAddress: "127.0.0.10", headers: { "x-forwarded-for": "198.51.100.4" } });
    expect(notTheProxy.body).toBe("127.0.0.10");
  });

  it("reports IPv4 clients of a dual-stack listener as plain IPv4 and IPv6 clients as IPv6", async () => {
    const port = await echoServer("");
    expect((await get(port, { host: "127.0.0.1" })).body).toBe("127.0.0.1");
    expect((await get(port, { host: "::1" })).body).toBe("::1");
  });
});

describe("createHttpServer path decoding", () => {
  it("answers a path that is not valid percent-encoded UTF-8 with a 400 problem, before the application", async () => {
    const port = await echoServer("");
    for (const path of ["/api/v1/bills/%FF/pay", "/api/v1/transactions/a%ED%A0%80b", "/x/%C3%28"]) {
      const response = await new Promise<{ status: number; type: string | undefined; id: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
          res.resume();
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              type: res.headers["content-type"],
              id: res.headers["x-request-id"] as string | undefined,
            }),
          );
        });
        req.on("error", reject);
        req.end();
      });
      expect(response.status, path).toBe(400);
      expect(response.type).toBe("application/problem+json");
      expect(response.id).toBeTruthy();
    }
    expect((await get(port, {})).status).toBe(200);
  });
});

/**
 * What the server answers itself because Next.js would answer it badly (found by the fuzz test,
 * src/test/suites/fuzz.test.ts): as problem+json with an X-Request-Id, never reaching the application.
 */
describe("createHttpServer refusals", () => {
  async function send(port: number, method: string, path: string, headers: http.OutgoingHttpHeaders = {}) {
    return request(`http://127.0.0.1:${port}/`, { method, path, headers });
  }

  function expectProblem(response: HttpResponse, status: number, label: string) {
    expect(response.status, label).toBe(status);
    expect(response.headers["content-type"], label).toBe("application/problem+json");
    expect(response.headers["x-request-id"], label).toBeTruthy();
    if (response.text)
      expect(response.json(), label).toMatchObject({
        status,
        errors: [{ name: "generalErrors" }],
        requestId: response.headers["x-request-id"],
      });
  }

  it("answers a path under /api/v1 that no endpoint serves with a 404 problem (Next.js: an HTML page)", async () => {
    const port = await echoServer("");
    for (const path of [
      "/api/v1",
      "/api/v1/",
      "/api/v1/nope",
      "/api/v1/balance/",
      "/api/v1//balance",
      "/api/v1/bal%61nce",
      "/api/v1/bills/cable-tv",
      "/api/v1/x/../nope",
      "/api/v1/invoices/..\\..",
    ]) {
      expectProblem(await send(port, "GET", path), 404, path);
    }
    // Endpoints, with their parameters and dot segments as the router resolves them, reach the
    // application; so does a backslash path, which Next.js redirects rather than routes.
    for (const path of [
      "/api/v1/balance",
      "/api/v1/x/../balance",
      "/api/v1/%2e/balance",
      "/api/v1/transactions/any%20thing",
      "/api/v1/invoices/2026-06.pdf",
      "/api/v1/plans?x=1",
      "/sign-in",
      "/api\\v1/nope",
    ]) {
      expect((await send(port, "GET", path)).status, path).toBe(200);
    }
  });

  it("answers a method an endpoint does not take with a 405 problem and Allow (Next.js: a bare 405)", async () => {
    const port = await echoServer("");
    const wrong = await send(port, "DELETE", "/api/v1/balance");
    expectProblem(wrong, 405, "DELETE /api/v1/balance");
    expect(wrong.headers.allow).toBe("GET, HEAD, OPTIONS");
    const get = await send(port, "GET", "/api/v1/data");
    expectProblem(get, 405, "GET /api/v1/data");
    expect(get.headers.allow).toBe("OPTIONS, POST");
    for (const [method, path] of [
      ["HEAD", "/api/v1/balance"],
      ["OPTIONS", "/api/v1/data"],
      ["POST", "/api/v1/bills/cable-tv/pay"],
    ] as const) {
      expect((await send(port, method, path)).status, `${method} ${path}`).toBe(200);
    }
  });

  it("answers TRACE, anywhere, with a 405 problem (Next.js: a 500)", async () => {
    const port = await echoServer("");
    expectProblem(await send(port, "TRACE", "/sign-in"), 405, "TRACE /sign-in");
    expectProblem(await send(port, "TRACE", "/api/v1/balance"), 405, "TRACE /api/v1/balance");
  });

  it("answers what Node cannot parse as problem+json: 400, 431 (headers only for HEAD), and 417 for an unknown Expect", async () => {
    const port = await echoServer("");
    expectProblem(await send(port, "FOO", "/api/v1/balance"), 400, "FOO");
    const long = `/api/v1/transactions/${"x".repeat(20_000)}`;
    expectProblem(await send(port, "GET", long), 431, "GET with a 20 KB path");
    const head = await send(port, "HEAD", long);
    expectProblem(head, 431, "HEAD with a 20 KB path");
    expect(head.text).toBe("");
    expectProblem(await send(port, "GET", "/api/v1/balance", { expect: "the unexpected" }), 417, "Expect");
  });

  it("gives every response an X-Request-Id and hands the same id to the application, whatever the client sent", async () => {
    const server = createHttpServer(async (req, res) => {
      res.end(String(req.headers[REQUEST_ID_HEADER]));
    }, parseTrustedProxies(""));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen({ host: "127.0.0.1", port: 0 }, resolve));
    const { port } = server.address() as AddressInfo;
    const response = await send(port, "GET", "/api/v1/balance", { [REQUEST_ID_HEADER]: "chosen-by-client", "x-request-id": "also-chosen" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.text).toBe(response.headers["x-request-id"]);
  });
});
