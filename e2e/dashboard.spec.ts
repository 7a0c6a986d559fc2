import { expect, test } from "@playwright/test";
import { formatNaira } from "../src/components/money";
import { createTestAccount, signIn, signInNewAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { buyAirtime, buyData } from "./transactions-helpers";
import { expectFitsScreen } from "./fixtures/layout";

test.describe("an account's dashboard", () => {
  // Each test makes its own account and purchases through the service layer before using the browser.
  test.slow();

  test("shows balance, this month's spend by service, the daily chart and recent transactions", async ({ page }) => {
    const account = await createTestAccount({ funding: 1_000_000n });
    const data = await buyData(account); // ₦280, successful
    const airtime = await buyAirtime(account, 50_000); // ₦500, successful
    const failed = await buyData(account, { phone: "08031230000" }); // failed and reversed: not spend

    await signIn(page, account.staff);
    await expect(page.getByText(`Signed in as ${account.staff.email} (Staff)`)).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveText(account.name);

    await expect(page.getByTestId("balance")).toHaveText(formatNaira(1_000_000 - 28_000 - 50_000));
    await expect(page.getByTestId("month-spend")).toHaveText(formatNaira(78_000));
    const month = page.getByRole("region", { name: /^Spent in / });
    // One way to count, as on the Invoices page: every purchase, the failed one too; spend is what was charged.
    await expect(
      month.getByText(/3 purchases in .*, Lagos time, 1 of them failed\. Spend is what successful and pending purchases cost/),
    ).toBeVisible();
    await expect(month.getByRole("row", { name: `Airtime 1 ${formatNaira(50_000)}` })).toBeVisible();
    await expect(month.getByRole("row", { name: `Data 2 ${formatNaira(28_000)}` })).toBeVisible();

    // The chart is drawn, and its figures are available as text and as a table.
    const daily = page.getByRole("region", { name: "Daily spend, last 30 days" });
    await expect(daily.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(daily.getByTestId("daily-summary")).toContainText(`${formatNaira(78_000)} over 3 purchases`);
    await daily.getByText("Show the figures as a table").click();
    const dayRows = daily.getByRole("table").getByRole("row");
    await expect(dayRows).toHaveCount(31); // a header and 30 days
    await expect(dayRows.nth(1)).toContainText(`3${formatNaira(78_000)}`);

    const recent = page.getByRole("region", { name: "Recent transactions" });
    await expect(recent.getByRole("row")).toHaveCount(4); // a header and three purchases, newest first
    await expect(recent.getByRole("row").nth(1)).toContainText(failed.clientReference);
    await expect(recent.getByRole("row").nth(1)).toContainText("Failed");
    await expect(recent.getByRole("row").nth(2)).toContainText(airtime.clientReference);
    await expect(recent.getByRole("row").nth(3)).toContainText("Successful");

    await recent.getByRole("link", { name: data.clientReference }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${data.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: data.clientReference })).toBeVisible();
  });

  test("says so when there is nothing yet", async ({ page }) => {
    await signInNewAccount(page, "owner", { funding: 250_000n });
    await expect(page.getByTestId("balance")).toHaveText(formatNaira(250_000));
    await expect(page.getByTestId("month-spend")).toHaveText(formatNaira(0));
    await expect(page.getByText("No purchases yet this month.")).toBeVisible();
    await expect(page.getByText("No purchases in the last 30 days.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent transactions" }).getByText("No transactions yet.")).toBeVisible();
  });

  test("a period chosen from presets, in the address, with the success rate and the period before", async ({ page }) => {
    const account = await createTestAccount({ funding: 1_000_000n });
    await buyData(account); // ₦280, successful
    await buyAirtime(account, 50_000); // ₦500, successful
    await buyData(account, { phone: "08031230000" }); // failed: a purchase, not spend
    await signIn(page, account.owner);
    const card = page.getByRole("region", { name: "Spend and success rate" });
    const periods = card.getByRole("navigation", { name: "Period" });
    await expect(periods.getByRole("link")).toHaveText(["Today", "7 days", "30 days", "This month"]);
    // Seven days unless chosen.
    await expect(periods.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");

    await periods.getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/dashboard\?period=today$/);
    await expect(periods.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(card.getByTestId("period-spend")).toHaveText(formatNaira(78_000));
    await expect(card.getByTestId("period-purchases")).toHaveText("3");
    await expect(card.getByTestId("period-success-rate")).toHaveText("66.7%");
    // The account is new: yesterday had nothing, and a rate of nothing is no rate.
    await expect(card.getByTestId("period-spend-previous")).toHaveText(`Previous period: ${formatNaira(0)}`);
    await expect(card.getByTestId("period-success-rate-previous")).toHaveText("Previous period: —");

    await page.reload();
    await expect(periods.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await periods.getByRole("link", { name: "This month" }).click();
    await expect(page).toHaveURL(/\/dashboard\?period=month$/);
    await expect(card.getByTestId("period-purchases")).toHaveText("3");
  });

  test("draws no empty axis without purchases, and offers funding beside buying", async ({ page }) => {
    await signInNewAccount(page, "staff", { funding: 0n });
    const daily = page.getByRole("region", { name: "Daily spend, last 30 days" });
    await expect(daily.getByText("No purchases in the last 30 days.")).toBeVisible();
    // Nothing to draw: no ₦0–₦4 scale, and no table of thirty zero days behind "Show the figures".
    await expect(daily.getByText("Your daily spend will be drawn here after your first purchase.")).toBeVisible();
    await expect(daily.locator(".recharts-wrapper, .recharts-surface")).toHaveCount(0);
    await expect(daily.getByText("Show the figures as a table")).toHaveCount(0);

    const balance = page.getByRole("region", { name: "Wallet balance" });
    await expect(balance.getByRole("link", { name: "Buy something" })).toHaveAttribute("href", "/buy");
    await balance.getByRole("link", { name: "Fund wallet" }).click();
    await expect(page).toHaveURL(/\/fund-wallet$/);
    await expect(page.getByRole("heading", { level: 1, name: "Fund wallet" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("fits the screen without sideways scrolling", async ({ page }) => {
      const account = await createTestAccount({ funding: 1_000_000n });
      await buyData(account);
      await buyAirtime(account, 150_000);
      await signIn(page, account.owner);
      await expect(page.getByTestId("month-spend")).toHaveText(formatNaira(178_000));
      await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
      await expectFitsScreen(page);
      await page.screenshot({ path: "/tmp/f1-dashboard-phone.png", fullPage: true });
    });
  });
});

test.describe("the operator's dashboard", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("shows platform counts and the way to the operator area", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("account-name")).toHaveText("Operator");
    await expect(page.getByRole("term").filter({ hasText: "Accounts" })).toBeVisible();
    await expect(page.locator('a[href="/operator"]').filter({ hasText: "open the list" })).toHaveText(/^\d[\d,]* \(open the list\)$/);
    await expect(page.getByRole("term").filter({ hasText: "Pending transactions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the operator area" })).toHaveAttribute("href", "/operator");
    await expect(page.getByText("Wallet balance")).toHaveCount(0);
  });
});
