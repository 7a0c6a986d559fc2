import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { formatNaira } from "../src/components/money";
import { createTestAccount, signIn, signInNewAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { expectFitsScreen } from "./fixtures/layout";

function currentMonthLabel(): string {
  const lagos = new Date(Date.now() + 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(lagos);
}

test("an owner downloads this month's invoice as CSV and PDF from the portal", async ({ page }) => {
  const account = await createTestAccount();
  const response = await fetch(`${test.info().project.use.baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: "invoice-e2e-1", planId: "mtn-1gb-30d", phone: "08031234567" }),
  });
  expect(response.status).toBe(201);
  const failed = await fetch(`${test.info().project.use.baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: "invoice-e2e-2", planId: "mtn-1gb-30d", phone: "08031230000" }),
  });
  expect(((await failed.json()) as { status: string }).status).toBe("failed");

  await signIn(page, account.owner);
  // The dashboard and the Invoices page count alike: every purchase (the failed one too), and the charge.
  await expect(page.getByText(/2 purchases in .*, 1 of them failed/)).toBeVisible();
  await expect(page.getByTestId("month-spend")).toHaveText(formatNaira(28_000));
  await page.getByRole("link", { name: "Invoices" }).click();
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(currentMonthLabel()) });
  await expect(row.getByRole("cell").nth(0)).toHaveText("2");
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expect(row.getByRole("cell").nth(2)).toHaveText(formatNaira(28_000));

  const [csvDownload] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /as CSV/ }).click()]);
  // Read as docs/integrating.md
  // "Invoices" tells a program to: skip the byte-order mark, unwrap the identifiers' `="…"`.
  const rows = (parse(readFileSync((await csvDownload.path())!, "utf8"), { columns: true, bom: true }) as Record<string, string>[]).map(
    (row) =>
      Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value.replace(/^="(.*)"$/s, "$1").replaceAll('""', '"')])),
  );
  // The account's opening funding first (a row of its own, charged nothing), then the two purchases.
  expect(rows).toHaveLength(3);
  expect(rows[0]).toMatchObject({ service: "Funding", amount_kobo: "1000000", charged_kobo: "0", status: "credited", channel: "manual" });
  expect(rows[1]).toMatchObject({ client_reference: "invoice-e2e-1", amount_kobo: "28000", charged_kobo: "28000", channel: "api" });
  expect(rows[2]).toMatchObject({ client_reference: "invoice-e2e-2", amount_kobo: "28000", charged_kobo: "0", status: "failed" });
  expect(rows[1]!.source_ip).toMatch(/^(127\.0\.0\.1|::1)$/);

  const [pdfDownload] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /as PDF/ }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{2}\.pdf$/);
  expect(
    readFileSync((await pdfDownload.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});

test.describe("staff", () => {
  test.use({ storageState: storageStatePath("staff") });
  test("are told invoices belong to the owner", async ({ page }) => {
    await page.goto("/invoices");
    await expect(page.getByText("Invoices are available to the account owner")).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every month's downloads are on the screen", async ({ page }) => {
    await signInNewAccount(page, "owner");
    await page.goto("/invoices");
    const row = page.getByRole("row", { name: new RegExp(currentMonthLabel()) });
    await expect(row.getByRole("link", { name: /as CSV/ })).toBeInViewport();
    await expect(row.getByRole("link", { name: /as PDF/ })).toBeInViewport();
    await expectFitsScreen(page);
    await page.screenshot({ path: "/tmp/f-invoices-390.png", fullPage: true });
  });
});
