/**
 * Readiness (GET /api/ready): whether this process can serve, i.e. its database answers and has
 * every migration this build ships applied. A load balancer or orchestrator sends no traffic to a
 * process that is not ready. It takes no actor: it is public and tells a caller nothing but that.
 *
 * It asks through the process's own database pool, the one requests use, under a short time-out, so
 * a hung database fails the check quickly instead of hanging the probe. The reason goes to the
 * client in plain words; the details (the driver's error, the migration names) only to the log.
 */
import { db } from "~/server/db";
import { APPLIED_MIGRATIONS_SQL, migrationNames, MIGRATIONS_TABLE_SQL } from "~/server/db/migration-files";
import { AppError } from "~/server/errors";
import { logger } from "~/server/log";

/** Well under the usual probe time-outs (Kubernetes' default is 1 s per try, load balancers 2-5 s). */
export const READINESS_TIMEOUT_MS = 2_000;

export interface Readiness {
  status: "ready";
  /** How many migrations this build ships, all applied. */
  migrations: number;
}

/** The folders cannot change under a running build: read them once. */
let shipped: Promise<string[]> | undefined;

async function appliedMigrations(): Promise<Set<string>> {
  // The first query doubles as the "SELECT 1": any answer means the database is reachable.
  const [table] = await db.$queryRawUnsafe<{ name: string | null }[]>(MIGRATIONS_TABLE_SQL);
  if (!table?.name) return new Set();
  const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(APPLIED_MIGRATIONS_SQL);
  return new Set(rows.map((row) => row.migration_name));
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(): Promise<Readiness> {
  shipped ??= migrationNames();
  const expected = await shipped;
  let applied: Set<string>;
  try {
    applied = await withTimeout(appliedMigrations(), READINESS_TIMEOUT_MS);
  } catch (error) {
    logger.warn({ err: error }, "not ready: the database is unreachable");
    throw new AppError("database.unreachable", "The database is not reachable.");
  }
  const pending = expected.filter((name) => !applied.has(name));
  if (pending.length > 0) {
    logger.warn({ pending }, "not ready: migrations are not applied");
    throw new AppError(
      "database.migrations_pending",
      `${pending.length} of the ${expected.length} database migrations of this version are not applied.`,
    );
  }
  return { status: "ready", migrations: expected.length };
}
