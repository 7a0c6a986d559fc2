/**
 * The operator console is for operators only: an account owner or staff member who opens any of its
 * pages is told it is not for their role, and the console's procedures refuse them too.
 */
import { expect, test } from "@playwright/test";
import { DEMO_USERS, storageStatePath, type DemoRole } from "./fixtures/demo";

const PAGES = [
  "/operator",
  "/operator/audit",
  "/operator/accounts/00000000-0000-4000-8000-000000000000",
  "/operator/catalog",
  "/operator/catalog/routes/AIRTIME/mtn",
  "/operator/upstreams",
  "/operator/price-lists",
  "/operator/price-lists/00000000-0000-4000-8000-000000000000",
  "/operator/reports/margin",
];

for (const role of ["owner", "staff"] as const satisfies DemoRole[]) {
  test.describe(`signed in as ${role}`, () => {
    test.use({ storageState: storageStatePath(role) });

    test("every operator page says it is not available for their role", async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: "Not available for your role" })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(`You are signed in as ${DEMO_USERS[role].email}`);
        await expect(page.getByRole("navigation", { name: "Operator console" })).toHaveCount(0);
      }
      await page.getByRole("link", { name: "Back to your dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("the console's procedures refuse them", async ({ page }) => {
      await page.goto("/dashboard");
      const input = encodeURIComponent(JSON.stringify({ 0: { json: { query: "" } } }));
      const response = await page.request.get(`/api/trpc/operator.searchAccounts?batch=1&input=${input}`);
      expect(response.status()).toBe(403);
      const [body] = (await response.json()) as { error: { json: { data: { code: string; appCode: string } } } }[];
      expect(body?.error.json.data).toMatchObject({ code: "FORBIDDEN", appCode: "forbidden" });
    });
  });
}

test.describe("signed in as the operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("the console opens from the portal navigation", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Operator" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Operator console" });
    await expect(tabs.getByRole("link", { name: "Accounts" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  });
});
