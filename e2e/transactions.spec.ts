import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { formatNaira } from "../src/components/money";
import { createTestAccount, signIn } from "./fixtures/data";
import { buyAirtime, buyData, buyElectricity, randomPhone, reference, settleAsSuccessful, SOURCE_IP } from "./transactions-helpers";
import { expectFitsScreen, renderedLines } from "./fixtures/layout";

// Each test makes its own account and purchases through the service layer before using the browser.
test.slow();

function resultRows(page: Page) {
  return page.getByRole("table", { name: "Transactions, newest first" }).getByRole("row");
}

test("filters by status, service, search and dates, and keeps the filter in the URL", async ({ page }) => {
  const account = await createTestAccount({ funding: 2_000_000n });
  const prefix = reference("flt");
  const ok = await buyData(account, { clientReference: `${prefix}-ok` });
  const failed = await buyData(account, { clientReference: `${prefix}-failed`, phone: "08031230000" });
  const airtime = await buyAirtime(account, 20_000, { clientReference: `${prefix}-air`, phone: "08057654321" });
  await signIn(page, account.owner);

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(resultRows(page)).toHaveCount(4);

  await page.getByLabel("Status").selectOption({ label: "Failed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/transactions\?status=failed$/);
  await expect(resultRows(page)).toHaveCount(2);
  await expect(resultRows(page).nth(1)).toContainText(failed.clientReference);

  // A reload (or a shared link) shows the same view, with the fields filled in.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("failed");
  await expect(resultRows(page)).toHaveCount(2);

  await page.getByLabel("Status").selectOption({ label: "Any status" });
  await page.getByLabel("Service").selectOption({ label: "Airtime" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/transactions\?service=airtime$/);
  await expect(resultRows(page)).toHaveCount(2);
  await expect(resultRows(page).nth(1)).toContainText(airtime.clientReference);

  // The search box matches the start of a reference, or any part of a recipient.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await page.getByLabel("Search").fill(`${prefix}-o`);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(resultRows(page)).toHaveCount(2);
  await expect(resultRows(page).nth(1)).toContainText(ok.clientReference);
  await page.getByLabel("Search").fill("0805765");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=0805765/);
  await expect(resultRows(page)).toHaveCount(2);
  await expect(resultRows(page).nth(1)).toContainText(airtime.clientReference);

  // Dates: today (Lagos) holds all three; a range in the past holds none.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  await page.goto(`/transactions?from=${today}&to=${today}`);
  await expect(page.getByLabel("From")).toHaveValue(today);
  await expect(resultRows(page)).toHaveCount(4);
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("To (inclusive)").fill("2020-01-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();

  // An end before the start is refused in plain words, without leaving the page.
  await page.getByLabel("From").fill("2020-02-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("To: must not be before the start date.");
  await expect(page).toHaveURL(/from=2020-01-01/);
});

test("pages with Load more, newest first, with the count and the position in the URL", async ({ page }) => {
  const account = await createTestAccount({ funding: 5_000_000n });
  const prefix = reference("pg");
  for (let index = 0; index < 28; index += 1) {
    await buyAirtime(account, 10_000, { clientReference: `${prefix}-${String(index).padStart(2, "0")}` });
  }
  await signIn(page, account.staff);
  await page.goto("/transactions");
  await expect(resultRows(page)).toHaveCount(26); // a header and the first 25
  await expect(resultRows(page).nth(1)).toContainText(`${prefix}-27`);
  await expect(page.getByText("Showing 25 of 28 transactions.")).toBeVisible();

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page).toHaveURL(/\/transactions\?shown=50$/);
  await expect(resultRows(page)).toHaveCount(29);
  await expect(resultRows(page).nth(28)).toContainText(`${prefix}-00`);
  await expect(page.getByText("Showing all 28 transactions.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // A reload, or Back from a transaction, returns to the same place in the list.
  await page.reload();
  await expect(resultRows(page)).toHaveCount(29);
  await resultRows(page).nth(28).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: `${prefix}-00` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/shown=50/);
  await expect(resultRows(page)).toHaveCount(29);
});

test("searches every identifier the detail page shows: provider reference, transaction id, the end of a phone, a customer's name", async ({
  page,
}) => {
  const account = await createTestAccount({ funding: 2_000_000n });
  const otherPhone = randomPhone();
  let phone = randomPhone();
  // Its last four digits in no other recipient of the account (the meter number is 45012345678).
  while (`45012345678 ${otherPhone}`.includes(phone.slice(-4))) phone = randomPhone();
  const airtime = await buyAirtime(account, 10_000, { phone });
  const power = await buyElectricity(account, 150_000);
  await buyAirtime(account, 10_000, { phone: otherPhone });
  expect(power.customerName).toBeTruthy();
  await signIn(page, account.owner);
  await page.goto("/transactions");
  await expect(resultRows(page)).toHaveCount(4);

  const search = async (text: string) => {
    await page.getByLabel("Search").fill(text);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
  };
  const onlyRow = async (clientReference: string) => {
    await expect(resultRows(page)).toHaveCount(2);
    await expect(resultRows(page).nth(1)).toContainText(clientReference);
    await expect(page.getByText("Showing all 1 transaction.")).toBeVisible();
  };

  await search(airtime.providerReference!);
  await onlyRow(airtime.clientReference);
  // As a customer reads it out, in any case.
  await search(airtime.providerReference!.toLowerCase());
  await onlyRow(airtime.clientReference);
  await search(power.id);
  await onlyRow(power.clientReference);
  await search(phone.slice(-4));
  await onlyRow(airtime.clientReference);
  // A number as people write it.
  await search(`+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
  await onlyRow(airtime.clientReference);
  await search(power.customerName!.toLowerCase());
  await onlyRow(power.clientReference);
});

test("the detail page shows every field, copies the token, and follows a pending purchase", async ({ page, context }) => {
  const account = await createTestAccount({ funding: 2_000_000n });
  const power = await buyElectricity(account, 150_000);
  const pending = await buyData(account, { phone: "08031231111" });
  expect(power.token).toMatch(/^\d{20}$/);
  expect(pending.status).toBe("pending");
  await signIn(page, account.owner);

  await page.goto(`/transactions/${power.id}`);
  await expect(page.getByRole("heading", { level: 1, name: power.clientReference })).toBeVisible();
  const field = (label: string) =>
    page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");
  await expect(field("Amount")).toHaveText(formatNaira(150_000));
  await expect(field("Service")).toHaveText("Electricity");
  await expect(field("Product")).toHaveText("Ikeja Electric Prepaid");
  await expect(field("Recipient")).toContainText("45012345678");
  await expect(field("Provider reference")).toHaveText(power.providerReference ?? "");
  await expect(field("Channel")).toHaveText("API · key “e2e”");
  await expect(field("Source address")).toHaveText(SOURCE_IP);
  // The id support needs, to copy and quote.
  await expect(field("Transaction ID")).toContainText(power.id);
  await expect(field("Transaction ID")).toContainText("Quote it when you contact support");
  // Shown in groups of four as it is typed into a meter; copied as the bare digits.
  await expect(field("Token")).toContainText((power.token ?? "").replace(/(\d{4})(?=\d)/g, "$1 "));

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(power.token);
  await page.getByRole("button", { name: "Copy transaction ID" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(power.id);

  // A failed purchase says why.
  const failed = await buyAirtime(account, 10_000, { phone: "08021230000" });
  await page.goto(`/transactions/${failed.id}`);
  await expect(page.getByText("This purchase failed and its amount was returned to the wallet.")).toBeVisible();
  await expect(field("Failure reason")).toHaveText(failed.failureReason ?? "");

  // Pending rows refresh themselves: settled behind the page's back, the list shows it without a reload.
  await page.goto("/transactions");
  const row = resultRows(page).filter({ hasText: pending.clientReference });
  await expect(row).toContainText("Pending");
  await settleAsSuccessful(pending.id);
  await expect(row).toContainText("Successful", { timeout: 15_000 });
});

test("Buy again fills the form with the same plan and phone, and buys only once confirmed, under a new reference", async ({ page }) => {
  const account = await createTestAccount({ funding: 1_000_000n });
  const phone = randomPhone();
  const first = await buyData(account, { phone });
  await signIn(page, account.staff);
  await page.goto(`/transactions/${first.id}`);
  await page.getByRole("link", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/buy\/data\?/);
  await expect(page.getByRole("radio", { name: "MTN", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^MTN 1GB \(SME\) – 30 days/ })).toBeChecked();
  await expect(page.getByLabel("Phone number")).toHaveValue(phone);
  // Nothing is bought by following the link: the buyer confirms the exact charge first.
  const { db } = await import("../src/server/db");
  expect(await db.transaction.count({ where: { accountId: account.accountId } })).toBe(1);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("checkout-charge")).toHaveText(formatNaira(first.amount));
  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const bought = await db.transaction.findMany({ where: { accountId: account.accountId }, orderBy: { createdAt: "asc" } });
  expect(bought).toHaveLength(2);
  expect(bought[1]).toMatchObject({ planId: "mtn-1gb-30d", recipient: phone, amount: first.amount, status: "SUCCESSFUL" });
  expect(bought[1]!.clientReference).not.toBe(first.clientReference);

  // Airtime carries its amount too.
  const airtime = await buyAirtime(account, 150_050, { phone });
  await page.goto(`/transactions/${airtime.id}`);
  await page.getByRole("link", { name: "Buy again" }).click();
  await expect(page.getByRole("radio", { name: "Airtel", exact: true })).toBeChecked();
  await expect(page.getByLabel("Phone number")).toHaveValue(phone);
  await expect(page.getByLabel("Amount (₦)")).toHaveValue("1500.50");
});

test("a transaction's page prints as a receipt with the token, without the portal around it", async ({ page }) => {
  const account = await createTestAccount({ funding: 1_000_000n });
  const power = await buyElectricity(account, 500_000);
  await signIn(page, account.owner);
  await page.goto(`/transactions/${power.id}`);
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
  // A bill is bought again from its form (its customer is verified again), so no link for it.
  await expect(page.getByRole("link", { name: "Buy again" })).toHaveCount(0);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("Reseller Portal · Receipt")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: power.clientReference })).toBeVisible();
  await expect(page.getByText(power.token!.replace(/(\d{4})(?=\d)/g, "$1 "))).toBeVisible();
  for (const portalPart of [
    page.getByRole("banner"),
    page.getByRole("contentinfo"),
    page.getByRole("navigation", { name: "Breadcrumb" }),
    page.getByRole("button", { name: "Print receipt" }),
    page.getByRole("button", { name: /^Copy / }).first(),
  ]) {
    await expect(portalPart).toBeHidden();
  }
});

test("exports the filtered view as CSV", async ({ page }) => {
  const account = await createTestAccount({ funding: 2_000_000n });
  const first = await buyData(account);
  const failed = await buyData(account, { phone: "08031230000" });
  const second = await buyAirtime(account, 12_345);
  await signIn(page, account.owner);
  await page.goto("/transactions?status=successful");
  await expect(resultRows(page)).toHaveCount(3);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe(
    "Date (Africa/Lagos),Transaction ID,Client reference,Provider reference,Service,Product,Recipient,Amount (NGN),Amount (kobo),Charged (NGN),Charged (kobo),Status,Channel,Source IP,Token,PINs,Units,Bonus token",
  );
  expect(lines).toHaveLength(4); // the header, two rows and the final CRLF
  expect(lines[3]).toBe("");
  // Identifiers are text formulas, so a spreadsheet shows them exactly as sent (docs/integrating.md "Invoices").
  const id = (value: string) => `"=""${value}"""`;
  expect(lines[1]).toContain(`,${id(second.id)},${id(second.clientReference)},${id(second.providerReference!)},Airtime,`);
  // Airtime delivers nothing to hand over: its token, PINs, units and bonus token cells are empty.
  expect(lines[1]).toMatch(/,123\.45,12345,123\.45,12345,successful,API,"=""127\.0\.0\.1""",,,,$/);
  expect(lines[2]).toContain(`,${id(first.id)},${id(first.clientReference)},`);
  expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  expect(text).not.toContain(failed.clientReference);
});

test("the CSV export needs a signed-in user", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await anonymous.get("/api/portal/transactions.csv");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  expect(await response.json()).toMatchObject({ status: 401, title: "Unauthorized" });
  await anonymous.dispose();
});

test("an owner opening another account's transaction gets not found", async ({ page }) => {
  const mine = await createTestAccount();
  const theirs = await createTestAccount();
  const foreign = await buyData(theirs, { phone: "08039998877" });
  await signIn(page, mine.owner);

  const response = await page.goto(`/transactions/${foreign.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Transaction not found" })).toBeVisible();
  await expect(page.getByText("08039998877")).toHaveCount(0);
  await expect(page.getByText(foreign.clientReference)).toHaveCount(0);

  // Nor does it show up in the list or the export, whatever the search.
  await page.goto(`/transactions?q=${foreign.clientReference}`);
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();
  const csv = await page.request.get(`/api/portal/transactions.csv?account=${theirs.accountId}`);
  expect(csv.status()).toBe(404);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and the detail fit the screen", async ({ page }) => {
    const account = await createTestAccount({ funding: 2_000_000n });
    const power = await buyElectricity(account, 250_000);
    await buyData(account, { phone: "08031230000" });
    // The shape of a portal purchase's reference.
    const portal = await buyData(account, { clientReference: randomUUID() });
    await signIn(page, account.staff);
    await page.goto("/transactions");
    await expect(resultRows(page)).toHaveCount(4);
    await expectFitsScreen(page);
    // It wraps after a hyphen if at all, never inside a group of its characters.
    const lines = await renderedLines(page, `a[href="/transactions/${portal.id}"] [data-reference]`);
    expect(lines.join("")).toBe(portal.clientReference);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/-$/);
    await page.screenshot({ path: "/tmp/f1-transactions-phone.png", fullPage: true });
    await page.getByRole("link", { name: power.clientReference }).click();
    await expect(page.getByRole("button", { name: "Copy token" })).toBeVisible();
    await expectFitsScreen(page);
    await page.screenshot({ path: "/tmp/f1-detail-phone.png", fullPage: true });
  });
});

test("Export CSV is refused, with the reason, when nothing matches", async ({ page }) => {
  const account = await createTestAccount();
  await buyData(account);
  await signIn(page, account.owner);
  await page.goto("/transactions?status=failed");
  await expect(page.getByText("No transactions match these filters.")).toBeVisible();
  const refused = page.getByRole("button", { name: "Export CSV" });
  await expect(refused).toBeDisabled();
  await expect(refused).toHaveAccessibleDescription("Nothing to export with these filters.");
  await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveCount(0);

  await page.goto("/transactions");
  await expect(resultRows(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: /Export CSV/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
});

test("a chosen date is written under its input as the table writes dates", async ({ page }) => {
  const account = await createTestAccount();
  const bought = await buyData(account);
  await signIn(page, account.owner);
  await page.goto("/transactions");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  const from = page.getByLabel("From");
  await expect(from).toHaveAccessibleDescription("Any date");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date(bought.createdAt));
  await from.fill(today);
  const written = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(bought.createdAt),
  );
  await expect(from).toHaveAccessibleDescription(written);
  await expect(resultRows(page).nth(1)).toContainText(written);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(page.getByLabel("From")).toHaveAccessibleDescription(written);
});
