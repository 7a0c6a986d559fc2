/**
 * A real Redis (Debian's redis-server) on a free loopback port, nothing persisted: the store of the shared API
 * rate limit (docs/deploying.md "Rate limits across processes and hosts"). Given the port of one that was
 * stopped, a new one comes up where it was, as after an outage.
 */
import { freePort } from "~/server/http/free-port";
import { findProgram, startDaemon, temporaryFolder, type Daemon } from "./daemon";

export interface RedisServer extends Daemon {
  url: string;
}

export async function startRedis(port?: number): Promise<RedisServer> {
  const program = findProgram("redis-server", "redis-server");
  const chosen = port ?? (await freePort());
  const dir = temporaryFolder("rp-redis-");
  const daemon = await startDaemon({
    name: "Redis",
    command: program,
    // Every setting on the command line: no config file, nothing saved, in the foreground.
    args: ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--loglevel", "warning"],
    port: chosen,
    dir,
  });
  return { ...daemon, url: `redis://127.0.0.1:${chosen}` };
}
