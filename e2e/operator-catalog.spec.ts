/**
 * The operator console's catalog, prices and margins (issue 16), as the demo operator: creating a plan
 * (with the server's per-field problems on the form), an account's own price and a price list changing
 * what that account is charged (in the console, the reseller's API and the Buy page), deactivating a
 * plan, and the margin report of a purchase. Every test makes its own plan and account: other specs
 * share the demo catalog and database.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatNaira } from "../src/components/money";
import { createTestAccount, signIn, unique, type TestAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { openDialog } from "./fixtures/dialogs";
import { expectFitsScreen } from "./fixtures/layout";

test.use({ storageState: storageStatePath("operator") });

const cli = { kind: "cli", label: "cli:e2e" } as const;

interface TestPlan {
  id: string;
  name: string;
}

/** An MTN plan of this test's own, through the service the console calls. */
async function createTestPlan(price: bigint, costPrice: bigint | null): Promise<TestPlan> {
  const { createPlan } = await import("../src/server/services/catalog/save-plan");
  const id = unique("e2e-plan");
  const name = `E2E plan ${id.slice(-8)}`;
  await createPlan(cli, {
    id,
    networkId: "mtn",
    name,
    price,
    pricingBasis: "SPECIAL",
    costPrice,
    productId: id,
    validityDays: 30,
    class: "SME",
    sortOrder: 999,
  });
  return { id, name };
}

/** The account's price of a plan as the reseller's API lists it; null when not listed. */
async function apiPrice(baseURL: string | undefined, account: TestAccount, planId: string): Promise<number | null> {
  const response = await fetch(`${baseURL}/api/v1/plans?networkId=mtn`, { headers: { authorization: `Bearer ${account.apiKey}` } });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { planId: string; price: number }[] };
  return data.find((plan) => plan.planId === planId)?.price ?? null;
}

/** The account's Buy page for MTN data, signed in as its staff in a browser of their own. */
async function openBuyPage(browser: Browser, account: TestAccount): Promise<Page> {
  // Not the operator's session, which this file's contexts start with.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, account.staff);
  await page.goto("/buy/data");
  await page.getByRole("radio", { name: "MTN", exact: true }).check();
  await expect(page.getByRole("radio", { name: /^MTN 1GB \(SME\)/ })).toBeVisible();
  return page;
}

function buyPagePlan(page: Page, plan: TestPlan) {
  return page.getByRole("listitem").filter({ has: page.getByRole("radio", { name: new RegExp(`^${plan.name}`) }) });
}

async function openAccountPricing(page: Page, account: TestAccount) {
  await page.goto(`/operator/accounts/${account.accountId}`);
  await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
  return page.getByRole("region", { name: "Pricing" });
}

test("creating a plan shows the server's field problems, then the plan with its price, cost and margin", async ({ page, baseURL }) => {
  const account = await createTestAccount();
  const id = unique("e2e-new");
  const name = `E2E console plan ${id.slice(-8)}`;

  await page.goto("/operator/catalog");
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await page.getByRole("button", { name: "New data plan" }).click();
  const dialog = await openDialog(page, "New data plan");
  await dialog.getByLabel("Plan id").fill(id);
  await dialog.getByLabel("Network").selectOption({ label: "MTN" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Default price (₦)").fill("5.0.0");
  await dialog.getByLabel("Pricing basis").selectOption("RETAIL");
  await dialog.getByLabel("Cost (₦) (optional)").fill("420");
  await dialog.getByLabel("Upstream product id").fill(id);
  await dialog.getByRole("button", { name: "Create data plan" }).click();
  // Caught in the browser: not an amount in naira.
  await expect(dialog.getByLabel("Default price (₦)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Default price (₦)").fill("500");
  await dialog.getByRole("button", { name: "Create data plan" }).click();
  // Caught by the server's schema: the retail basis needs a retail price; shown beside that field.
  await expect(dialog.getByText("Is required when the pricing basis is retail.")).toBeVisible();
  await expect(dialog.getByLabel("Retail price (₦) (optional)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Pricing basis").selectOption("SPECIAL");
  await dialog.getByRole("button", { name: "Create data plan" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Created the data plan “${name}”` })).toBeVisible();

  const row = page.getByRole("list", { name: "MTN data plans" }).getByRole("listitem").filter({ hasText: id });
  await expect(row).toContainText("₦500.00");
  await expect(row).toContainText("₦420.00");
  await expect(row).toContainText("₦80.00");
  await expect(row).toContainText("On sale");
  expect(await apiPrice(baseURL, account, id)).toBe(50_000);

  // An edit goes through the same form, prefilled in naira.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = await openDialog(page, `Edit ${name}`);
  await expect(edit.getByLabel("Default price (₦)")).toHaveValue("500.00");
  await edit.getByLabel("Default price (₦)").fill("550");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("₦130.00");
  expect(await apiPrice(baseURL, account, id)).toBe(55_000);
});

test("an account's own price changes its price in force, its API listing and its Buy page, and nobody else's", async ({
  page,
  browser,
  baseURL,
}) => {
  const plan = await createTestPlan(50_000n, 40_000n);
  const [account, other] = await Promise.all([createTestAccount(), createTestAccount()]);

  const pricing = await openAccountPricing(page, account);
  await expect(pricing.getByTestId(`price-in-force-${plan.id}`)).toHaveText("₦500.00");
  await pricing.getByRole("button", { name: `Set price of ${plan.name}` }).click();
  const dialog = await openDialog(page, `Price of ${plan.name} for this account`);
  await dialog.getByLabel("Price (₦)").fill("450");
  await dialog.getByRole("button", { name: "Save price" }).click();
  await expect(dialog).toBeHidden();
  await expect(pricing.getByTestId(`price-in-force-${plan.id}`)).toHaveText("₦450.00");
  const row = pricing.getByRole("listitem").filter({ hasText: plan.id });
  await expect(row).toContainText("Own price");

  expect(await apiPrice(baseURL, account, plan.id)).toBe(45_000);
  expect(await apiPrice(baseURL, other, plan.id)).toBe(50_000);
  const buy = await openBuyPage(browser, account);
  await expect(buyPagePlan(buy, plan)).toContainText("₦450.00");

  // Removing it brings the default back.
  await pricing.getByRole("button", { name: `Set price of ${plan.name}` }).click();
  const again = await openDialog(page, `Price of ${plan.name} for this account`);
  await again.getByRole("button", { name: "Remove own price" }).click();
  await expect(again).toBeHidden();
  await expect(pricing.getByTestId(`price-in-force-${plan.id}`)).toHaveText("₦500.00");
  expect(await apiPrice(baseURL, account, plan.id)).toBe(50_000);
  await buy.context().close();
});

test("a price list: created, priced, assigned to an account, which then buys at it", async ({ page, baseURL }) => {
  const plan = await createTestPlan(50_000n, 40_000n);
  const account = await createTestAccount();
  const listName = unique("E2E Gold");

  await page.goto("/operator/price-lists");
  await page.getByRole("form", { name: "New price list" }).getByLabel("Name").fill(listName);
  await page.getByRole("button", { name: "Create price list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: listName })).toBeVisible();

  const prices = page.getByRole("list", { name: "Prices on this list" });
  await prices
    .getByRole("listitem")
    .filter({ hasText: plan.id })
    .getByRole("button", { name: `Set price of ${plan.name} on this list` })
    .click();
  const dialog = await openDialog(page, `Price of ${plan.name} on ${listName}`);
  await dialog.getByLabel("Price (₦)").fill("475");
  await dialog.getByRole("button", { name: "Save price" }).click();
  await expect(dialog).toBeHidden();
  await expect(prices.getByRole("listitem").filter({ hasText: plan.id })).toContainText("₦475.00");

  await page.getByRole("button", { name: "Rename" }).click();
  const rename = await openDialog(page, "Rename price list");
  await rename.getByRole("textbox", { name: "Name" }).fill(`${listName} renamed`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${listName} renamed` })).toBeVisible();

  const pricing = await openAccountPricing(page, account);
  await pricing.getByLabel("Price list", { exact: true }).selectOption({ label: `${listName} renamed` });
  await pricing.getByRole("button", { name: "Use this price list" }).click();
  await expect(pricing.getByRole("status")).toContainText(`buys at the “${listName} renamed” price list`);
  await expect(pricing.getByTestId(`price-in-force-${plan.id}`)).toHaveText("₦475.00");
  await expect(pricing.getByRole("listitem").filter({ hasText: plan.id })).toContainText("Price list");
  expect(await apiPrice(baseURL, account, plan.id)).toBe(47_500);

  await page.goto("/operator/price-lists");
  await page.getByRole("link", { name: `${listName} renamed` }).click();
  await expect(page.getByRole("list", { name: "Accounts on this list" })).toContainText(account.name);
});

test("a deactivated plan leaves the Buy page and the API listing, and comes back when activated", async ({ page, browser, baseURL }) => {
  const plan = await createTestPlan(30_000n, null);
  const account = await createTestAccount();
  const buy = await openBuyPage(browser, account);
  await expect(buyPagePlan(buy, plan)).toContainText("₦300.00");

  await page.goto("/operator/catalog");
  const row = page.getByRole("list", { name: "MTN data plans" }).getByRole("listitem").filter({ hasText: plan.id });
  await expect(row).toContainText("—"); // no cost, so no margin
  // Off sale for every reseller at once: asked first, with how many accounts bought it this month.
  const other = await createTestAccount();
  for (const [buyer, times] of [
    [account, 2],
    [other, 1],
  ] as const) {
    for (let index = 0; index < times; index += 1) {
      const response = await fetch(`${baseURL}/api/v1/data`, {
        method: "POST",
        headers: { authorization: `Bearer ${buyer.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ clientReference: unique("off-sale"), planId: plan.id, phone: "08031234567" }),
      });
      expect(response.status).toBe(201);
    }
  }
  await row.getByRole("button", { name: `Deactivate ${plan.name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Take “${plan.name}” off sale?` });
  await expect(confirm).toContainText("For every reseller at once");
  await expect(confirm.getByRole("status")).toHaveText("2 accounts have bought it this month (3 purchases).");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("On sale");
  expect(await apiPrice(baseURL, account, plan.id)).toBe(30_000);

  await row.getByRole("button", { name: `Deactivate ${plan.name}` }).click();
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("Off sale");
  expect(await apiPrice(baseURL, account, plan.id)).toBeNull();
  await buy.reload();
  await buy.getByRole("radio", { name: "MTN", exact: true }).check();
  await expect(buy.getByRole("radio", { name: /^MTN 1GB \(SME\)/ })).toBeVisible();
  await expect(buyPagePlan(buy, plan)).toHaveCount(0);

  await row.getByRole("button", { name: `Activate ${plan.name}` }).click();
  await expect(row).toContainText("On sale");
  expect(await apiPrice(baseURL, account, plan.id)).toBe(30_000);
  await buy.context().close();
});

test("the margin report shows a purchase's revenue, cost and margin by account and by service", async ({ page, baseURL }) => {
  const plan = await createTestPlan(50_000n, 42_000n);
  const account = await createTestAccount();
  const response = await fetch(`${baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: unique("margin"), planId: plan.id, phone: "08031234567" }),
  });
  expect(response.status).toBe(201);

  await page.goto("/operator/reports/margin");
  await expect(page.getByRole("heading", { level: 1, name: "Margin" })).toBeVisible();
  const byAccount = page.getByRole("list", { name: "By account", exact: true }).getByRole("listitem").filter({ hasText: account.name });
  await expect(byAccount).toContainText(formatNaira(50_000n));
  await expect(byAccount).toContainText(formatNaira(42_000n));
  await expect(byAccount).toContainText(formatNaira(8_000n));
  await expect(page.getByRole("list", { name: "By service", exact: true }).getByRole("listitem").filter({ hasText: "Data" })).toBeVisible();
  await expect(page.getByRole("list", { name: "By account, service and upstream" })).toContainText(`${account.name} · Data`);

  // An earlier month from the picker: the address says which, and this purchase is not in it.
  await page.getByLabel("Month", { exact: true }).fill("2026-01");
  await page.getByRole("button", { name: "Show month" }).click();
  await expect(page).toHaveURL(/period=2026-01/);
  await expect(page.getByRole("heading", { name: "Total, January 2026" })).toBeVisible();
  await expect(page.getByText(account.name)).toHaveCount(0);
});

test("the catalog, price list and margin pages fit a phone", async ({ page }) => {
  const account = await createTestAccount();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, heading] of [
    ["/operator/catalog", "Catalog"],
    ["/operator/price-lists", "Price lists"],
    ["/operator/reports/margin", "Margin"],
    [`/operator/accounts/${account.accountId}`, account.name],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectFitsScreen(page, path);
  }
});
