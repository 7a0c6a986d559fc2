/**
 * Browser tests against the production build, served by our own server (e2e/start-server.ts) on a
 * fresh embedded database with the demo data. Debian's Chromium is used because Playwright cannot
 * download its own browsers on these machines (README, ENVIRONMENT).
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./e2e/fixtures/browser";
import { E2E_BASE_URL } from "./e2e/fixtures/e2e-server";

const ci = !!process.env.CI;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  globalSetup: "./e2e/global-setup.ts",
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // The server is one process on a small machine; more browsers than cores only adds flakiness.
  workers: 2,
  reporter: ci ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Root needs --no-sandbox; the rest stop Chromium reaching for a network these machines lack.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"] } },
    { name: "chromium", testMatch: /.*\.spec\.ts/, use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"] },
  ],
  webServer: {
    command: "node_modules/.bin/tsx e2e/start-server.ts",
    url: `${E2E_BASE_URL}/sign-in`,
    reuseExistingServer: !ci,
    // A fresh database: initialise, migrate, seed, then Next.js prepares the build.
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    // Without this Playwright SIGKILLs the group and the embedded PostgreSQL would outlive the run.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
