/** Where the embedded development database lives when no DATABASE_URL is given. */
export const EMBEDDED_DEFAULTS = {
  dir: process.env.EMBEDDED_PG_DIR ?? ".data/postgres",
  port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
  database: "reseller",
};
