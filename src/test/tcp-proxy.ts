/**
 * A TCP proxy a test puts between the server and PostgreSQL, to take the database away from a running
 * server without touching the shared test cluster: `hang()` makes it a database that stopped answering
 * (connections accepted, nothing forwarded, open ones frozen); `close()` makes it unreachable
 * (connections refused, open ones reset).
 */
import net from "node:net";
import { afterAll } from "vitest";

export interface TcpProxy {
  port: number;
  /** `url` with its host and port pointed at the proxy. */
  proxiedUrl: (url: string) => string;
  hang: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let hanging = false;

  const server = net.createServer((client) => {
    client.on("error", () => {});
    if (hanging) {
      held.add(client);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    const pair = { client, upstream };
    pairs.add(pair);
    client.on("close", () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    for (const socket of held) socket.destroy();
    await stopped;
  };
  afterAll(close);

  return {
    port,
    proxiedUrl: (url) => Object.assign(new URL(url), { hostname: "127.0.0.1", port: String(port) }).toString(),
    hang: () => {
      hanging = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    close,
  };
}
