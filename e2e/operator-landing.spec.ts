/**
 * The operator's landing (issue 35.8): today's sales and success rate, pending purchases as a link to
 * the pending list, the upstream's balance as far as it is known. The figures themselves are checked
 * against chosen rows in src/server/services/dashboard/get-dashboard-summary.test.ts; this is the page.
 */
import { expect, test } from "@playwright/test";
import { formatLagosDate } from "../src/server/services/invoices/billing-period";
import { storageStatePath } from "./fixtures/demo";

test.use({ storageState: storageStatePath("operator") });

test("the landing shows today's sales, the success rate and pending purchases, linked to their lists", async ({ page }) => {
  await page.goto("/dashboard");
  const figures = page.getByRole("region", { name: "Platform at a glance" });
  await expect(figures.getByText("Today's sales")).toBeVisible();
  await expect(figures.getByRole("link", { name: /^₦[\d,]+\.\d\d \(open the list\)$/ })).toHaveAttribute(
    "href",
    /^\/operator\/transactions\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
  );
  await expect(figures.getByText(/\d+ purchases? \(Lagos day\)/)).toBeVisible();
  await expect(figures.getByText("Success rate today")).toBeVisible();
  await expect(figures.getByText(/\d+ successful, \d+ failed/)).toBeVisible();
  // One card per upstream whose wallet has been read (or one saying none has).
  await expect(figures.getByText(/Upstream balance/).first()).toBeVisible();

  const pending = figures.locator('a[href="/operator/transactions?status=pending"]');
  await expect(pending).toHaveAccessibleName(/^\d[\d,]* \(open the list\)$/);
  await pending.click();
  await expect(page).toHaveURL(/\/operator\/transactions\?status=pending$/);
  await expect(page.getByLabel("Status")).toHaveValue(/pending/i);
});

test("the margin report takes a range of days, shows margin %, right-aligned figures, a chart by day, and exports CSV", async ({
  page,
  baseURL,
}) => {
  const { createPlan } = await import("../src/server/services/catalog/save-plan");
  const { createTestAccount, unique } = await import("./fixtures/data");
  const cli = { kind: "cli", label: "cli:e2e" } as const;
  const id = unique("e2e-margin");
  await createPlan(cli, {
    id,
    networkId: "mtn",
    name: `E2E margin ${id.slice(-8)}`,
    price: 50_000n,
    pricingBasis: "SPECIAL",
    costPrice: 40_000n,
    productId: id,
    validityDays: 30,
    class: "SME",
    sortOrder: 999,
  });
  const account = await createTestAccount();
  const response = await fetch(`${baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: unique("margin"), planId: id, phone: "08031234567" }),
  });
  expect(response.status).toBe(201);

  // The days around today in Lagos: the sale was made on one of them, whatever today is.
  const lagosDay = (offsetDays: number) => formatLagosDate(new Date(Date.now() + offsetDays * 86_400_000));
  const [from, to] = [lagosDay(-1), lagosDay(1)];
  await page.goto("/operator/reports/margin");
  const days = page.getByRole("form", { name: "Choose days" });
  await days.getByLabel("From").fill(from);
  await days.getByLabel("To").fill(to);
  await days.getByRole("button", { name: "Show days" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByRole("heading", { name: /^Total, .+ – .+/ })).toBeVisible();
  const row = page.getByRole("list", { name: "By account", exact: true }).getByRole("listitem").filter({ hasText: account.name });
  await expect(row).toContainText("₦100.00");
  await expect(row).toContainText("20.0%");
  const margin = row.getByRole("definition").filter({ hasText: "₦100.00" });
  await expect(margin).toHaveCSS("text-align", "right");
  await expect(page.getByRole("heading", { name: "By day" })).toBeVisible();
  await expect(page.getByTestId("margin-chart-summary")).toContainText("with sales");

  const csv = await page.request.get((await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const line = (await csv.text()).split("\r\n").find((text) => text.includes(account.accountId));
  // After the service, the upstream that executed the sale (whichever the e2e server vends through).
  expect(line).toMatch(/,Data,[\w-]*,1,500\.00,400\.00,100\.00,20\.00,0,0\.00,50000,40000,10000$/);
});

test("the catalog and an account's prices filter as the operator types", async ({ page }) => {
  const { createPlan } = await import("../src/server/services/catalog/save-plan");
  const { createTestAccount, unique } = await import("./fixtures/data");
  const cli = { kind: "cli", label: "cli:e2e" } as const;
  const id = unique("e2e-find");
  const name = `E2E find ${id.slice(-8)}`;
  await createPlan(cli, {
    id,
    networkId: "mtn",
    name,
    price: 50_000n,
    pricingBasis: "SPECIAL",
    productId: id,
    validityDays: 30,
    class: "SME",
  });

  await page.goto("/operator/catalog");
  const plans = page.getByRole("list", { name: /data plans$/ }).getByRole("listitem");
  await expect(plans.filter({ hasText: name })).toHaveCount(1);
  const before = await plans.count();
  expect(before).toBeGreaterThan(1);
  await page.getByLabel("Find a plan or product").fill(id.slice(-8).toUpperCase());
  await expect(plans).toHaveCount(1);
  await expect(plans.first()).toContainText(name);
  await expect(page.getByText(/^1 of \d+ matches\.$/)).toBeVisible();
  await page.getByLabel("Find a plan or product").fill("no such plan anywhere");
  await expect(page.getByText("No data plan matches “no such plan anywhere”.")).toBeVisible();
  await page.getByLabel("Find a plan or product").fill("");
  await expect(plans).toHaveCount(before);

  const account = await createTestAccount();
  await page.goto(`/operator/accounts/${account.accountId}`);
  const pricing = page.getByRole("region", { name: "Pricing" });
  const rows = pricing.getByRole("list", { name: "Prices for this account" }).getByRole("listitem");
  await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await pricing.getByLabel("Find a plan or product").fill(`mtn ${id.slice(-8)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
});
