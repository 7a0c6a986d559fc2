/**
 * One data purchase through the portal by the demo staff user, end to end. The Buy specs cover the
 * details on the production build; this one also runs against the development server
 * (playwright.config.ts), where the pages' effects run twice and a purchase must still happen once.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signedInAs } from "./fixtures/demo";

test.use({ storageState: signedInAs("staff") });

test("staff buy data: network, plan, phone, confirm, bought once", async ({ page }) => {
  // A number of its own, so the transaction list shows this purchase and no other (ending in 5: not
  // one of the sandbox's failing or pending test numbers).
  const phone = `0803${100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)}5`;
  await page.goto("/buy/data");
  await page.getByRole("radio", { name: "MTN", exact: true }).check();
  await page.getByRole("radio", { name: /^MTN 1GB \(SME\) – 30 days/ }).check();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("checkout-charge")).toHaveText("₦280.00");
  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();

  await page.goto(`/transactions?q=${phone}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // One row with this recipient: the Strict Mode double render did not buy twice.
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: phone })).toHaveCount(1);
});
