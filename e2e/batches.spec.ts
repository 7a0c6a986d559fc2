/**
 * Batches in the portal (docs/integrating.md "Batches"), against the production server and its own batch
 * workers: an owner downloads a template, uploads a file with mistakes and sees each by line and column
 * with nothing accepted, then a 5,000-row file: the preview's total against the balance, Confirm, a
 * progress bar that moves until the batch completes, and a results file with every row's status and
 * reference. The batch is listed under Past batches; money facts are read from the e2e database.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInNewAccount } from "./fixtures/data";

const ROWS = 5_000;

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`) };
}

async function upload(page: Page, reference: string, file: ReturnType<typeof csvFile>) {
  const form = page.getByRole("form", { name: "Upload a batch" });
  await form.getByLabel("Kind").selectOption("data");
  await form.getByLabel("Batch reference").fill(reference);
  await form.getByLabel("CSV file").setInputFiles(file);
  await form.getByRole("button", { name: "Preview" }).click();
}

test("a 5,000-row CSV goes from upload to a downloaded result file, with a progress bar that moves", async ({ page }) => {
  test.setTimeout(600_000);
  const account = await signInNewAccount(page, "owner", { funding: 100_000_000_000n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Batches" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Batches" })).toBeVisible();

  // The template: its columns and example rows.
  const templating = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the data template" }).click();
  const template = await templating;
  expect(template.suggestedFilename()).toBe("batch-template-data.csv");
  expect((await readFile((await template.path())!, "utf8")).split("\r\n")[0]).toBe("clientReference,planId,phone");

  // Mistakes are shown by line and column; nothing can be confirmed.
  const preview = page.getByRole("region", { name: "Preview" });
  await upload(
    page,
    `e2e-bad-${Date.now()}`,
    csvFile("bad.csv", ["clientReference,planId,phone", ",mtn-1gb-30d,08031234567", ",mtn-1gb-30d,12345", ",no-such-plan,08031234567"]),
  );
  await expect(preview.getByTestId("preview-problem-rows")).toHaveText("2");
  const problems = preview.getByRole("table", { name: "Rows with problems" });
  await expect(problems.getByRole("row", { name: /^3 .*phone/ })).toContainText("must be a Nigerian mobile number");
  await expect(problems.getByRole("row", { name: /^4 .*planId/ })).toContainText("no-such-plan");
  await expect(preview.getByRole("button", { name: /Confirm and buy/ })).toBeDisabled();

  // 5,000 good rows: the total against the balance, then Confirm.
  const reference = `e2e-batch-${Date.now()}`;
  const lines = [
    "clientReference,planId,phone",
    ...Array.from({ length: ROWS }, (_, index) => `${reference}-r${index},mtn-1gb-30d,08031234567`),
  ];
  await upload(page, reference, csvFile("staff.csv", lines));
  await expect(preview.getByTestId("preview-orders")).toHaveText("5,000", { timeout: 60_000 });
  await expect(preview.getByTestId("preview-problem-rows")).toHaveText("0");
  await expect(preview.getByTestId("preview-total")).toContainText("₦");
  await preview.getByRole("button", { name: "Confirm and buy 5,000 orders" }).click();

  // The progress bar moves: seen part-way, then full.
  const progress = page.getByRole("region", { name: `Batch ${reference}` });
  const bar = progress.getByRole("progressbar", { name: "Orders done" });
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = Number(await bar.getAttribute("value"));
        seen.add(value);
        return value;
      },
      { timeout: 480_000, intervals: [500] },
    )
    .toBe(ROWS);
  expect(
    [...seen].some((value) => value > 0 && value < ROWS),
    `values seen: ${[...seen].join(", ")}`,
  ).toBe(true);
  await expect(progress.getByTestId("batch-successful")).toHaveText("5,000");
  await expect(progress.getByTestId("batch-failed")).toHaveText("0");

  // The results file: every row with its status and references.
  const downloading = page.waitForEvent("download");
  await progress.getByRole("link", { name: "Download results (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`batch-${reference}-results.csv`);
  const { parse } = await import("csv-parse/sync");
  const { unwrapTextFormula } = await import("../src/server/services/transactions/write-csv");
  const results = (parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][]).map((row) =>
    row.map(unwrapTextFormula),
  );
  expect(results[0]).toEqual([
    "Line",
    "Client reference",
    "Status",
    "Error",
    "Reason",
    "Transaction ID",
    "Provider reference",
    "Product",
    "Recipient",
    "Amount (NGN)",
    "Token",
    "PINs",
    "Units",
    "Bonus token",
  ]);
  expect(results).toHaveLength(ROWS + 1);
  expect(results[1]).toMatchObject({ 0: "2", 1: `${reference}-r0`, 2: "successful", 3: "", 8: "08031234567" });
  expect(results[1]![5]).toMatch(/^[0-9a-f-]{36}$/);
  expect(results[1]![6]).not.toBe("");
  expect(results.slice(1).map((row) => row[2])).toEqual(Array.from({ length: ROWS }, () => "successful"));
  expect(new Set(results.slice(1).map((row) => row[5])).size).toBe(ROWS);

  // Listed with its state; the money is what the 5,000 purchases cost.
  await expect(page.getByRole("table", { name: "Past batches" }).getByRole("row", { name: new RegExp(reference) })).toContainText(
    "completed",
  );
  const { db } = await import("../src/server/db");
  expect(await db.transaction.count({ where: { accountId: account.accountId, status: "SUCCESSFUL", channel: "PORTAL" } })).toBe(ROWS);
});
