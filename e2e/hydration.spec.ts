/**
 * Every portal page, as owner, staff and operator (the account users' with Test data on as well), and
 * the invitation page signed out, hydrates without a mismatch: what the server rendered is what the browser's first render produces. Runs against the development server, where
 * React reports each mismatch in detail, and against the production build (its minified errors).
 * A mismatch costs the page its server HTML and, under `npm run dev`, puts an "Issue" badge over it.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { sharedAccountPages } from "./fixtures/account-pages";
import { signedInAs } from "./fixtures/demo";
import { demoApiKeyFileFor } from "./fixtures/e2e-server";
import { waitForFrames } from "./fixtures/frames";

// React's words in development; in production its error codes 418 (hydration failed), 423 (an error
// while hydrating) and 425 (text content did not match).
const HYDRATION_ERROR = /hydrat|Minified React error #4(18|23|25)\b/i;

/** Collects hydration errors, whether React logs them or reports them as uncaught. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    if (HYDRATION_ERROR.test(`${error.message}\n${error.stack ?? ""}`)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

/**
 * Opens a page and waits until React has hydrated all of it: every element of <main> carries React's
 * fiber, which hydration (or the client render that replaces a mismatch) attaches. Then a few frames,
 * for React to report what it found.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await page.waitForFunction(() => {
    const elements = [...document.querySelectorAll("main, main *")];
    return elements.every((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
  });
  await waitForFrames(page, 5);
}

let transactionId: string;

// A purchase, so the transaction pages have a row and a detail page to render.
test.beforeAll(async ({ baseURL }) => {
  const apiKey = readFileSync(demoApiKeyFileFor(baseURL), "utf8").trim();
  const response = await fetch(`${baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: `hydration-${randomBytes(4).toString("hex")}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
  });
  expect(response.status).toBe(201);
  transactionId = ((await response.json()) as { id: string }).id;
});

// Each account role's pages, read once transactionId is known.
const ACCOUNT_PAGES = [
  {
    title: "the owner's pages",
    role: "owner",
    paths: () => ["/dashboard", ...sharedAccountPages(transactionId), "/api-keys", "/webhooks", "/allowlist", "/team", "/invoices"],
  },
  {
    title: "a staff user's pages",
    role: "staff",
    paths: () => ["/dashboard", ...sharedAccountPages(transactionId), "/allowlist"],
  },
] as const;

for (const { title, role, paths } of ACCOUNT_PAGES) {
  test.describe(title, () => {
    test.use({ storageState: signedInAs(role) });
    test("hydrate without a mismatch", async ({ page }) => {
      const errors = collectHydrationErrors(page);
      for (const path of paths()) await visit(page, path);
      expect(errors).toEqual([]);
    });

    // Test data on (docs/integrating.md "Test mode"): the banner on every page, and the dashboard's test-mode view.
    test("hydrate without a mismatch with Test data on", async ({ page }) => {
      const errors = collectHydrationErrors(page);
      await visit(page, "/dashboard");
      await page.getByRole("banner").getByRole("switch", { name: "Test data" }).click();
      await expect(page.getByRole("region", { name: "Test wallet" })).toBeVisible();
      for (const path of paths()) {
        await visit(page, path);
        await expect(page.getByRole("region", { name: "Test data" }), path).toBeVisible();
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe("the operator's pages", () => {
  test.use({ storageState: signedInAs("operator") });
  test("hydrate without a mismatch", async ({ page }) => {
    const errors = collectHydrationErrors(page);
    await visit(page, "/dashboard");
    await visit(page, "/operator?q=Demo%20Reseller%20Ltd");
    const account = page.getByRole("link", { name: "Demo Reseller Ltd" });
    const accountPath = new URL((await account.getAttribute("href"))!, page.url()).pathname;
    await visit(page, accountPath);
    await visit(page, "/operator/audit");
    for (const path of [
      "/operator/transactions",
      "/operator/transactions?q=0803&shown=50",
      "/operator/catalog",
      "/operator/catalog/routes/AIRTIME/mtn",
      "/operator/upstreams",
      "/operator/price-lists",
      "/operator/reports/margin",
      "/operator/reports/margin?period=2026-01",
    ]) {
      await visit(page, path);
    }
    await visit(page, `/invoices?accountId=${accountPath.split("/").pop()}`);
    await visit(page, `/transactions?account=${accountPath.split("/").pop()}`);
    expect(errors).toEqual([]);
  });
});

// Signed out, on whichever server this runs: the owner invites through the Team page, and the link is
// opened in a browser with no session, good and then spent.
test.describe("the invitation page", () => {
  test.use({ storageState: signedInAs("owner") });
  test("hydrates without a mismatch, for a good link and one that cannot be used", async ({ page, browser }) => {
    await visit(page, "/team");
    await page.getByLabel("Email").fill(`hydration-${randomBytes(4).toString("hex")}@e2e.test`);
    await page.getByRole("button", { name: "Invite staff" }).click();
    const link = await page.getByLabel("Invitation link").inputValue();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const visitor = await context.newPage();
    const errors = collectHydrationErrors(visitor);
    await visit(visitor, new URL(link).pathname);
    await expect(visitor.getByRole("button", { name: "Accept the invitation" })).toBeVisible();
    await visit(visitor, "/invite/no-such-invitation");
    expect(errors).toEqual([]);
    await context.close();
  });
});
