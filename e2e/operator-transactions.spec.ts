/**
 * Support's first question, "my recharge to 0803… never came", as the demo operator: a search of every
 * account's transactions by the last digits of a phone, each row naming its account; the way there from
 * an account's page; and an account's own list saying whose it is.
 */
import { expect, test, type Page } from "@playwright/test";
import { createTestAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { buyAirtime, buyData, buyElectricity, randomPhone } from "./transactions-helpers";

test.use({ storageState: storageStatePath("operator") });
test.slow();

function resultRows(page: Page) {
  return page.getByRole("table", { name: "Transactions of every account, newest first" }).getByRole("row");
}

async function search(page: Page, text: string) {
  await page.getByLabel("Search").fill(text);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

test("finds a purchase across accounts by the last digits of a phone, a reference, an id or a customer's name", async ({ page }) => {
  const first = await createTestAccount({ funding: 2_000_000n });
  const second = await createTestAccount({ funding: 2_000_000n });
  // Seven digits no other spec's recipient ends in; both accounts bought for numbers ending in them.
  const phone = randomPhone();
  const ending = phone.slice(-7);
  const mine = await buyAirtime(first, 10_000, { phone });
  const theirs = await buyData(second, { phone: `080${String((Number(phone.slice(3, 4)) + 1) % 10)}${ending}` });
  const power = await buyElectricity(second, 150_000);

  await page.goto("/operator");
  await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();

  await search(page, ending);
  await expect(resultRows(page)).toHaveCount(3);
  await expect(page.getByText("Showing all 2 transactions.")).toBeVisible();
  // Newest first, each naming its account, linked to the account's page.
  const newest = resultRows(page).nth(1);
  await expect(newest).toContainText(theirs.clientReference);
  await expect(newest.getByRole("link", { name: second.name })).toHaveAttribute("href", `/operator/accounts/${second.accountId}`);
  await expect(resultRows(page).nth(2)).toContainText(mine.clientReference);
  await expect(resultRows(page).nth(2).getByRole("link", { name: first.name })).toBeVisible();

  for (const text of [mine.clientReference, mine.providerReference!, mine.id]) {
    await search(page, text);
    await expect(resultRows(page)).toHaveCount(2);
    await expect(resultRows(page).nth(1)).toContainText(mine.clientReference);
  }
  await search(page, power.customerName!);
  await expect(resultRows(page).filter({ hasText: power.clientReference })).toHaveCount(1);

  // Too little to narrow every account's transactions is refused with its reason.
  await search(page, "45");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("type at least 3 characters");
  await expect(resultRows(page)).toHaveCount(0);

  // From a row to the transaction itself.
  await search(page, ending);
  await resultRows(page).nth(2).getByRole("link", { name: mine.clientReference }).click();
  await expect(page.getByRole("heading", { level: 1, name: mine.clientReference })).toBeVisible();
});

test("an account's page links to its transactions, which name the account", async ({ page }) => {
  const account = await createTestAccount({ funding: 2_000_000n });
  const bought = await buyAirtime(account, 10_000, { phone: randomPhone() });
  await page.goto(`/operator/accounts/${account.accountId}`);
  await page.getByRole("link", { name: "Transactions of this account" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?account=${account.accountId}$`));
  await expect(page.getByRole("link", { name: account.name })).toHaveAttribute("href", `/operator/accounts/${account.accountId}`);
  await expect(page.getByRole("table", { name: "Transactions, newest first" })).toContainText(bought.clientReference);
});
