/**
 * A real PgBouncer (Debian's 1.18) in pool_mode = transaction in front of a PostgreSQL server, on a
 * free loopback port: the pooler docs/deploying.md "Deployment" describes, with the settings it needs there.
 *
 * - It refuses to run as root, so as root it runs as the `postgres` system user (which the embedded
 *   PostgreSQL creates) and its folder is handed to that user.
 * - `auth_type = trust` with an auth file naming the user: loopback only, as in a test. It logs in to
 *   PostgreSQL with the password from the upstream URL.
 * - `ignore_startup_parameters = extra_float_digits,options`: parameters node-postgres may send, which
 *   PgBouncer otherwise refuses at connect.
 * - A server pool deliberately smaller than the clients' pools: transactions of many client connections
 *   share few server connections, which is what breaks anything session-bound (named prepared
 *   statements above all), so the tests through it mean something.
 */
import { chownSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "~/server/http/free-port";
import { findProgram, startDaemon, systemUser, temporaryFolder, type Daemon } from "./daemon";

export interface PgBouncer extends Daemon {
  /** A connection string for `database` through the pooler (user and password as upstream's). */
  url: (database: string) => string;
  /** Its counters per database (SHOW STATS on the admin console): transactions and queries it passed on. */
  stats: () => Promise<{ database: string; transactions: number; queries: number }[]>;
}

export interface PgBouncerOptions {
  /** Any connection string of the PostgreSQL server to pool (its host, port, user and password are used). */
  upstream: string;
  /** Server connections per database and user. */
  poolSize?: number;
  /** Extra database names that map to a real database with a pool size of their own. */
  aliases?: Record<string, { database: string; poolSize: number }>;
}

function quoteIni(value: string): string {
  // libpq-style connect string values: single-quoted, with ' and \ escaped.
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const program = findProgram("pgbouncer", "pgbouncer");
  const upstream = new URL(options.upstream);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const server = `host=${upstream.hostname} port=${upstream.port || 5432} user=${quoteIni(user)} password=${quoteIni(password)}`;
  const port = await freePort();
  const dir = temporaryFolder("rp-pgbouncer-");

  const aliases = Object.entries(options.aliases ?? {}).map(
    ([name, alias]) => `${name} = ${server} dbname=${quoteIni(alias.database)} pool_size=${alias.poolSize}`,
  );
  const ini = [
    "[databases]",
    ...aliases,
    // Any other name: the database of that name on the upstream server.
    `* = ${server}`,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "pool_mode = transaction",
    `default_pool_size = ${options.poolSize ?? 4}`,
    "max_client_conn = 1000",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    `admin_users = ${user}`,
    "ignore_startup_parameters = extra_float_digits,options",
    // A server connection found broken is replaced quickly (a restarted PostgreSQL).
    "server_login_retry = 1",
    "",
  ].join("\n");
  writeFileSync(path.join(dir, "pgbouncer.ini"), ini, { mode: 0o600 });
  writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o600 });

  const runAs = process.getuid?.() === 0 ? systemUser("postgres") : null;
  if (process.getuid?.() === 0 && !runAs)
    throw new Error("PgBouncer will not run as root, and there is no postgres user to run it as (the embedded PostgreSQL creates one)");
  if (runAs) for (const file of ["", "pgbouncer.ini", "users.txt"]) chownSync(path.join(dir, file), runAs.uid, runAs.gid);

  const daemon = await startDaemon({
    name: "PgBouncer",
    command: program,
    args: [path.join(dir, "pgbouncer.ini")],
    port,
    dir,
    spawnOptions: runAs ? { uid: runAs.uid, gid: runAs.gid } : {},
  });

  const url = (database: string) => {
    const through = new URL(options.upstream);
    through.hostname = "127.0.0.1";
    through.port = String(port);
    through.pathname = `/${database}`;
    return through.toString();
  };

  const stats = async () => {
    const admin = new pg.Client({ connectionString: url("pgbouncer") });
    await admin.connect();
    try {
      // The admin console speaks the simple query protocol only, which a query without values uses.
      const { rows } = await admin.query<{ database: string; total_xact_count: string; total_query_count: string }>("SHOW STATS");
      return rows.map((row) => ({
        database: row.database,
        transactions: Number(row.total_xact_count),
        queries: Number(row.total_query_count),
      }));
    } finally {
      await admin.end();
    }
  };

  return { ...daemon, url, stats };
}
