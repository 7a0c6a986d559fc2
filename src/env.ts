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
  /**
   * Requests each API key may make per window, counted per host (README "Rate limits"); 0 turns the
   * limit off. Resellers fire bursts, so the default allows 100 at once, refilled every second.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(100),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1),
  /** Failed portal sign-ins allowed per email, and per source address, within the window; 0 turns that counter off. */
  SIGN_IN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(0).default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(30),
  SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** The upstream provider: "sandbox" (default) or "http" (src/server/providers/index.ts). */
  VEND_PROVIDER: optionalString,
  /**
   * The HTTP upstream's base URL (VEND_PROVIDER=http). Credentials in the URL are refused: they would
   * be printed wherever the URL is, and the API key has its own variable.
   */
  VEND_HTTP_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((value) => {
        const url = new URL(value);
        return url.username === "" && url.password === "";
      }, "must not contain credentials; use VEND_HTTP_API_KEY")
      .optional(),
  ),
  /** Bearer credential for the HTTP upstream. A secret: never logged, never in an error. */
  VEND_HTTP_API_KEY: optionalString,
  /** How long one vend waits for the upstream's answer; past it the purchase is left pending. */
  VEND_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** How long one verify or requery attempt waits. */
  VEND_HTTP_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Extra attempts for verify and requery (never for vend) after a fault. */
  VEND_HTTP_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** The first pause before such a retry; it doubles per attempt. */
  VEND_HTTP_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Who issues the invoices (the PDF's letterhead): company name, address (lines separated by ";"), tax id. */
  INVOICE_ISSUER_NAME: z.string().trim().min(1).default("Reseller Purchase Platform"),
  INVOICE_ISSUER_ADDRESS: optionalString,
  INVOICE_ISSUER_TAX_ID: optionalString,
  /**
   * Whether the issuer is registered for VAT ("1"/"0"); when it is, the invoice states the VAT included
   * in the amounts charged at INVOICE_VAT_RATE_PERCENT (Nigeria's rate, 7.5, by default); when not, zero.
   */
  INVOICE_VAT_REGISTERED: z.enum(["0", "1", "true", "false"]).default("0").transform((value) => value === "1" || value === "true"),
  INVOICE_VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(7.5),
  /** How much the server logs (JSON lines on stdout): fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

export const env: Env = schema.parse(process.env);
