/**
 * Browser tests against the production build, served by our own server (e2e/start-server.ts) on a
 * fresh embedded database with the demo data; a few of them also against the development server
 * (`npm run dev`), on a port and database of its own, because Strict Mode and React's hydration checks
 * only run there. Debian's Chromium is used because Playwright cannot download its own browsers on
 * these machines (docs/testing.md, ENVIRONMENT).
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./e2e/fixtures/browser";
import { E2E_BASE_URL, E2E_DEV_BASE_URL } from "./e2e/fixtures/e2e-server";

const ci = !!process.env.CI;

/**
 * What runs against the development server as well: every kind of dialog, a purchase, a walk of every
 * page for hydration errors, signing in before the page's script has run, and the webhooks page from
 * end to end (its dialogs, and deliveries looked at again while in flight). Kept small: the server
 * compiles each page on its first visit (tens of seconds on 2 cores), so its timeouts are long, and
 * the rest of the suite stays on the production build.
 */
const DEV_SERVER_SPECS = [
  /dialogs\.spec\.ts/,
  /hydration\.spec\.ts/,
  /purchase-smoke\.spec\.ts/,
  /sign-in-without-javascript\.spec\.ts/,
  /webhooks\.spec\.ts/,
];

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
    {
      name: "dev-setup",
      testMatch: /.*\.setup\.ts/,
      timeout: 300_000,
      expect: { timeout: 120_000 },
      use: { ...devices["Desktop Chrome"], baseURL: E2E_DEV_BASE_URL },
    },
    {
      name: "dev",
      testMatch: DEV_SERVER_SPECS,
      dependencies: ["dev-setup"],
      // Generous limits for compiling pages on first visit; waiting is still on what the page shows.
      timeout: 600_000,
      expect: { timeout: 120_000 },
      use: { ...devices["Desktop Chrome"], baseURL: E2E_DEV_BASE_URL, navigationTimeout: 180_000, actionTimeout: 120_000 },
    },
  ],
  webServer: [
    {
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
    {
      command: "node_modules/.bin/tsx e2e/start-server.ts --dev",
      // Ready once it answers at all: the sign-in page's first compile is the dev-setup project's to wait for.
      url: `${E2E_DEV_BASE_URL}/api/health`,
      reuseExistingServer: !ci,
      timeout: 300_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    },
  ],
});
