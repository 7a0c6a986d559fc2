/**
 * The database of a process: ONE node-postgres pool, used by the Prisma client (through the driver
 * adapter: the Rust-free client, see docs/decisions/002-prisma-pinned-to-6-19.md) and by `queryRows` for the few
 * statements on the API's hot path. Development hot reloads would otherwise open a pool per reload.
 *
 * Everything on this pool must work through a transaction pooler (DATABASE_URL may be PgBouncer in
 * pool_mode = transaction): no session state outlives a transaction here (no SET, temporary tables,
 * session advisory locks, LISTEN, cursors outside a transaction, named statements when pooled). What
 * needs a session goes to DIRECT_DATABASE_URL: the migrations (src/server/db/migrate.ts) and the
 * export cursors (src/server/db/query-stream.ts).
 */
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { behindTransactionPooler, databaseUrl, env } from "~/env";
import { logger } from "~/server/log";
import { countPoolWaits } from "./pool-waits";

export type Db = PrismaClient;
/** What a service function accepts: the client itself or an interactive-transaction client. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** A SQL statement with its parameters kept apart from its text: build it with the `sql` tag. */
export type SqlStatement = Prisma.Sql;
export const sql = Prisma.sql;

interface Connection {
  pool: pg.Pool;
  client: PrismaClient;
}

function connect(): Connection {
  const url = databaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set; start through `npm run dev` / `npm start`, which provide one");
  const pool = new pg.Pool({ connectionString: url, max: env.DATABASE_POOL_SIZE });
  countPoolWaits(pool, env.DATABASE_POOL_SIZE);
  // An idle connection dropped by the server (a restart, a proxy) must not crash the process: the
  // pool discards it and the next query opens a new one.
  // Only what says why: a driver error carries its whole client object, which would flood the log.
  pool.on("error", (error: Error & { code?: string }) =>
    logger.warn({ error: error.message, code: error.code }, "idle database connection lost"),
  );
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return { pool, client };
}

const globalForDb = globalThis as unknown as { dbConnection?: Connection };

let connection: Connection | undefined = globalForDb.dbConnection;
function getConnection(): Connection {
  if (!connection) {
    connection = connect();
    if (env.NODE_ENV !== "production") globalForDb.dbConnection = connection;
  }
  return connection;
}

/**
 * Created on first use, not on import: `next build` imports every route module to read its config,
 * with no database (and no DATABASE_URL) anywhere in sight.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = getConnection().client;
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

/** int8 as bigint (money is bigint kobo everywhere), as Prisma returns it; every other type as pg parses it. */
const HOT_PATH_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Behind a transaction pooler (DATABASE_POOLER=transaction) statements go unnamed: a named prepared
 * statement lives in one server connection, and the pooler hands the next transaction of this client
 * connection to any of them, where the name is unknown ("does not exist") or was prepared by another
 * client ("already exists"). PgBouncer tracks protocol-level prepared statements only from 1.21
 * (max_prepared_statements). Unnamed, PostgreSQL parses and plans the text on every execution; what
 * that costs is the benchmark's purchasePooled scenario (docs/performance.md "Performance").
 */
const NAMED_STATEMENTS = !behindTransactionPooler();

/** Prepared-statement names by statement text: a `sql` template always yields the same text. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `rp_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The rows of one statement, sent straight to the pool the Prisma client uses, as a named prepared
 * statement. For the API's hot path only (key look-up, catalog read, begin/settle purchase), where
 * both costs matter: Prisma's own per-query work (about 120 µs of CPU over pg's, measured with
 * `$queryRaw`), and PostgreSQL parsing and planning the same text on every request (a prepared
 * statement is parsed once per connection, and planned once when its plan does not depend on the
 * values). The statements are the same SQL they would be through `$queryRaw`, on the same connections.
 * Behind a transaction pooler they are sent unnamed (NAMED_STATEMENTS above).
 * Only for `sql` templates with a fixed shape: the text must not vary with the values.
 */
export async function queryRows<Row>(statement: SqlStatement): Promise<Row[]> {
  const text = statement.text;
  const result = await getConnection().pool.query<Row & pg.QueryResultRow>({
    name: NAMED_STATEMENTS ? statementName(text) : undefined,
    text,
    values: statement.values,
    types: HOT_PATH_TYPES,
  });
  return result.rows;
}
