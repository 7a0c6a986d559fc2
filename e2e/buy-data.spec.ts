import { expect, test } from "@playwright/test";
import { confirmButton, expectWalletBalance, formatNaira, mainAlert, moneyFacts, orderData, putOnProductCatalog } from "./buy-helpers";
import { storageStatePath } from "./fixtures/demo";
import { createTestAccount, signIn, signInNewAccount } from "./fixtures/data";
import { expectFitsScreen, renderedLines } from "./fixtures/layout";

// MTN 1GB (SME) – 30 days costs ₦280.00 in the sandbox catalog.
const PLAN = /^MTN 1GB \(SME\) – 30 days/;
const PRICE = 28_000n;
const FUNDING = 1_000_000n;

test.describe("buying data", () => {
  test("network → plans with price, validity, retail price and margin → phone → exact charge → bought, balance down by the price", async ({
    page,
  }) => {
    const account = await createTestAccount({ funding: FUNDING });
    await putOnProductCatalog(account.accountId);
    await signIn(page, account.staff);

    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Buy" }).click();
    await expect(page).toHaveURL(/\/buy\/data$/);
    await expectWalletBalance(page, FUNDING);
    await expect(page.getByText("Choose a network to see its plans.")).toBeVisible();

    await page.getByRole("radio", { name: "MTN", exact: true }).check();
    const sme = page.getByRole("listitem").filter({ has: page.getByRole("radio", { name: PLAN }) });
    await expect(sme).toContainText("₦280.00");
    await expect(sme).toContainText("Valid 30 days");
    await expect(sme).toContainText("Special price");
    // A retail plan: sold at ₦4,365.00, published at ₦4,500.00, so ₦135.00 to the reseller.
    const gifting = page.getByRole("listitem").filter({ has: page.getByRole("radio", { name: /^MTN 10GB \(Gifting\)/ }) });
    await expect(gifting).toContainText("₦4,365.00");
    await expect(gifting).toContainText("Retail ₦4,500.00");
    await expect(gifting).toContainText("Margin ₦135.00");

    await page.getByRole("radio", { name: PLAN }).check();
    await page.getByLabel("Phone number").fill("+2348031234567");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
    await expect(page.getByTestId("checkout-charge")).toHaveText("₦280.00");
    await expect(page.getByText("08031234567")).toBeVisible();
    await expect((await moneyFacts(account.accountId)).transactions).toHaveLength(0);
    await confirmButton(page).click();

    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
    await expectWalletBalance(page, FUNDING - PRICE);
    const facts = await moneyFacts(account.accountId);
    expect(facts.balance).toBe(FUNDING - PRICE);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.transactions[0]).toMatchObject({ status: "SUCCESSFUL", amount: PRICE, channel: "PORTAL", recipient: "08031234567" });
    await expect(page.getByText(facts.transactions[0]!.clientReference)).toBeVisible();

    // A new order starts a new attempt with a new reference.
    await page.getByRole("button", { name: "Buy another" }).click();
    await page.getByLabel("Phone number").fill("08031234568");
    await page.getByRole("button", { name: "Continue" }).click();
    await confirmButton(page).click();
    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
    await expectWalletBalance(page, FUNDING - 2n * PRICE);
    const after = await moneyFacts(account.accountId);
    expect(new Set(after.transactions.map((transaction) => transaction.clientReference)).size).toBe(2);
  });

  test("the form says what is missing in plain words", async ({ page }) => {
    await signInNewAccount(page, "staff");
    await page.goto("/buy/data");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose a network.")).toBeVisible();
    await expect(page.getByText("Enter a Nigerian mobile number such as 0803 123 4567.")).toBeVisible();
    await page.getByRole("radio", { name: "Glo", exact: true }).check();
    await page.getByLabel("Phone number").fill("0803");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose a plan.")).toBeVisible();
    await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  });

  test("a double click on Confirm buys once: one transaction, one debit", async ({ page }) => {
    const account = await signInNewAccount(page, "staff", { funding: FUNDING });
    await orderData(page, { network: "MTN", plan: PLAN, phone: "08031234567" });

    await confirmButton(page).dblclick();
    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
    await expect(page.getByText("Already bought")).toHaveCount(0);

    const facts = await moneyFacts(account.accountId);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.purchases).toBe(1);
    expect(facts.balance).toBe(FUNDING - PRICE);
  });

  test("a lost answer, then Confirm again: the original purchase is shown as already bought and charged once", async ({ page }) => {
    const account = await signInNewAccount(page, "staff", { funding: FUNDING });
    await orderData(page, { network: "MTN", plan: PLAN, phone: "08031234567" });

    // The first request reaches the server and buys; its answer is lost on the way back.
    let dropped = false;
    await page.route("**/api/trpc/purchases.buyData**", async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await confirmButton(page).click();
    await expect(mainAlert(page)).toContainText("We couldn't reach the server");
    expect((await moneyFacts(account.accountId)).transactions).toHaveLength(1);

    // Back to the form and the same order again: still the same attempt, so the same reference.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await confirmButton(page).click();
    await expect(page.getByText("Already bought — this is the original purchase")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();

    const facts = await moneyFacts(account.accountId);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.purchases).toBe(1);
    expect(facts.balance).toBe(FUNDING - PRICE);
  });

  test("insufficient funds: the balance and the charge in plain words, nothing bought", async ({ page }) => {
    const account = await signInNewAccount(page, "staff", { funding: 10_000n });
    await orderData(page, { network: "MTN", plan: PLAN, phone: "08031234567" });
    await expect(page.getByText("not enough for this purchase")).toBeVisible();

    await confirmButton(page).click();
    const alert = mainAlert(page);
    await expect(alert).toContainText("Not enough money in the wallet");
    await expect(alert).toContainText(`this purchase costs ${formatNaira(PRICE)} and the balance is ${formatNaira(10_000n)}`);
    await expect(confirmButton(page)).toBeEnabled();

    const facts = await moneyFacts(account.accountId);
    expect(facts.transactions).toHaveLength(0);
    expect(facts.balance).toBe(10_000n);
  });

  test("a failed vend (…0000): rejected in plain words with the reason, balance unchanged", async ({ page }) => {
    const account = await signInNewAccount(page, "staff", { funding: FUNDING });
    await orderData(page, { network: "MTN", plan: PLAN, phone: "08031230000" });
    await confirmButton(page).click();

    await expect(page.getByRole("heading", { name: "Purchase failed" })).toBeVisible();
    await expect(page.getByText("The network rejected this purchase; you were not charged.")).toBeVisible();
    await expect(page.getByText("Recipient 08031230000 was rejected by MTN (sandbox test number).")).toBeVisible();
    await expectWalletBalance(page, FUNDING);

    const facts = await moneyFacts(account.accountId);
    expect(facts.balance).toBe(FUNDING);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.transactions[0]?.status).toBe("FAILED");
    expect(facts.reversals).toBe(1);
  });

  test("a pending purchase (…1111) waits for the provider and turns successful on screen", async ({ page }) => {
    test.setTimeout(90_000);
    const account = await signInNewAccount(page, "staff", { funding: FUNDING });
    await orderData(page, { network: "MTN", plan: PLAN, phone: "08031231111" });
    await confirmButton(page).click();

    await expect(page.getByRole("heading", { name: "Purchase pending" })).toBeVisible();
    await expect(page.getByText("Waiting for the provider… you will see the result here.")).toBeVisible();
    // The server's reconciler requeries 5 s after the provider's "pending", on a 5 s cycle.
    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText("Waiting for the provider")).toHaveCount(0);
    await expectWalletBalance(page, FUNDING - PRICE);

    const facts = await moneyFacts(account.accountId);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.transactions[0]?.status).toBe("SUCCESSFUL");
    expect(facts.balance).toBe(FUNDING - PRICE);
  });
});

test.describe("signed in as the operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("is told in plain words that operators do not buy", async ({ page }) => {
    await page.goto("/buy/data");
    await expect(page.getByText("Operators don't buy.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("plans and the confirm step fit the screen without sideways scrolling", async ({ page }) => {
    await signInNewAccount(page, "staff");
    await page.goto("/buy/data");
    await page.getByRole("radio", { name: "Airtel", exact: true }).check();
    await expect(page.getByRole("radio", { name: /^Airtel Unlimited/ })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("radio", { name: /^Airtel 1GB \(Corporate\)/ }).check();
    await page.getByLabel("Phone number").fill("08021234567");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(confirmButton(page)).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test("the result shows the reference whole between hyphens, and links to the transaction just made", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const account = await signInNewAccount(page, "staff");
    await page.goto("/buy/data");
    await page.getByRole("radio", { name: "MTN", exact: true }).check();
    await page.getByRole("radio", { name: PLAN }).check();
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByRole("button", { name: "Continue" }).click();
    await confirmButton(page).click();
    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
    const [transaction] = (await moneyFacts(account.accountId)).transactions;
    const clientReference = transaction!.clientReference;

    // A portal reference is a UUID: on a phone it may wrap after a hyphen, never inside a group.
    const lines = await renderedLines(page, "main [data-reference]");
    expect(lines.join("")).toBe(clientReference);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/-$/);
    await page.getByRole("button", { name: "Copy reference" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientReference);
    await expectFitsScreen(page);
    await page.screenshot({ path: "/tmp/f-result-390.png", fullPage: true });

    await page.getByRole("link", { name: "View this transaction" }).click();
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: clientReference })).toBeVisible();
    const heading = await renderedLines(page, "h1 [data-reference]");
    expect(heading.length).toBeGreaterThan(1);
    for (const line of heading.slice(0, -1)) expect(line).toMatch(/-$/);
    await expectFitsScreen(page);
    await page.screenshot({ path: "/tmp/f-detail-390.png", fullPage: true });
  });
});
