/**
 * A TCP relay in front of the test database, so a test can make the database unreachable for a server
 * it started (the shared test cluster itself must keep running for every other test file): point the
 * server's DATABASE_URL at the relay, then `cut()` drops every open connection and refuses new ones.
 */
import net from "node:net";

export interface TcpProxy {
  port: number;
  /** The connection string, rewritten to go through the relay. */
  url: string;
  cut: () => Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = Object.assign(new URL(targetUrl), { hostname: "127.0.0.1", port: String(port) }).toString();
  return {
    port,
    url,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
