/**
 * A TCP proxy a test puts between the server and PostgreSQL, to take the database away from a running
 * server without touching the shared test cluster: `hang()` makes it a database that stopped answering
 * (connections accepted, nothing forwarded, open ones frozen); `close()` makes it unreachable
 * (connections refused, open ones reset). Between a client and the API server, `dropNextAnswer()`
 * loses an answer the way a network does: the request arrives and is handled, and the connection is
 * cut as the answer starts back, before the client sees a byte of it.
 */
import net from "node:net";
import { Transform } from "node:stream";
import { afterAll } from "vitest";

export interface TcpProxy {
  port: number;
  /** `url` with its host and port pointed at the proxy. */
  proxiedUrl: (url: string) => string;
  hang: () => void;
  /** The next answer to come back, on whichever connection, is not forwarded: that connection is cut instead. */
  dropNextAnswer: () => void;
  /** How many connections were accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let hanging = false;
  let answersToDrop = 0;
  let accepted = 0;

  const server = net.createServer((client) => {
    accepted += 1;
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
    // Upstream bytes pass a gate that, when an answer is to be lost, swallows them and cuts both sides.
    const gate = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (answersToDrop === 0) return done(null, chunk);
        answersToDrop -= 1;
        client.destroy();
        upstream.destroy();
        done();
      },
    });
    client.pipe(upstream).pipe(gate).pipe(client);
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
    dropNextAnswer: () => {
      answersToDrop += 1;
    },
    connections: () => accepted,
    close,
  };
}
