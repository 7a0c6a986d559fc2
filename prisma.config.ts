/**
 * Prisma CLI configuration: the offline set-up.
 *
 * Prisma's native schema engine is downloaded from Prisma's own host, which these machines cannot
 * reach, so the CLI runs its WebAssembly schema engine through the pg driver adapter (`engine: "js"`).
 * Two adapter bugs in 6.19 are worked around here, for the CLI only (the runtime client is unaffected):
 *
 *  1. The wasm engine introspects pg_catalog columns of type "char" (oid 18) and name (oid 19), which
 *     the adapter cannot deserialise. A Pool whose query() relabels them as text (oid 25) fixes it.
 *  2. The wasm engine panics ("unreachable") while describing a table that has CHECK constraints. Prisma
 *     cannot represent CHECK constraints and leaves them out of its diffs anyway, so the pool drops
 *     them from the introspection result; the constraints themselves live in hand-written migration SQL.
 *  3. The adapter's shadow database for `migrate dev` ignores the database name of a connection string
 *     and drops the shadow database before closing its pool. We pass a config object and supply our
 *     own connectToShadowDb.
 *  4. The adapter's executeScript splits a migration on every ";", which breaks function bodies
 *     (and comments containing a semicolon). We send the script whole instead: PostgreSQL's simple
 *     query protocol runs several statements, and as one implicit transaction, all or nothing.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

const TEXT_OID = 25;
const UNMAPPABLE_OIDS = new Set([18, 19]);

type QueryResultLike = { fields?: { name: string; dataTypeID: number }[]; rows?: unknown[] };

function relabelFields<T>(result: T): T {
  const shaped = result as QueryResultLike | undefined;
  const fields = shaped?.fields;
  if (!fields || !shaped) return result;
  for (const field of fields) if (UNMAPPABLE_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  const typeColumn = fields.findIndex((field) => field.name === "constraint_type");
  if (typeColumn >= 0 && fields.some((field) => field.name === "constraint_definition") && shaped.rows) {
    shaped.rows = shaped.rows.filter((row) => {
      const type = Array.isArray(row) ? row[typeColumn] : (row as Record<string, unknown>).constraint_type;
      return type !== "c";
    });
  }
  return result;
}

class RelabellingPool extends pg.Pool {
  // pg's overloads make a faithful override signature unwieldy; the adapter only uses the promise form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    return result && typeof result.then === "function" ? result.then(relabelFields) : result;
  }
}

function connectionConfig(url: string, database?: string): pg.PoolConfig {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname),
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: database ?? decodeURIComponent(parsed.pathname.slice(1)),
    max: 4,
  };
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

function executeScriptsWhole(adapter: Adapter): Adapter {
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      // The adapter's own error mapping, so Prisma reports the database's message.
      (adapter as unknown as { onError: (error: unknown) => never }).onError(error);
    }
  };
  return adapter;
}

class MigrationAdapterFactory extends PrismaPg {
  constructor(private readonly url: string) {
    super(new RelabellingPool(connectionConfig(url)));
  }

  override async connect() {
    return executeScriptsWhole(await super.connect());
  }

  override async connectToShadowDb() {
    const admin = new pg.Client(connectionConfig(this.url));
    await admin.connect();
    const database = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const shadow = new PrismaPg(new RelabellingPool(connectionConfig(this.url, database)), { disposeExternalPool: true });
    const adapter = executeScriptsWhole(await shadow.connect());
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      const cleanup = new pg.Client(connectionConfig(this.url));
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
    };
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (run Prisma through `npm run prisma -- ...`, which provides one)");
    return new MigrationAdapterFactory(url);
  },
});
