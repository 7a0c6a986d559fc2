/**
 * Starts the real production server (`npm start`'s entry) on this test file's database and returns
 * its base URL; stopped after the file. Needs the production build (`npm test` builds first).
 *
 * `detached: true` starts it as the leader of a process group of its own (its pid is the group id),
 * so a test can kill the primary and every worker it forked at once: `process.kill(-pid, "SIGKILL")`.
 * A SIGKILL to the primary alone does not reach node:cluster workers.
 *
 * TEST_DATABASE_POOLER=pgbouncer runs a file's servers through a real PgBouncer in transaction mode
 * (src/test/daemons/pgbouncer.ts) started for the file: a server given the file's database gets the
 * pooler as DATABASE_URL, the database itself as DIRECT_DATABASE_URL and DATABASE_POOLER=transaction,
 * as a deployment behind a pooler would (docs/deploying.md "Deployment"). The test's own queries stay direct.
 * `TEST_DATABASE_POOLER=pgbouncer npx vitest run --project server src/server/api/purchases/purchases.test.ts`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import { assertProductionBuild, SERVER_ENTRY } from "~/bin/production-build";
import { startPgBouncer, type PgBouncer } from "~/test/daemons/pgbouncer";

export interface TestServer {
  port: number;
  url: (path: string, host?: string) => string;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Its JSON log lines so far, parsed (lines that are not JSON, e.g. from Next.js itself, are skipped). */
  logs: () => LogLine[];
  /** How many WEB_CONCURRENCY workers have logged that they listen (the primary's own line is not one). */
  listeningWorkers: () => number;
  process: ChildProcess;
}

export type LogLine = Record<string, unknown> & { level: string; msg: string };

export function parseLogLines(output: string): LogLine[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

const started: ChildProcess[] = [];
let pooler: Promise<PgBouncer> | undefined;
afterAll(async () => {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
  await (await pooler?.catch(() => null))?.stop();
});

/** With TEST_DATABASE_POOLER=pgbouncer, the file's database through a pooler started for the file (see the header). */
async function throughPoolerWhenAsked(env: Record<string, string>): Promise<Record<string, string>> {
  const mode = process.env.TEST_DATABASE_POOLER;
  if (!mode) return env;
  if (mode !== "pgbouncer") throw new Error(`TEST_DATABASE_POOLER: "${mode}" is not a pooler the tests know (pgbouncer)`);
  const direct = process.env.DATABASE_URL;
  if (!direct || env.DATABASE_URL !== direct || env.DATABASE_POOLER) return env;
  pooler ??= startPgBouncer({ upstream: direct });
  const database = new URL(direct).pathname.slice(1);
  return { ...env, DATABASE_URL: (await pooler).url(database), DIRECT_DATABASE_URL: direct, DATABASE_POOLER: "transaction" };
}

export async function startTestServer(env: Record<string, string> = {}, options: { detached?: boolean } = {}): Promise<TestServer> {
  assertProductionBuild();
  return startServerProcess(await throughPoolerWhenAsked(env), options);
}

function startServerProcess(env: Record<string, string>, options: { detached?: boolean }): Promise<TestServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    // Tests fire hundreds of requests a second with one key: the limiter runs but only
    // rate-limits.test.ts, which sets its own limit, ever meets it. LOG_LEVEL info whatever the
    // tests' own: the "listening on" line is info, and tests read the log.
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "::",
      SEED_DEMO: "0",
      API_RATE_LIMIT: "1000000",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  started.push(child);
  let output = "";
  let listening = false;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Kept after start-up (tests read the log), but searched only until the server is listening.
      const match = listening ? null : /listening on \S+:(\d+)/.exec(output);
      if (match) {
        listening = true;
        const port = Number(match[1]);
        resolve({
          port,
          url: (path, host = "127.0.0.1") => `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
          output: () => output,
          logs: () => parseLogLines(output),
          listeningWorkers: () =>
            parseLogLines(output).filter((line) => /^worker \d+$/.test(String(line.role)) && line.msg.startsWith("listening on")).length,
          process: child,
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/**
 * A test file's server: started (startTestServer, on the file's database plus `env`) before its
 * tests and stopped after them. Call it at the top of the file; what it returns reads the started
 * server, so use it inside tests and hooks.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, ...env });
  }, 60_000);
  const started = (): TestServer => {
    if (!server) throw new Error("useTestServer's server starts in beforeAll: use it inside a test or a later hook");
    return server;
  };
  return {
    get port() {
      return started().port;
    },
    url: (path, host) => started().url(path, host),
    output: () => started().output(),
    logs: () => started().logs(),
    listeningWorkers: () => started().listeningWorkers(),
    get process() {
      return started().process;
    },
  };
}
