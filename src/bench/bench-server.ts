/**
 * The production server as both benchmarks run it (`npm run bench` and its `--volume` scenario): the
 * compiled build in a child process of its own, on a free port, on the given database, with the demo
 * seed off, the reconciler slowed down and the rate limit out of the way, and the request log on (at
 * info, as deployed). Its log is drained as it comes, or the server would block on a full pipe.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { SERVER_ENTRY } from "~/bin/production-build";
import { freePort } from "~/server/http/free-port";

export interface BenchServer {
  process: ChildProcess;
  pid: number;
  port: number;
  base: string;
  stop: () => Promise<void>;
  /** The first 20 warning and error log lines, when asked for (`keepProblems`); else always empty. */
  problems: string[];
}

export async function startBenchServer(
  databaseUrl: string,
  options: {
    /** WEB_CONCURRENCY: the server is up once every process said it is listening. */
    workers?: number;
    nodeFlags?: string[];
    env?: Record<string, string>;
    /**
     * Keep the warning and error lines (a failed request is then reported with what the server said).
     * Off for the ratio scenarios: scanning every request's log line costs this process CPU that the
     * load generator beside it would miss.
     */
    keepProblems?: boolean;
  } = {},
): Promise<BenchServer> {
  const workers = options.workers ?? 1;
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "0",
      WEB_CONCURRENCY: String(workers),
      RECONCILE_INTERVAL_MS: "60000",
      LOG_LEVEL: "info",
      // One key at full speed is the point of a benchmark: the limiter still runs (its cost is
      // measured) but never refuses.
      API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? "100000000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let listening = 0;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Only the last few kilobytes are kept, for a failure message.
      output = (output + chunk.toString()).slice(-8192);
      listening += (chunk.toString().match(/listening on/g) ?? []).length;
      if (listening >= workers) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.removeAllListeners("exit");
  const problems: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.removeAllListeners("data");
    if (options.keepProblems) {
      stream.on("data", (chunk: Buffer) => {
        if (problems.length >= 20) return;
        for (const line of chunk.toString().split("\n"))
          if (/"level":"(warn|error|fatal)"/.test(line) && problems.length < 20) problems.push(line.slice(0, 2000));
      });
    } else {
      stream.resume();
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
  return { process: child, pid: child.pid!, port, base: `http://127.0.0.1:${port}`, stop, problems };
}

/** Resident memory of a process, MB, from /proc (Linux); 0 once it has exited. */
export function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
