/**
 * Where `npm run build` leaves the production build, for everything that starts the production server
 * (`npm start`, the tests' servers, the e2e server, the benchmark): Next.js' build in NEXT_DIST_DIR
 * (default .next), and src/bin/server.ts and src/bin/webhook-worker.ts compiled to plain JavaScript
 * (`npm run build:server`).
 *
 * The server runs compiled rather than through tsx because tsx costs a running server some 55 MB of
 * resident memory (its loader thread, and its hooks and source maps over every module Next.js loads),
 * about a third of an idle production process (docs/performance.md "Where the figures stand").
 */
import { existsSync } from "node:fs";
import path from "node:path";

/** `npm run build:server`'s output: src/bin/server.ts with our own modules bundled, packages left to node_modules. */
export const SERVER_ENTRY = "dist/server.mjs";
/** The same for src/bin/webhook-worker.ts: webhook deliveries in a process of their own (`npm run webhook-worker`). */
export const WEBHOOK_WORKER_ENTRY = "dist/webhook-worker.mjs";

/** The file that marks a finished Next.js build, in its folder (next.config.js reads the same variable). */
function nextBuildId(): string {
  return path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
}

/** What is missing from the production build, or null when both parts are there. */
export function missingProductionBuild(): string | null {
  if (!existsSync(nextBuildId())) return "Next.js' build";
  if (!existsSync(SERVER_ENTRY)) return `the compiled server (${SERVER_ENTRY})`;
  if (!existsSync(WEBHOOK_WORKER_ENTRY)) return `the compiled webhook worker (${WEBHOOK_WORKER_ENTRY})`;
  return null;
}

export function assertProductionBuild(): void {
  const missing = missingProductionBuild();
  if (missing) throw new Error(`No production build (${missing} is missing): run \`npm run build\` first (npm test does).`);
}
