import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The application's tests, and the SDK's (sdk/test: against the production server, through the built package). */
const TEST_DIRECTORIES = ["src", "sdk/test"];
const TESTS = TEST_DIRECTORIES.map((directory) => `${directory}/**/*.test.ts`);

/**
 * The tests that start the production server (src/test/server.ts's startTestServer) or another
 * program that does (the benchmark) need `npm run build` first; they are the `server` project, and
 * everything else is `unit`, which runs without a build (`npm run test:unit`). Told apart by what a
 * file imports rather than by a list or a name, so a new test lands in the right project by itself.
 */
const NEEDS_BUILD = /from "(~\/test\/server|~\/bin\/production-build|\.\/production-build)"|src\/bin\/bench\.ts/;
const serverTests = TEST_DIRECTORIES.flatMap((directory) =>
  readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(directory, file))
    .filter((file) => NEEDS_BUILD.test(readFileSync(file, "utf8"))),
);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/test/setup-database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    // Services called in process would print a request or procedure line per call; warnings and errors
    // still show. Servers started by tests set their own level (src/test/server.ts).
    // Webhook receivers in tests listen on loopback, which only this setting allows; retries come
    // within a second instead of over days.
    env: { LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_URLS: "1", WEBHOOK_RETRY_SCHEDULE_MS: "100,200,400" },
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: TESTS, exclude: serverTests } },
      // One file at a time: these start production servers whose fault tests time out upstream calls
      // after a second, and on a two-CPU machine a neighbour such as the fuzzer starved them past their
      // hook's budget (upstream-faults.test.ts timed out in its beforeAll next to fuzz.test.ts, and
      // passed alone and beside the crash test). Run in parallel, the project took no less wall time.
      { extends: true, test: { name: "server", include: serverTests, fileParallelism: false } },
    ],
  },
});
