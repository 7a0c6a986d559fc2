/**
 * The operator console's audit log (issue 35.6): each entry's action in words and its changes as
 * labelled before → after with money in naira, a filter offering every action (the test wallet's too),
 * a range of days, and a CSV export of what is filtered. Works on its own account and plan.
 */
import { expect, test } from "@playwright/test";
import { createTestAccount, signIn, unique } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";

test.use({ storageState: storageStatePath("operator") });

const cli = { kind: "cli", label: "cli:e2e" } as const;

test("the audit log shows changes in words and naira, filters by action and days, and exports what it shows", async ({ page }) => {
  const { createPlan, updatePlan } = await import("../src/server/services/catalog/save-plan");
  const { topUpTestWallet } = await import("../src/server/services/wallet/test-wallet");
  const account = await createTestAccount();
  const planId = unique("e2e-audit");
  await createPlan(cli, {
    id: planId,
    networkId: "mtn",
    name: `E2E audit plan ${planId.slice(-8)}`,
    price: 70_000n,
    pricingBasis: "SPECIAL",
    productId: planId,
    validityDays: 30,
    class: "SME",
    sortOrder: 999,
  });
  await updatePlan(cli, { id: planId, price: 80_000n, costPrice: 75_050n });
  await topUpTestWallet(cli, { accountId: account.accountId, amount: 250_000 });

  await page.goto("/operator/audit");
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  // Every action is offered by name, the test wallet's included.
  for (const label of ["Data plan changed", "Test wallet topped up", "Test wallet reset", "Signed in", "Staff invited"]) {
    await expect(filters.getByLabel("Action").getByRole("option", { name: label, exact: true })).toBeAttached();
  }

  await filters.getByLabel("Action").selectOption({ label: "Data plan changed" });
  await filters.getByLabel("From").fill("2000-01-01");
  await filters.getByLabel("To").fill("2099-12-31");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=plan\.updated.*from=2000-01-01.*to=2099-12-31/);
  const entries = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem").filter({ hasText: planId });
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText("Data plan changed");
  const changes = entry.getByRole("list", { name: "Changes" }).getByRole("listitem");
  await expect(changes.filter({ hasText: /^Price:/ })).toHaveText("Price: ₦700.00 → ₦800.00");
  await expect(changes.filter({ hasText: /^Cost price:/ })).toHaveText("Cost price: none → ₦750.50");
  await expect(entry).not.toContainText("80000");

  // The export is the filtered view, in the same words.
  const exportLink = page.getByRole("link", { name: /Export CSV/ });
  await expect(exportLink).toHaveAttribute("href", /^\/api\/portal\/audit\.csv\?action=plan\.updated&from=2000-01-01&to=2099-12-31$/);
  const csv = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const body = await csv.text();
  const lines = body.split("\r\n");
  expect(lines[0]).toContain("Date (Africa/Lagos),Action,Summary,Changes");
  const row = lines.find((line) => line.includes(planId));
  expect(row).toContain("Data plan changed");
  expect(row).toContain("Price: ₦700.00 → ₦800.00; Cost price: none → ₦750.50");
  expect(lines.filter((line) => line.includes("Data plan created"))).toEqual([]);

  // A range of days with nothing in it shows nothing.
  await filters.getByLabel("To").fill("2000-01-02");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match these filters.")).toBeVisible();

  // A test wallet's top-up, found by its own action, in naira.
  await page.goto(`/operator/audit?account=${account.accountId}`);
  await filters.getByLabel("Action").selectOption({ label: "Test wallet topped up" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=test_wallet\.top_up/);
  const topUp = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
  await expect(topUp).toHaveCount(1);
  await expect(topUp).toContainText("Test wallet topped up");
  await expect(topUp).toContainText("₦2,500.00 added to the test wallet");
});

test("the audit log's export is for operators only", async ({ browser }) => {
  const account = await createTestAccount();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const anonymous = await context.request.get("/api/portal/audit.csv");
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["content-type"]).toContain("application/problem+json");
  const page = await context.newPage();
  await signIn(page, account.owner);
  const owner = await page.request.get("/api/portal/audit.csv");
  expect(owner.status()).toBe(403);
  expect(owner.headers()["content-type"]).toContain("application/problem+json");
  await context.close();
});
