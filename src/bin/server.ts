/**
 * The HTTP server behind `npm start` and `npm run dev`: a small Node server around Next.js.
 *
 * It exists because Next.js cannot be trusted with the client address: `next start` passes a
 * client-sent X-Forwarded-For straight through. This server owns the socket, computes the source
 * address (src/server/ip/source-address.ts) and overwrites a private header with it before Next.js
 * sees the request. It also brings up the database (embedded when no DATABASE_URL is set), applies
 * pending migrations, seeds demo data when asked, and shuts down gracefully on SIGTERM.
 */
import next from "next";
import { env } from "~/env";
import { EMBEDDED_DEFAULTS } from "~/server/db/defaults";
import { startEmbeddedPostgres } from "~/server/db/embedded-postgres";
import { applyPendingMigrations } from "~/server/db/migrate";
import { createHttpServer } from "~/server/http/create-http-server";
import { parseTrustedProxies } from "~/server/ip/source-address";
import { ensureAuthSecret } from "~/server/auth/secret";

const dev = process.argv.includes("--dev");
// Nothing leaves these machines but registry traffic; telemetry would only try, and print a notice.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const log = (message: string) => console.log(`[server] ${message}`);

const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);

let stopDatabase = async () => {};
let databaseUrl = env.DATABASE_URL;
const embedded = !databaseUrl;
if (!databaseUrl) {
  const database = await startEmbeddedPostgres(EMBEDDED_DEFAULTS);
  databaseUrl = database.url;
  stopDatabase = database.stop;
  log(`embedded PostgreSQL at ${EMBEDDED_DEFAULTS.dir} (${databaseUrl})`);
}
// The service layer (inside Next.js' bundles) reads DATABASE_URL from the environment.
process.env.DATABASE_URL = databaseUrl;
process.env.AUTH_SECRET = ensureAuthSecret(env.AUTH_SECRET);

const applied = await applyPendingMigrations(databaseUrl);
if (applied.length > 0) log(`applied migrations: ${applied.join(", ")}`);

if (embedded ? env.SEED_DEMO !== "0" : env.SEED_DEMO === "1") {
  const { seedDemo } = await import("~/server/seed/seed-demo");
  const demo = await seedDemo({ apiKeyFile: env.DEMO_API_KEY_FILE });
  const base = `http://localhost:${env.PORT}`;
  log("demo data ready:");
  log(`  portal   ${base}/sign-in  operator ${demo.operator.email} / ${demo.operator.password}`);
  log(`                              owner    ${demo.owner.email} / ${demo.owner.password}`);
  log(`  API key  ${demo.apiKey}`);
  log(`  try it   curl -H 'Authorization: Bearer ${demo.apiKey}' ${base}/api/v1/balance`);
}

// The reconciler settles what earlier processes left pending (a crash between debit and outcome),
// now and then on an interval; every process runs it, and they share the work through the database.
const { reconcilePendingTransactions } = await import("~/server/services/reconciliation/reconcile-pending");
async function reconcile(when: string) {
  try {
    const result = await reconcilePendingTransactions({ kind: "system" });
    if (result.checked > 0 || when === "start-up") log(`reconciler (${when}): ${JSON.stringify(result)}`);
  } catch (error) {
    console.error("[server] reconciler failed", error);
  }
}
await reconcile("start-up");
const reconcileTimer = setInterval(() => void reconcile("interval"), env.RECONCILE_INTERVAL_MS);
reconcileTimer.unref();

const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createHttpServer(handle, trustedProxies);

server.listen({ host: env.HOST, port: env.PORT, ipv6Only: false }, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log(`listening on ${env.HOST === "::" ? "[::]" : env.HOST}:${port} (${dev ? "development" : "production"})`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: closing`);
  clearInterval(reconcileTimer);
  const forced = setTimeout(() => process.exit(1), 15_000);
  forced.unref();
  // Stop accepting, let in-flight requests finish, then close idle keep-alive sockets.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await app.close?.().catch(() => {});
  await stopDatabase().catch(() => {});
  log("closed");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
