/**
 * The migrations this build ships (prisma/migrations, one folder each) and the query for the ones a
 * database has applied: shared by start-up (migrate.ts) and the readiness check, so both mean the
 * same thing by "pending". Kept apart from migrate.ts, which spawns the Prisma CLI and has no place
 * in Next.js' bundle.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";

export const MIGRATIONS_DIR = path.resolve("prisma/migrations");

/** Applied means finished and not rolled back; prisma migrate deploy records exactly that. */
export const APPLIED_MIGRATIONS_SQL =
  "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/** `public._prisma_migrations` or null before the first migration ever ran. */
export const MIGRATIONS_TABLE_SQL = "SELECT to_regclass('public._prisma_migrations')::text AS name";

export async function migrationNames(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
