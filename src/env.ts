/**
 * The environment, read once and validated. Everything configurable is listed here (and in
 * docs/deploying.md "Configuration" and .env.example): a misspelt or malformed value stops the
 * process when this module is first loaded, naming the variable, instead of being read as a default
 * somewhere later.
 *
 * Outside this module `process.env` is read only where it is not configuration: the test harness,
 * the benchmark's own knobs (src/bin/bench.ts), the build layout shared with next.config.js
 * (src/bin/production-build.ts), values handed to a library or a child process, and NODE_ENV where
 * Next.js inlines it at build time (the browser; tRPC's error formatter, which must agree with tRPC's
 * own reading of it).
 */
import { z } from "zod";
import { parseCidr } from "~/server/ip/address";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** An upstream's base URL: http(s), and no credentials in it (they would be printed wherever the URL is). */
const upstreamBaseUrl = (credentialsVariable: string) =>
  z.url({ protocol: /^https?$/ }).refine((value) => {
    const url = new URL(value);
    return url.username === "" && url.password === "";
  }, `must not contain credentials; use ${credentialsVariable}`);

/** A PostgreSQL connection string. */
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /**
     * PostgreSQL connection string for requests; when absent the server starts the embedded database. It
     * may point at a transaction pooler (PgBouncer in pool_mode = transaction): see DATABASE_POOLER.
     */
    DATABASE_URL: optionalString,
    /**
     * A direct (session) connection to the same database, for what needs a session of its own: the
     * migrations and their advisory lock, and the streaming cursors of invoice exports. DATABASE_URL by
     * default; required when DATABASE_URL is a transaction pooler.
     */
    DIRECT_DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
    /**
     * What DATABASE_URL points at: "none" (PostgreSQL itself, or a session pooler) or "transaction" (a
     * transaction pooler such as PgBouncer in pool_mode = transaction, which hands each transaction to
     * whichever server connection is free). With "transaction" the hot path's statements are sent unnamed,
     * since a named prepared statement lives in one server connection (docs/deploying.md "Deployment").
     */
    DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
    /**
     * Redis for the per-key API rate limit (docs/deploying.md "Rate limits across processes and hosts"): with
     * it the limit is counted once for every host; without it, per host. redis:// or rediss:// (TLS), with
     * credentials and a database number if needed (redis://:password@host:6379/2).
     */
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
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
    SEED_DEMO: optionalString.pipe(z.enum(["0", "1"]).optional()),
    /** Where the seeded demo API key is kept (the database holds only its hash). */
    DEMO_API_KEY_FILE: z.string().default(".data/demo-api-key"),
    /** Server processes sharing the port (node:cluster); 1 runs a single process. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** How often each process looks for pending transactions to requery. */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
    /**
     * How long a freshly begun purchase is left alone before its first requery; it must exceed the
     * provider's vend time-out (src/server/services/purchases/requery-schedule.ts says why).
     */
    RECONCILE_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
    /** The first pause before asking again about a purchase the provider called pending; it doubles, up to 10 minutes. */
    RECONCILE_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** Database connections per process. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Requests each API key may make per window, counted per host (docs/integrating.md "Rate limits"); 0 turns the
     * limit off. Resellers fire bursts, so the default allows 100 at once, refilled every second.
     */
    API_RATE_LIMIT: z.coerce.number().int().min(0).default(100),
    API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1),
    /** Failed portal sign-ins allowed per email, and per source address, within the window; 0 turns that counter off. */
    SIGN_IN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(0).default(5),
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(30),
    SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** The upstream provider: "sandbox" (default; also when blank), "http" or "vtpass" (src/server/providers/index.ts). */
    VEND_PROVIDER: optionalString.pipe(z.enum(["sandbox", "http", "vtpass"]).optional()),
    /**
     * The HTTP upstream's base URL (VEND_PROVIDER=http). Credentials in the URL are refused: they would
     * be printed wherever the URL is, and the API key has its own variable.
     */
    VEND_HTTP_BASE_URL: optionalString.pipe(upstreamBaseUrl("VEND_HTTP_API_KEY").optional()),
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
    /**
     * VTpass's host (VEND_PROVIDER=vtpass): their sandbox by default, so that a forgotten variable can never
     * spend live money; live is https://vtpass.com (https://www.vtpass.com/documentation/re-query-services/).
     * Credentials in the URL are refused, as for VEND_HTTP_BASE_URL.
     */
    VTPASS_BASE_URL: optionalString.pipe(upstreamBaseUrl("VTPASS_API_KEY and its keys").default("https://sandbox.vtpass.com")),
    /** VTpass's static `api-key`, sent on every request; `public-key` goes with GETs, `secret-key` with POSTs. Secrets: never logged. */
    VTPASS_API_KEY: optionalString,
    VTPASS_PUBLIC_KEY: optionalString,
    VTPASS_SECRET_KEY: optionalString,
    /** How long one VTpass purchase (/api/pay) waits for its answer; past it the purchase is left pending. */
    VTPASS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(45_000),
    /** How long one VTpass requery, verification or listing attempt waits. */
    VTPASS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Extra attempts for requery and verification (never for a purchase) after a fault. */
    VTPASS_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    VTPASS_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /**
     * How old a request id must be before VTpass's "015 INVALID REQUEST ID" on requery settles the purchase
     * failed (refunded); younger, a purchase that may still be on its way stays pending (docs/operating.md
     * "The VTpass provider").
     */
    VTPASS_NOT_FOUND_AFTER_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** The phone VTpass requires on a bill payment whose order names none (their `phone` field is mandatory). */
    VTPASS_DEFAULT_PHONE: optionalString.pipe(
      z
        .string()
        .regex(/^\+?[0-9]{7,15}$/)
        .optional(),
    ),
    /**
     * VTpass's callback (POST /api/upstream/vtpass/callback): a secret the URL registered on their dashboard
     * carries as `?token=`; when set, a callback without it is refused. Their documentation offers no
     * signature, so this and VTPASS_CALLBACK_ALLOWED_IPS are ours; the requery is what is trusted either way.
     */
    VTPASS_CALLBACK_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /**
     * Comma-separated CIDRs a VTpass callback may come from (the source address, docs/deploying.md
     * "The source address"); empty: any.
     */
    VTPASS_CALLBACK_ALLOWED_IPS: z
      .string()
      .default("")
      .refine(
        (list) => list.split(/[\s,]+/).every((entry) => entry === "" || parseCidr(entry) !== null),
        "must be IP addresses or CIDR ranges",
      ),
    /**
     * Clubkonnect (Nellobytes Systems), an upstream that product routes may name (docs/operating.md "The
     * Clubkonnect provider"). Their host; credentials in the URL are refused, as for VTPASS_BASE_URL.
     */
    CLUBKONNECT_BASE_URL: optionalString.pipe(
      upstreamBaseUrl("CLUBKONNECT_USER_ID and CLUBKONNECT_API_KEY").default("https://www.nellobytesystems.com"),
    ),
    /** Our Clubkonnect UserID (CK…) and API key, sent in every request's query string. Secrets: never logged. */
    CLUBKONNECT_USER_ID: optionalString,
    CLUBKONNECT_API_KEY: optionalString,
    /** How long one Clubkonnect purchase waits for its answer; past it the purchase is left pending on that route. */
    CLUBKONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(45_000),
    /** How long one Clubkonnect query, verification, balance or plan listing attempt waits. */
    CLUBKONNECT_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Extra attempts of a query, verification or listing (never of a purchase) after a fault. */
    CLUBKONNECT_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    CLUBKONNECT_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /**
     * How old a RequestID must be before Clubkonnect's query not finding it settles the purchase failed
     * (refunded); younger, an order that may still be on its way stays pending.
     */
    CLUBKONNECT_NOT_FOUND_AFTER_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** The PhoneNo Clubkonnect requires on a bill payment whose order names none. */
    CLUBKONNECT_DEFAULT_PHONE: optionalString.pipe(
      z
        .string()
        .regex(/^\+?[0-9]{7,15}$/)
        .optional(),
    ),
    /**
     * Upstream circuits (docs/operating.md "Upstream health"): definite failures in a row that open a
     * route's or an upstream's circuit, and how long it stays open before one trial order may try it.
     */
    UPSTREAM_CIRCUIT_FAILURES: z.coerce.number().int().min(1).max(1_000).default(3),
    UPSTREAM_CIRCUIT_COOLDOWN_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
    /**
     * How often our wallet at each upstream is read and recorded (docs/operating.md "Upstream health"): once
     * per interval for the whole deployment, however many processes; a read below an upstream's floor stops
     * routed orders going there. 0 turns the poll off (balances are then read only when an operator asks).
     */
    UPSTREAM_BALANCE_POLL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .refine((ms) => ms === 0 || ms >= 1_000, "must be 0 (off) or at least 1000")
      .default(60_000),
    /**
     * Funding by bank transfer (docs/integrating.md "Funding by bank transfer"): Paystack's secret key (sk_live_… or
     * sk_test_…), which authenticates our calls and signs Paystack's webhooks. Without it live funding by
     * bank transfer is off, and the portal and the API say so. A secret: never logged.
     */
    PAYSTACK_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^sk_(live|test)_[A-Za-z0-9]{8,}$/, "must be a Paystack secret key (sk_live_… or sk_test_…)")
        .optional(),
    ),
    /** Paystack's API host; tests point it at the fake Paystack. Credentials in the URL are refused. */
    PAYSTACK_BASE_URL: optionalString.pipe(upstreamBaseUrl("PAYSTACK_SECRET_KEY").default("https://api.paystack.co")),
    /** The bank Paystack is asked to open dedicated accounts at (its provider slug: wema-bank, titan-paystack; test-bank with a test key). */
    PAYSTACK_PREFERRED_BANK: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,50}$/, "must be a Paystack bank slug such as wema-bank")
      .default("wema-bank"),
    /**
     * What a reseller is credited for a transfer: "net" (the amount less Paystack's fee, which the reseller
     * pays) or "gross" (the whole amount; the platform absorbs the fee). Shown to owners on the Fund wallet page.
     */
    PAYSTACK_FEE_POLICY: z.enum(["net", "gross"]).default("net"),
    /** Comma-separated CIDRs Paystack's webhooks may come from (the source address); empty: any (the signature decides). */
    PAYSTACK_WEBHOOK_ALLOWED_IPS: z
      .string()
      .default("")
      .refine(
        (list) => list.split(/[\s,]+/).every((entry) => entry === "" || parseCidr(entry) !== null),
        "must be IP addresses or CIDR ranges",
      ),
    /** How long one call to Paystack waits for its answer. */
    PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Extra attempts of a read (verify, list) after a fault; never of a request that creates something. */
    PAYSTACK_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** The pause between passes of the bank-transfer reconciler (one process runs each pass for all). */
    PAYSTACK_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(300_000),
    /** How far back each reconciler pass lists Paystack's transactions (Paystack retries a webhook for 72 hours). */
    PAYSTACK_RECONCILE_LOOKBACK_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 31)
      .default(72),
    /**
     * The reversal sweep (docs/operating.md "The VTpass provider"): how long
     * after delivery VTpass is asked whether a purchase was reversed (72 h; 0 turns the sweep off), when
     * first (1 h after delivery, then at doubling ages and once at the window's end), and how many it
     * asks about per reconciler pass.
     */
    VTPASS_REVERSAL_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 86_400_000)
      .default(72 * 3_600_000),
    VTPASS_REVERSAL_FIRST_CHECK_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
    VTPASS_REVERSAL_SWEEP_BATCH: z.coerce.number().int().min(1).max(1_000).default(10),
    /**
     * Webhooks (docs/integrating.md "Webhooks"). "1" lets endpoints use http and addresses on loopback and private
     * networks: for development and tests only; a server exposed to resellers must keep it "0", or their
     * endpoints could make it call into its own network.
     */
    WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
    /**
     * The pauses before each retry of a failed delivery, comma-separated milliseconds; each is varied by
     * up to 10 %. The Standard Webhooks schedule by default (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
     * 20 h, 24 h after the first attempt): ten attempts over about three days.
     */
    WEBHOOK_RETRY_SCHEDULE_MS: z
      .string()
      .default("5000,300000,1800000,7200000,18000000,36000000,50400000,72000000,86400000")
      .transform((list, context) => {
        const pauses = list.split(",").map((entry) => Number(entry.trim()));
        if (pauses.length === 0 || pauses.some((pause) => !Number.isInteger(pause) || pause < 0)) {
          context.addIssue({ code: "custom", message: "must be comma-separated whole milliseconds" });
          return z.NEVER;
        }
        return pauses;
      }),
    /** How long one delivery waits for the receiver's answer. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    /**
     * Test-mode data (docs/architecture.md "Test mode in the database") older than this many days is pruned,
     * hourly, by the worker that prunes old webhook events; the test wallets keep their balances. 0 keeps it
     * for ever.
     */
    TEST_DATA_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
    /** How often each process looks for due deliveries when it found none. */
    WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
    /** Deliveries one process sends at once. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    /** An endpoint whose every attempt failed for this long is disabled, with a notice in the portal. */
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
      .number()
      .min(0.001)
      .max(24 * 30)
      .default(5 * 24),
    /**
     * "0" keeps this server from delivering webhooks: `npm run webhook-worker` (a process that only
     * delivers) or other servers do it (docs/deploying.md); "1" by default.
     */
    WEBHOOK_WORKER: z.enum(["0", "1"]).default("1"),
    /** "0" keeps this process from buying batches' orders (other processes do); "1" by default. */
    BATCH_WORKER: z.enum(["0", "1"]).default("1"),
    /** Batch orders one process buys at once. */
    BATCH_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    /**
     * Batch orders of one account bought at once, counted across every process (docs/operating.md "Batches"): what
     * one reseller's batches may take of the workers and of the upstream.
     */
    BATCH_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
    /**
     * How long a worker holds a batch order it claimed; if its process dies, another worker buys the order after
     * this. It must exceed the longest vend (the provider's time-out), or an order still being bought is
     * claimed again: never bought twice (its clientReference decides), but answered as a replay meanwhile.
     */
    BATCH_ORDER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** How often each process looks for batch orders to buy when it found none. */
    BATCH_POLL_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
    /**
     * "1" serves the benchmark's no-work routes (/api/bench/*); `npm run bench` sets it for the server it
     * starts. Otherwise they answer 404 like any path without an endpoint.
     */
    BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
    /** Who issues the invoices (the PDF's letterhead): company name, address (lines separated by ";"), tax id. */
    INVOICE_ISSUER_NAME: z.string().trim().min(1).default("Reseller Purchase Platform"),
    INVOICE_ISSUER_ADDRESS: optionalString,
    INVOICE_ISSUER_TAX_ID: optionalString,
    /**
     * Whether the issuer is registered for VAT ("1"/"0"); when it is, the invoice states the VAT included
     * in the amounts charged at INVOICE_VAT_RATE_PERCENT (Nigeria's rate, 7.5, by default); when not, zero.
     */
    INVOICE_VAT_REGISTERED: z
      .enum(["0", "1", "true", "false"])
      .default("0")
      .transform((value) => value === "1" || value === "true"),
    INVOICE_VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(7.5),
    /** How much the server logs (JSON lines on stdout): fatal, error, warn, info, debug, trace or silent. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Where the log goes. The command-line tools set "stderr" before anything is loaded
     * (src/bin/log-to-stderr.ts): their stdout is their answer, one JSON object that scripts parse.
     */
    LOG_DESTINATION: z.enum(["stdout", "stderr"]).default("stdout"),
    /** Where the embedded development database lives when no DATABASE_URL is given. */
    EMBEDDED_PG_DIR: z.string().default(".data/postgres"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    /** Password hashing cost; tests lower it to 10, below which hashes are too cheap to guess against. */
    BCRYPT_COST: z.coerce.number().int().min(10).max(31).default(12),
  })
  .superRefine((value, context) => {
    if (value.DATABASE_POOLER === "transaction" && !value.DATABASE_URL)
      context.addIssue({
        code: "custom",
        path: ["DATABASE_POOLER"],
        message: "transaction needs DATABASE_URL (the pooler's address); the embedded database has no pooler",
      });
    if (value.DATABASE_POOLER === "transaction" && !value.DIRECT_DATABASE_URL)
      context.addIssue({
        code: "custom",
        path: ["DIRECT_DATABASE_URL"],
        message:
          "required with DATABASE_POOLER=transaction: migrations (an advisory lock) and invoice exports (a cursor) need a session, which a transaction pooler does not keep",
      });
    if (value.DIRECT_DATABASE_URL && !value.DATABASE_URL)
      context.addIssue({ code: "custom", path: ["DIRECT_DATABASE_URL"], message: "set without DATABASE_URL" });
  });

export type Env = z.infer<typeof schema>;

/** The environment `source` describes, or an error that names every variable at fault and why. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
  throw new Error(`Invalid environment variables (see docs/deploying.md "Configuration"):\n${problems.join("\n")}`);
}

export const env: Env = parseEnv(process.env);

/**
 * The database this process uses. Read when asked, not taken from `env`: without a configured
 * DATABASE_URL the server (and the operator CLI) starts the embedded database after this module was
 * loaded and hands its URL on through process.env, to Next.js' bundles (which load a copy of this
 * module of their own) and to node:cluster workers; the test harness points it at a cloned database.
 */
export function databaseUrl(): string | undefined {
  return optionalString.parse(process.env.DATABASE_URL);
}

/**
 * The database for what needs a session (migrations and their advisory lock, streaming cursors):
 * DIRECT_DATABASE_URL, else the request database. Read when asked, like databaseUrl().
 */
export function directDatabaseUrl(): string | undefined {
  return optionalString.parse(process.env.DIRECT_DATABASE_URL) ?? databaseUrl();
}

/** Whether DATABASE_URL is a transaction pooler, so no statement may rely on the session (DATABASE_POOLER). */
export function behindTransactionPooler(): boolean {
  return env.DATABASE_POOLER === "transaction";
}

/**
 * The portal session secret, read when asked for the same reason: when AUTH_SECRET is not
 * configured, the server generates one at start-up (src/server/auth/secret.ts) and hands it on.
 */
export function authSecret(): string | undefined {
  return optionalString.parse(process.env.AUTH_SECRET);
}
