/**
 * Funding by bank transfer in the portal (docs/operating.md "Funding by bank transfer"), against the production
 * server funding through the fake Paystack that e2e/start-server.ts runs beside it: an owner gets an
 * account number, a transfer paid into it at the fake arrives as a funding with its fee and payer, and
 * staff see the same without the owner's buttons; with Test data on, a simulated transfer credits the
 * test wallet only; operators see an account's funding and resolve the unmatched-transfer queue.
 * Money facts are read from the e2e server's database, where they are decided.
 */
import { expect, test, type Page } from "@playwright/test";
import { signIn, signInNewAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { E2E_PAYSTACK_URL } from "./fixtures/e2e-server";
import { expectFitsScreen } from "./fixtures/layout";

async function walletBalance(accountId: string, livemode = true): Promise<bigint> {
  const { db } = await import("../src/server/db");
  return (await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId, livemode } } })).balance;
}

/** A bank transfer at the fake Paystack; its signed webhook reaches the server. */
async function payAtPaystack(accountNumber: string, amount: number, sender: string): Promise<string> {
  const answer = await fetch(`${E2E_PAYSTACK_URL}/_fake/transfers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account_number: accountNumber, amount, sender_name: sender }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { reference: string } }).data.reference;
}

function fundWalletLink(page: Page) {
  return page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Fund wallet" });
}

function accountPanel(page: Page) {
  return page.getByRole("region", { name: "Your account number" });
}

function fundings(page: Page) {
  return page.getByRole("region", { name: "Recent fundings" });
}

test("an owner gets an account number, a transfer to it is credited and listed, and staff see the same", async ({ page, browser }) => {
  test.slow();
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await fundWalletLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fund wallet" })).toBeVisible();
  await expect(fundings(page)).toContainText("No fundings yet.");

  const form = page.getByRole("form", { name: "Get an account number" });
  await form.getByLabel("Mobile number").fill("12345");
  await form.getByRole("button", { name: "Get my account number" }).click();
  await expect(form.getByRole("alert")).toContainText("must be a Nigerian mobile number");
  await form.getByLabel("Mobile number").fill("08031234567");
  await form.getByRole("button", { name: "Get my account number" }).click();

  // Pending while Paystack assigns it (its event arrives a moment later); the page updates by itself.
  const number = accountPanel(page).getByTestId("funding-account-number");
  await expect(number).toHaveText(/^\d{10}$/);
  await expect(accountPanel(page).getByTestId("funding-bank")).toHaveText("Test Bank");
  await expect(accountPanel(page).getByRole("button", { name: "Copy account number" })).toBeVisible();
  await expect(accountPanel(page)).toContainText("₦10,000 sent credits ₦9,900");
  const accountNumber = (await number.textContent())!;

  const reference = await payAtPaystack(accountNumber, 500_000, "NGOZI ADEYEMI");
  await expect.poll(() => walletBalance(account.accountId)).toBe(495_000n);
  await page.reload();
  const row = fundings(page).getByRole("listitem").filter({ hasText: reference });
  await expect(row).toContainText("₦4,950.00");
  await expect(row).toContainText("₦50.00");
  await expect(row).toContainText("Bank transfer");
  await expect(row).toContainText("NGOZI ADEYEMI");

  // On a phone the account number, its copy buttons and the fundings fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsScreen(page);

  // Staff: the same account number and fundings, and no button to ask for another.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, account.staff);
  await fundWalletLink(staffPage).click();
  await expect(accountPanel(staffPage).getByTestId("funding-account-number")).toHaveText(accountNumber);
  await expect(fundings(staffPage).getByRole("listitem").filter({ hasText: reference })).toBeVisible();
  await expect(staffPage.getByRole("form", { name: "Get an account number" })).toHaveCount(0);
  await staffContext.close();
});

test("with Test data on, a simulated transfer credits the test wallet only", async ({ page }) => {
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  const testOpening = await walletBalance(account.accountId, false);
  await page.getByRole("banner").getByRole("switch", { name: "Test data" }).click();
  await expect(page.getByRole("region", { name: "Test data" })).toBeVisible();
  await fundWalletLink(page).click();

  const simulatedPanel = page.getByRole("region", { name: "Your simulated account" });
  await expect(simulatedPanel.getByTestId("funding-account-number")).toHaveText(/^99\d{8}$/);
  await expect(simulatedPanel.getByTestId("funding-bank")).toHaveText("Simulated Bank (test mode)");
  const simulate = page.getByRole("form", { name: "Simulate a transfer" });
  await simulate.getByLabel("Amount sent (₦)").fill("2,000");
  await simulate.getByLabel("Sender's name (optional)").fill("TEST PAYER");
  await simulate.getByRole("button", { name: "Simulate transfer" }).click();
  await expect(page.getByRole("region", { name: "Simulate a transfer" }).getByRole("status").first()).toContainText(
    "your test wallet was credited ₦1,980.00 (fee ₦20.00)",
  );
  await expect(fundings(page).getByRole("listitem").filter({ hasText: "TEST PAYER" })).toContainText("₦1,980.00");
  expect(await walletBalance(account.accountId, false)).toBe(testOpening + 198_000n);
  expect(await walletBalance(account.accountId)).toBe(0n);
});

test.describe("the operator console", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("shows an account's funding, and resolves the unmatched-transfer queue by assigning or returning", async ({ page }) => {
    test.slow();
    const { createTestAccount } = await import("./fixtures/data");
    const account = await createTestAccount({ funding: 0n });

    // Asked for on the owner's behalf from the account's page.
    await page.goto(`/operator/accounts/${account.accountId}`);
    const panel = page.getByRole("region", { name: "Funding by bank transfer" });
    await panel.getByLabel("Owner's mobile number").fill("08031234567");
    await panel.getByRole("button", { name: "Request for the owner" }).click();
    // Pending until Paystack's assignment event; the panel asks again by itself.
    await expect(panel.getByTestId("funding-account-number")).toHaveText(/^\d{10}$/);

    // Two transfers to an account number no account of ours owns: both wait in the queue.
    const stranger = (await (await fetch(`${E2E_PAYSTACK_URL}/_fake/accounts`, { method: "POST" })).json()) as {
      data: { account_number: string };
    };
    const toAssign = await payAtPaystack(stranger.data.account_number, 300_000, "LOST PAYER ONE");
    const toReturn = await payAtPaystack(stranger.data.account_number, 200_000, "LOST PAYER TWO");
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Fundings" }).click();
    await expect(page).toHaveURL(/\/operator\/fundings$/);
    const queue = page.getByRole("list", { name: "Unmatched transfers" });
    await expect(async () => {
      await page.reload();
      await expect(queue.getByRole("listitem").filter({ hasText: toReturn })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(queue.getByRole("listitem").filter({ hasText: toAssign })).toContainText("No account of ours has this dedicated account");

    await queue.getByRole("listitem").filter({ hasText: toAssign }).getByRole("button", { name: "Assign…" }).click();
    const assign = page.getByRole("dialog", { name: "Assign ₦3,000.00" });
    await assign.getByLabel("Account id").fill(account.accountId);
    await assign.getByLabel("Note").fill("payer emailed the receipt");
    await assign.getByRole("button", { name: "Assign and credit" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Assigned ₦3,000.00 (${toAssign})` })).toBeVisible();
    expect(await walletBalance(account.accountId)).toBe(297_000n);

    await queue.getByRole("listitem").filter({ hasText: toReturn }).getByRole("button", { name: "Return…" }).click();
    const giveBack = page.getByRole("dialog", { name: "Return ₦2,000.00" });
    await giveBack.getByLabel("Note").fill("refunded on the Paystack dashboard");
    await giveBack.getByRole("button", { name: "Record as returned" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Recorded ₦2,000.00 (${toReturn}) as returned` })).toBeVisible();
    await expect(queue.getByRole("listitem").filter({ hasText: toAssign })).toHaveCount(0);
    await expect(queue.getByRole("listitem").filter({ hasText: toReturn })).toHaveCount(0);

    // The account's page lists the assigned transfer among its fundings.
    await page.goto(`/operator/accounts/${account.accountId}`);
    await expect(panel.getByRole("listitem").filter({ hasText: toAssign })).toContainText("₦2,970.00");
  });
});
