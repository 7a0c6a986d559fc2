/**
 * The environment, read once and validated. Everything configurable is listed here (and in the README).
 */
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL connection string; when absent the server starts the embedded database. */
  DATABASE_URL: optionalString,
  HOST: z.string().default("::"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Comma-separated CIDRs of reverse proxies whose X-Forwarded-For is believed. Empty by default. */
  TRUSTED_PROXIES: z.string().default(""),
  /** Secret for portal sessions; generated and kept in the data folder when absent. */
  AUTH_SECRET: optionalString,
  /**
   * The portal's public URL (e.g. https://portal.example.com), read by next-auth. Optional: without it
   * next-auth takes the URL from each request's Host header (see src/server/auth/next-auth.ts).
   */
  NEXTAUTH_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Seed the demo operator, account, key and sandbox catalog ("1"); on by default for the embedded database. */
  SEED_DEMO: optionalString,
  /** Where the seeded demo API key is kept (the database holds only its hash). */
  DEMO_API_KEY_FILE: z.string().default(".data/demo-api-key"),
  /** Server processes sharing the port (node:cluster); 1 runs a single process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** How often each process looks for pending transactions to requery. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** Database connections per process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How much the server logs (JSON lines on stdout): fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

export const env: Env = schema.parse(process.env);
