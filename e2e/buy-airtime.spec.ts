import { expect, test } from "@playwright/test";
import { confirmButton, expectWalletBalance, moneyFacts } from "./buy-helpers";
import { signInNewAccount } from "./fixtures/data";

const FUNDING = 1_000_000n;

test("airtime: network, phone and an amount in naira within the network's bounds → exact charge → bought", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/airtime");
  await expectWalletBalance(page, FUNDING);

  await page.getByRole("radio", { name: "Airtel", exact: true }).check();
  await expect(page.getByText("Between ₦50.00 and ₦50,000.00 on Airtel.")).toBeVisible();
  await page.getByLabel("Phone number").fill("08021234567");

  // Out of bounds is refused before anything is sent, in naira.
  await page.getByLabel("Amount (₦)").fill("20");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The amount must be between ₦50.00 and ₦50,000.00.")).toBeVisible();
  await page.getByLabel("Amount (₦)").fill("abc");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter an amount in naira, such as 500 or 1,500 (at most two decimals).")).toBeVisible();

  await page.getByLabel("Amount (₦)").fill("1,500.50");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
  await expect(page.getByTestId("checkout-charge")).toHaveText("₦1,500.50");
  await confirmButton(page).click();

  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  await expect(page.getByText("Airtel Airtime")).toBeVisible();
  await expectWalletBalance(page, FUNDING - 150_050n);
  const facts = await moneyFacts(account.accountId);
  expect(facts.transactions).toHaveLength(1);
  expect(facts.transactions[0]).toMatchObject({
    service: "AIRTIME",
    amount: 150_050n,
    networkId: "airtel",
    recipient: "08021234567",
    status: "SUCCESSFUL",
  });
  expect(facts.balance).toBe(FUNDING - 150_050n);
});

test("airtime that the network rejects (…0000) is not charged", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/airtime");
  await page.getByRole("radio", { name: "Glo", exact: true }).check();
  await page.getByLabel("Phone number").fill("08051230000");
  await page.getByLabel("Amount (₦)").fill("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByText("The network rejected this purchase; you were not charged.")).toBeVisible();
  await expectWalletBalance(page, FUNDING);
  expect((await moneyFacts(account.accountId)).balance).toBe(FUNDING);
});

test("after a failed purchase, Try again keeps the network, phone and amount, and buys under a new reference", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/airtime");
  await page.getByRole("radio", { name: "Glo", exact: true }).check();
  await page.getByLabel("Phone number").fill("08051230000");
  await page.getByLabel("Amount (₦)").fill("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase failed" })).toBeVisible();

  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("radio", { name: "Glo", exact: true })).toBeChecked();
  await expect(page.getByLabel("Phone number")).toHaveValue("08051230000");
  await expect(page.getByLabel("Amount (₦)")).toHaveValue("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("checkout-charge")).toHaveText("₦500.00");
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase failed" })).toBeVisible();
  const facts = await moneyFacts(account.accountId);
  expect(facts.transactions).toHaveLength(2);
  expect(new Set(facts.transactions.map((transaction) => transaction.clientReference)).size).toBe(2);

  // "Buy another" after a failure starts afresh: the next customer's number and amount.
  await page.getByRole("button", { name: "Buy another" }).click();
  await expect(page.getByLabel("Phone number")).toHaveValue("");
  await expect(page.getByLabel("Amount (₦)")).toHaveValue("");
});

test("a number bought for is offered again, and once saved under a name, picked by it", async ({ page }) => {
  await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/airtime");
  // A new account has bought for nobody: no list to pick from.
  await expect(page.getByLabel("Saved and recent numbers")).toHaveCount(0);
  await page.getByRole("radio", { name: "MTN", exact: true }).check();
  await page.getByLabel("Phone number").fill("0803 555 0101");
  await page.getByLabel("Amount (₦)").fill("100");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();

  const save = page.getByRole("form", { name: "Save this number" });
  await save.getByRole("button", { name: "Save number" }).click();
  await expect(save.getByText("Name is required.")).toBeVisible();
  await save.getByLabel("Save 08035550101 as").fill("Mama Ngozi");
  await save.getByRole("button", { name: "Save number" }).click();
  await expect(save.getByRole("status")).toHaveText("Saved as “Mama Ngozi”.");

  await page.getByRole("button", { name: "Buy another" }).click();
  await expect(page.getByLabel("Phone number")).toHaveValue("");
  const picker = page.getByLabel("Saved and recent numbers");
  await expect(picker.locator("optgroup[label=Saved] option")).toHaveText(["Mama Ngozi · 08035550101"]);
  await picker.selectOption({ label: "Mama Ngozi · 08035550101" });
  await expect(page.getByLabel("Phone number")).toHaveValue("08035550101");
});

test("a phone number as people type it is taken, and the number it will be sent as is shown first", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/airtime");
  await page.getByRole("radio", { name: "Airtel", exact: true }).check();
  const phone = page.getByLabel("Phone number");
  for (const typed of ["0802 123 4567", "0802-123-4567", "+234 (0) 802 123 4567"]) {
    await phone.fill(typed);
    await expect(page.getByText("Will be sent as 08021234567.")).toBeVisible();
  }
  await phone.fill("+234 802 123 4567");
  await expect(page.getByText("Will be sent as 08021234567.")).toBeVisible();
  await page.getByLabel("Amount (₦)").fill("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("08021234567");
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  expect((await moneyFacts(account.accountId)).transactions[0]).toMatchObject({ recipient: "08021234567", status: "SUCCESSFUL" });

  // Typed as it is sent, no hint; not a number, the field says so.
  await page.goto("/buy/airtime");
  await page.getByLabel("Phone number").fill("08021234567");
  await expect(page.getByText(/Will be sent as/)).toHaveCount(0);
});
