/**
 * Form errors in sight (issue 35.7): after a submit, each problem sits by its field and focus moves to
 * the first field in error, scrolled into view, whether the browser's reading or the server's answer
 * found it; in dialogs and on pages alike (one mechanism in the shared fields).
 */
import { expect, test } from "@playwright/test";
import { createTestAccount, unique } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { openDialog } from "./fixtures/dialogs";

test.use({ storageState: storageStatePath("operator"), viewport: { width: 390, height: 640 } });

test("creating a data plan without a price focuses the price, beside its error, in a scrolled dialog", async ({ page }) => {
  const id = unique("e2e-focus");
  await page.goto("/operator/catalog");
  await page.getByRole("button", { name: "New data plan" }).click();
  const dialog = await openDialog(page, "New data plan");
  await dialog.getByLabel("Plan id").fill(id);
  await dialog.getByLabel("Network").selectOption({ label: "MTN" });
  await dialog.getByLabel("Name", { exact: true }).fill(`E2E focus ${id.slice(-8)}`);
  await dialog.getByLabel("Upstream product id").fill(id);
  const create = dialog.getByRole("button", { name: "Create data plan" });
  await create.scrollIntoViewIfNeeded();
  await create.click();

  const price = dialog.getByLabel("Default price (₦)");
  await expect(price).toBeFocused();
  await expect(price).toBeInViewport();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  // The only problem is said by its field (described by it), not at the top of the dialog.
  await expect(dialog.getByRole("alert")).toHaveCount(1);
  await expect(price).toHaveAccessibleDescription(/Enter an amount in naira/);

  // A problem only the server finds moves focus the same way: the retail basis needs a retail price.
  await price.fill("500");
  await dialog.getByLabel("Pricing basis").selectOption("RETAIL");
  await create.scrollIntoViewIfNeeded();
  await create.click();
  const retail = dialog.getByLabel("Retail price (₦) (optional)");
  await expect(retail).toHaveAttribute("aria-invalid", "true");
  await expect(retail).toBeFocused();
  await expect(retail).toBeInViewport();
  await expect(retail).toHaveAccessibleDescription(/Is required when the pricing basis is retail/);
});

test("a page's form moves focus to its first field in error too (funding an account)", async ({ page }) => {
  const account = await createTestAccount();
  await page.goto(`/operator/accounts/${account.accountId}`);
  const form = page.getByRole("form", { name: "Fund wallet" });
  await form.getByLabel("Amount (₦)").fill("15,00.5.0");
  await form.getByLabel("Reference").fill(unique("TRF"));
  await form.getByRole("button", { name: "Review funding" }).click();
  await expect(form.getByLabel("Amount (₦)")).toBeFocused();
  await expect(form.getByLabel("Amount (₦)")).toHaveAccessibleDescription(/Enter an amount in naira/);
});
