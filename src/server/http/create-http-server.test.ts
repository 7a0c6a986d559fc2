/**
 * Over real sockets: the address a handler sees is the TCP peer (or what a trusted proxy reported),
 * never something the client wrote in a header.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustedProxies, SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { createHttpServer } from "./create-http-server";

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
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], id: res.headers["x-request-id"] as string | undefined }));
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
