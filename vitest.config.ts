import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/test/setup-database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    // Services called in process would print a request or procedure line per call; warnings and errors
    // still show. Servers started by tests set their own level (src/test/server.ts).
    env: { LOG_LEVEL: "warn" },
    hookTimeout: 60_000,
  },
});
