/**
 * Playwright's webServer: the production build (`npm run build` must have run) served by our own Node
 * server, exactly as `npm start` does, on a fresh embedded PostgreSQL seeded with the demo data.
 * With `--dev`, the development server instead, as `npm run dev` runs it (Next.js compiling pages on
 * first visit, React's Strict Mode and development checks), on its own port and database: what only
 * shows in development (effects run twice, hydration mismatches reported in detail) is tested too.
 *
 * Run with tsx. Playwright stops it by signalling the process group (gracefulShutdown in
 * playwright.config.ts); the server then stops the embedded PostgreSQL it started. The signals are
 * also forwarded here so that running this script by hand and pressing Ctrl-C cleans up the same way.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertProductionBuild, SERVER_ENTRY } from "../src/bin/production-build";
import { isAlive } from "../src/server/db/embedded-postgres";
import { startFakePaystack } from "../src/test/fake-paystack";
import {
  demoApiKeyFile,
  E2E_DEV_PG_DIR,
  E2E_DEV_PG_PORT,
  E2E_DEV_PORT,
  E2E_PAYSTACK_PORT,
  E2E_PG_DIR,
  E2E_PG_PORT,
  E2E_PORT,
} from "./fixtures/e2e-server";

const dev = process.argv.includes("--dev");
const port = dev ? E2E_DEV_PORT : E2E_PORT;
const pgDir = dev ? E2E_DEV_PG_DIR : E2E_PG_DIR;
const pgPort = dev ? E2E_DEV_PG_PORT : E2E_PG_PORT;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, pgDir);
const log = (message: string) => console.log(`[e2e-server${dev ? " dev" : ""}] ${message}`);

/**
 * A PostgreSQL left running in the folder by an earlier run that was killed hard would be reused by
 * the server (and its files deleted underneath it); stop it first. Line 1 of postmaster.pid is its pid.
 */
async function stopLeftoverCluster(): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping PostgreSQL ${pid} left over from an earlier run`);
  process.kill(pid, "SIGINT"); // fast shutdown
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

await stopLeftoverCluster();
rmSync(dataDir, { recursive: true, force: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: dev ? "development" : "production",
  PORT: String(port),
  EMBEDDED_PG_DIR: pgDir,
  EMBEDDED_PG_PORT: String(pgPort),
  SEED_DEMO: "1",
  // Not the development server's .data/demo-api-key: the e2e database has keys of its own.
  DEMO_API_KEY_FILE: demoApiKeyFile(pgDir),
  // The lowest cost hashPassword allows: the seed hashes several passwords at start-up.
  BCRYPT_COST: "10",
  // Its own secret, so the run neither needs nor writes .data/auth-secret.
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  // Playwright prints the server's output: a line per request would bury the report. Warnings and
  // errors still show; LOG_LEVEL=info in the caller's environment brings the rest back.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The webhook specs' receivers listen on 127.0.0.1, an address a real server must never be made to call.
  WEBHOOK_ALLOW_PRIVATE_URLS: "1",
};
// Never a database or public URL from the caller's shell: the tests run against the fresh local one.
delete env.DATABASE_URL;
delete env.NEXTAUTH_URL;

if (!dev) {
  assertProductionBuild();
  // Funding by bank transfer through a fake Paystack in this process (docs/operating.md "Funding by bank transfer"):
  // its webhooks go to the server, and specs pay into dedicated accounts through its /_fake/transfers.
  const paystack = await startFakePaystack({ port: E2E_PAYSTACK_PORT });
  paystack.webhookUrl = `http://127.0.0.1:${port}/api/upstream/paystack/webhook`;
  Object.assign(env, paystack.env({ PAYSTACK_PREFERRED_BANK: "test-bank", PAYSTACK_RECONCILE_INTERVAL_MS: "5000" }));
  log(`fake Paystack on ${paystack.baseUrl}`);
}
// `npm start`'s (or `npm run dev`'s) command without npm in between: a single process, so signals
// reach the server itself.
const args = dev ? ["--import", "tsx", "src/bin/server.ts", "--dev"] : [SERVER_ENTRY];
const server = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("error", (error) => {
  console.error("[e2e-server] could not start the server", error);
  process.exit(1);
});
server.on("exit", (code, signal) => {
  log(`server exited (${signal ?? `code ${code}`})`);
  process.exit(code ?? (signal ? 0 : 1));
});
