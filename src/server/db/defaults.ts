import { directDatabaseUrl, env } from "~/env";

/** Where the embedded development database lives when no DATABASE_URL is given. */
export const EMBEDDED_DEFAULTS = {
  dir: env.EMBEDDED_PG_DIR,
  port: env.EMBEDDED_PG_PORT,
  database: "reseller",
};

/**
 * The configured database when there is one, else the embedded development database, started for the
 * caller (stop() stops it again; a no-op for a configured database). For the command-line tools that
 * run Prisma's migrations, which take a session advisory lock: so the direct connection,
 * DIRECT_DATABASE_URL, when DATABASE_URL is a transaction pooler.
 */
export async function configuredOrDevelopmentDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const configured = directDatabaseUrl();
  if (configured) return { url: configured, stop: async () => {} };
  const { startEmbeddedPostgres } = await import("./embedded-postgres");
  const embedded = await startEmbeddedPostgres(EMBEDDED_DEFAULTS);
  return { url: embedded.url, stop: embedded.stop };
}
