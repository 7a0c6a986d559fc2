/**
 * Playwright's webServer: the production build (`npm run build` must have run) served by our own Node
 * server, exactly as `npm start` does, on a fresh embedded PostgreSQL seeded with the demo data.
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
import { E2E_PG_DIR, E2E_PG_PORT, E2E_PORT } from "./fixtures/e2e-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, E2E_PG_DIR);
const log = (message: string) => console.log(`[e2e-server] ${message}`);

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
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  EMBEDDED_PG_DIR: E2E_PG_DIR,
  EMBEDDED_PG_PORT: String(E2E_PG_PORT),
  SEED_DEMO: "1",
  // Not the development server's .data/demo-api-key: the e2e database has keys of its own.
  DEMO_API_KEY_FILE: `${E2E_PG_DIR}-demo-api-key`,
  // The lowest cost hashPassword allows: the seed hashes several passwords at start-up.
  BCRYPT_COST: "10",
  // Its own secret, so the run neither needs nor writes .data/auth-secret.
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  // Playwright prints the server's output: a line per request would bury the report. Warnings and
  // errors still show; LOG_LEVEL=info in the caller's environment brings the rest back.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
// Never a database or public URL from the caller's shell: the tests run against the fresh local one.
delete env.DATABASE_URL;
delete env.NEXTAUTH_URL;

assertProductionBuild();
// `npm start`'s command without npm in between: a single process, so signals reach the server itself.
const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, env, stdio: "inherit" });

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
