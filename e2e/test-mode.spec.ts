/**
 * Test mode in the portal (docs/integrating.md "Test mode"): an owner creates a pk_test_ key, switches Test data on,
 * buys with the test wallet and sees the purchase only while test data is on, with the live wallet
 * untouched; runs the test wallet dry and refills it; staff may switch but not refill. The switch's
 * cookie and its route keep the portal's CSRF rules. Money facts are read from the e2e server's
 * database, where they are decided.
 */
import { expect, test, type Page } from "@playwright/test";
import { confirmButton, formatNaira, mainAlert, orderData } from "./buy-helpers";
import { signInNewAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { E2E_BASE_URL } from "./fixtures/e2e-server";
import { expectFitsScreen } from "./fixtures/layout";

// MTN 1GB (SME) – 30 days costs ₦280.00 in the sandbox catalog.
const PLAN = /^MTN 1GB \(SME\) – 30 days/;
const PRICE = 28_000n;
const LIVE_FUNDING = 1_000_000n;
/** TEST_WALLET_OPENING_BALANCE_KOBO: every account's test wallet opens with ₦1,000,000. */
const TEST_OPENING = 100_000_000n;

/** Both wallets and the transactions of each mode, straight from the database. */
async function modeFacts(accountId: string) {
  const { db } = await import("../src/server/db");
  const wallet = (livemode: boolean) => db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId, livemode } } });
  const [live, test, liveTransactions, testTransactions, testPurchases] = await Promise.all([
    wallet(true),
    wallet(false),
    db.transaction.findMany({ where: { accountId, livemode: true } }),
    db.transaction.findMany({ where: { accountId, livemode: false }, orderBy: { createdAt: "asc" } }),
    db.ledgerEntry.count({ where: { accountId, livemode: false, kind: "PURCHASE" } }),
  ]);
  return { liveBalance: live.balance, testBalance: test.balance, liveTransactions, testTransactions, testPurchases };
}

function testDataSwitch(page: Page) {
  return page.getByRole("banner").getByRole("switch", { name: "Test data" });
}

function testDataBanner(page: Page) {
  return page.getByRole("region", { name: "Test data" });
}

/** Flips the header's switch and waits for the page to come back in the new mode. */
async function setTestData(page: Page, on: boolean): Promise<void> {
  await expect(testDataSwitch(page)).toHaveAttribute("aria-checked", String(!on));
  await testDataSwitch(page).click();
  await expect(testDataSwitch(page)).toHaveAttribute("aria-checked", String(on));
  if (on)
    await expect(testDataBanner(page)).toContainText("Test data: purchases use the sandbox and your test wallet; nothing here is real.");
  else await expect(testDataBanner(page)).toHaveCount(0);
}

function keyRow(page: Page, name: string) {
  return page.getByRole("list", { name: "API keys", exact: true }).getByRole("listitem").filter({ hasText: name });
}

function testWallet(page: Page) {
  return page.getByRole("region", { name: "Test wallet" });
}

async function buyData(page: Page, phone: string): Promise<void> {
  await orderData(page, { network: "MTN", plan: PLAN, phone });
  await confirmButton(page).click();
}

test("an owner's test key, test purchases seen only with Test data on, and a test wallet run dry and refilled", async ({ page }) => {
  test.slow();
  const account = await signInNewAccount(page, "owner", { funding: LIVE_FUNDING });

  // A test key: shown once, pk_test_, listed with its mode and counted apart from the live one.
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByTestId("key-counts")).toHaveText("1 live key · 0 test keys");
  await expect(page.getByRole("radio", { name: /^Live/ })).toBeChecked();
  await page.getByLabel("Key name").fill("Staging server");
  await page.getByRole("radio", { name: /^Test/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  await expect(dialog).toContainText("This is the only time the key is shown.");
  await expect(dialog).toContainText("A test key. Its purchases go to the sandbox and are paid from your test wallet's play money");
  const testKey = await dialog.getByLabel("API key “Staging server”").inputValue();
  expect(testKey).toMatch(/^pk_test_[0-9A-Za-z]{40}$/);
  await dialog.getByRole("button", { name: "I've stored the key" }).click();
  await expect(dialog).toBeHidden();
  await expect(keyRow(page, "Staging server")).toContainText("Test");
  await expect(keyRow(page, "Staging server")).toContainText(`pk_test_…${testKey.slice(-4)}`);
  await expect(keyRow(page, "e2e")).toContainText("Live");
  await expect(page.getByTestId("key-counts")).toHaveText("1 live key · 1 test key");
  expect(await page.content()).not.toContain(testKey);
  // The key answers with the test wallet.
  const balance = await fetch(`${E2E_BASE_URL}/api/v1/balance`, { headers: { authorization: `Bearer ${testKey}` } });
  expect(await balance.json()).toMatchObject({ balance: Number(TEST_OPENING), livemode: false });

  // Test data on: the page comes back in test mode, the banner on it and on every page after.
  await setTestData(page, true);
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(testDataBanner(page)).toBeVisible();
  await expect(testWallet(page).getByTestId("test-wallet-balance")).toHaveText(formatNaira(TEST_OPENING));
  // The live-only figures are not passed off as test ones.
  await expect(page.getByTestId("month-spend")).toHaveCount(0);
  await expect(page.getByText("count live purchases only, so they are not shown with test data")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent test transactions" })).toContainText("No transactions yet.");

  // A purchase in the portal goes to the sandbox and the test wallet.
  await buyData(page, "08031234567");
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Test wallet balance" })).toContainText(formatNaira(TEST_OPENING - PRICE));
  let facts = await modeFacts(account.accountId);
  expect(facts.testTransactions).toHaveLength(1);
  const bought = facts.testTransactions[0]!;
  expect(bought).toMatchObject({ status: "SUCCESSFUL", amount: PRICE, channel: "PORTAL", livemode: false });
  expect(facts.testBalance).toBe(TEST_OPENING - PRICE);
  expect(facts.liveBalance).toBe(LIVE_FUNDING);
  expect(facts.liveTransactions).toHaveLength(0);

  // Listed with Test data on, its page marked Test...
  await page.goto("/transactions");
  await expect(testDataBanner(page)).toBeVisible();
  await expect(page.getByRole("link", { name: bought.clientReference })).toBeVisible();
  await page.getByRole("link", { name: bought.clientReference }).click();
  await expect(page.getByRole("heading", { level: 1, name: bought.clientReference })).toBeVisible();
  await expect(page.getByRole("article").getByText("Test", { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Test: bought from the sandbox with the test wallet");
  // The invoices stay live ones, and say so under the banner.
  await page.goto("/invoices");
  await expect(page.getByText("Invoices cover live purchases only, Test data on or off")).toBeVisible();
  // ...and gone from the list once back on live data.
  await page.goto("/transactions");
  await testDataBanner(page).getByRole("button", { name: "Switch to live data" }).click();
  await expect(testDataBanner(page)).toHaveCount(0);
  await expect(testDataSwitch(page)).toHaveAttribute("aria-checked", "false");
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(page.getByRole("link", { name: bought.clientReference })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("balance")).toHaveText(formatNaira(LIVE_FUNDING));

  // The test wallet reset to ₦0: a purchase is refused for insufficient funds, nothing charged.
  await setTestData(page, true);
  await testWallet(page).getByLabel("Reset to (₦)").fill("0");
  await testWallet(page).getByRole("button", { name: "Reset test wallet" }).click();
  await expect(testWallet(page).getByTestId("test-wallet-balance")).toHaveText(formatNaira(0));
  await expect(testWallet(page).getByRole("status")).toContainText(`Test wallet reset. The test wallet now holds ${formatNaira(0)}.`);
  await buyData(page, "08031234568");
  await expect(mainAlert(page)).toContainText("Not enough money in the test wallet");
  await expect(mainAlert(page)).toContainText(`this purchase costs ${formatNaira(PRICE)} and the balance is ${formatNaira(0)}`);
  facts = await modeFacts(account.accountId);
  expect(facts.testBalance).toBe(0n);
  expect(facts.testTransactions).toHaveLength(1);
  expect(facts.testPurchases).toBe(1);
  expect(facts.liveBalance).toBe(LIVE_FUNDING);

  // Topped up by ₦1,000 (typed in naira), the same purchase goes through.
  await page.goto("/dashboard");
  await testWallet(page).getByLabel("Top up by (₦)").fill("1,000");
  await testWallet(page).getByRole("button", { name: "Top up" }).click();
  await expect(testWallet(page).getByTestId("test-wallet-balance")).toHaveText(formatNaira(100_000));
  await buyData(page, "08031234568");
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  facts = await modeFacts(account.accountId);
  expect(facts.testBalance).toBe(100_000n - PRICE);
  expect(facts.testTransactions).toHaveLength(2);
  expect(facts.liveBalance).toBe(LIVE_FUNDING);
  expect(facts.liveTransactions).toHaveLength(0);
});

test("staff switch to test data and see the test wallet, but cannot top it up or reset it", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: LIVE_FUNDING });
  await setTestData(page, true);
  await expect(testWallet(page).getByTestId("test-wallet-balance")).toHaveText(formatNaira(TEST_OPENING));
  await expect(testWallet(page)).toContainText("Only the account owner can top up or reset the test wallet.");
  await expect(testWallet(page).getByRole("button")).toHaveCount(0);

  // Nor by calling the procedure directly, the way the page would.
  const refused = await page.request.post("/api/trpc/testWallet.reset", { data: { json: { balance: 0 } } });
  expect(refused.status()).toBe(403);
  expect((await modeFacts(account.accountId)).testBalance).toBe(TEST_OPENING);

  await setTestData(page, false);
  await expect(page.getByTestId("balance")).toHaveText(formatNaira(LIVE_FUNDING));
});

test("the switch's cookie is HttpOnly and Lax, and only a same-origin post of this portal can set it", async ({ page, context }) => {
  await signInNewAccount(page, "owner");
  const modeCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "rp_mode");

  // Another site's page (or a sibling subdomain's) cannot switch anyone's mode.
  const crossSite = await page.request.post("/api/portal/mode", {
    form: { mode: "test", returnTo: "/dashboard" },
    headers: { "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await modeCookie()).toBeUndefined();

  // A returnTo of another host is not followed.
  const elsewhere = await page.request.post("/api/portal/mode", {
    form: { mode: "test", returnTo: "//evil.example/" },
    headers: { "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(303);
  expect(elsewhere.headers().location).toBe("/dashboard");
  expect(await modeCookie()).toMatchObject({
    value: expect.stringMatching(/^[0-9a-f-]{36}$/),
    httpOnly: true,
    sameSite: "Lax",
    secure: false,
    path: "/",
  });

  await page.goto("/dashboard");
  await expect(testDataBanner(page)).toBeVisible();
  await setTestData(page, false);
  expect(await modeCookie()).toBeUndefined();
});

test("the switch and the banner fit a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewAccount(page, "owner");
  await setTestData(page, true);
  await expect(testWallet(page)).toBeVisible();
  await expect(testDataSwitch(page)).toBeInViewport();
  await expectFitsScreen(page);
});

test.describe("as an operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("has no switch, and cannot be put into test mode", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Test data" })).toHaveCount(0);
    const refused = await page.request.post("/api/portal/mode", {
      form: { mode: "test", returnTo: "/dashboard" },
      headers: { "sec-fetch-site": "same-origin" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  });
});
