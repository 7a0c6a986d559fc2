/**
 * Applies pending migrations at start-up. Several processes may start at once (WEB_CONCURRENCY, a
 * rolling deploy): they serialise on a PostgreSQL advisory lock, and every one after the first finds
 * nothing left to do. `prisma migrate deploy` does the applying; it only runs when something is pending,
 * so an up-to-date database costs one query.
 *
 * The lock is a session lock, held across several statements and a child process: the URL given must
 * be a direct connection (DIRECT_DATABASE_URL), never a transaction pooler, which could run the unlock
 * on another server connection and leave the lock held there for good.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { APPLIED_MIGRATIONS_SQL, migrationNames, MIGRATIONS_TABLE_SQL } from "./migration-files";
import { prismaBin, prismaCliEnv } from "./prisma-env";

// Any fixed 64-bit number; it names this application's migration lock among advisory locks.
const MIGRATION_LOCK_KEY = 7_353_220_117n;

async function appliedMigrationNames(client: pg.Client): Promise<Set<string>> {
  const { rows: table } = await client.query<{ name: string | null }>(MIGRATIONS_TABLE_SQL);
  if (!table[0]?.name) return new Set();
  const { rows } = await client.query<{ migration_name: string }>(APPLIED_MIGRATIONS_SQL);
  return new Set(rows.map((row) => row.migration_name));
}

function runMigrateDeploy(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [prismaBin(), "migrate", "deploy"], {
      env: prismaCliEnv(databaseUrl),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed:\n${output}`))));
  });
}

/**
 * Takes the migration lock by asking for it until it is free, never by waiting inside pg_advisory_lock: a
 * session waiting in a statement holds a snapshot for as long as it waits, and CREATE INDEX CONCURRENTLY (run
 * by the process that holds the lock, docs/architecture.md "Migrations on a big database") waits for every
 * older snapshot to go. The two would wait for each other for ever; between two quick tries this session holds
 * nothing.
 */
async function acquireMigrationLock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [MIGRATION_LOCK_KEY.toString()]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Returns the names of the migrations this call applied (empty when the database was up to date). */
export async function applyPendingMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await acquireMigrationLock(client);
    const applied = await appliedMigrationNames(client);
    const pending = (await migrationNames()).filter((name) => !applied.has(name));
    if (pending.length > 0) await runMigrateDeploy(databaseUrl);
    return pending;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    await client.end();
  }
}
