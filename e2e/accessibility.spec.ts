/**
 * An axe scan (axe-core, through @axe-core/playwright) of every portal page each role is offered
 * (src/components/portal-pages.ts), the Buy pages and a transaction's page: zero violations; and the
 * API reference at /docs for contrast (below). Each page is scanned once it has settled (its data
 * loaded), in the production build.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PORTAL_PAGES, type PortalPage } from "../src/components/portal-pages";
import { BUY_PAGES } from "./fixtures/account-pages";
import { signedInAs, type DemoRole } from "./fixtures/demo";
import { demoApiKeyFileFor } from "./fixtures/e2e-server";

/** Each violation as one line: the page, the rule, how many elements and the first of them. */
async function violations(page: Page, path: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${path}: ${violation.id} ×${violation.nodes.length} (${violation.help}) e.g. ${violation.nodes[0]?.target.join(" ") ?? ""}`,
  );
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Settled by what it shows, not by "networkidle", which a page need not ever reach.
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

let transactionId: string;

test.beforeAll(async ({ baseURL }) => {
  const apiKey = readFileSync(demoApiKeyFileFor(baseURL), "utf8").trim();
  const response = await fetch(`${baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: `axe-${randomBytes(4).toString("hex")}`, planId: "mtn-1gb-30d", phone: "08031234567" }),
  });
  expect(response.status).toBe(201);
  transactionId = ((await response.json()) as { id: string }).id;
});

const ROLES: [DemoRole, PortalPage["roles"][number]][] = [
  ["owner", "OWNER"],
  ["staff", "STAFF"],
  ["operator", "OPERATOR"],
];

/** A transaction's page, once beforeAll has made the purchase. */
const A_TRANSACTION = "/transactions/<a purchase>";

/** Console pages under the Operator entry's tabs rather than in the navigation: the Upstreams page and a product's routes. */
const OPERATOR_CONSOLE_PAGES = ["/operator/upstreams", "/operator/catalog/routes/AIRTIME/mtn"];

for (const [role, roleName] of ROLES) {
  const offered = Object.values(PORTAL_PAGES as Record<string, PortalPage>)
    .filter((each) => each.roles.includes(roleName))
    .map((each) => each.href);
  const paths = roleName === "OPERATOR" ? [...offered, ...OPERATOR_CONSOLE_PAGES] : [...new Set([...offered, ...BUY_PAGES, A_TRANSACTION])];

  test.describe(`as ${role}`, () => {
    test.use({ storageState: signedInAs(role) });

    // One test per page: each has its own time, however many pages a role has.
    for (const path of paths) {
      test(`${path} has no axe violations`, async ({ page }) => {
        const address = path === A_TRANSACTION ? `/transactions/${transactionId}` : path;
        await settle(page, address);
        expect(await violations(page, address)).toEqual([]);
      });
    }
  });
}

/**
 * The API reference's colours, themed through Scalar's configuration (src/server/api/serve.ts): no text
 * below WCAG AA contrast. Only this rule: Scalar's own markup still has ARIA problems that its options
 * and CSS cannot reach (sidebar items' attributes, unnamed toggles, "Show all" buttons whose label
 * differs from their text), so a scan of every rule on /docs is not yet at zero (issue 35.10).
 */
test("the API reference at /docs has no text below AA contrast", async ({ page }) => {
  await page.goto("/docs");
  // Scalar renders the document's title once it has read it, and its sidebar once it has laid out the
  // operations. Not "networkidle": on a loaded machine /docs did not reach it within the test's time.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: /^Sidebar for / })).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  expect(results.violations.map((violation) => `${violation.id} ×${violation.nodes.length}`)).toEqual([]);
});
