/**
 * Each kind of dialog opens, stays open and closes: the new API key shown once, the revoke
 * confirmation, the operator's funding confirmation. Runs against the production build and the
 * development server (playwright.config.ts), where Strict Mode once closed every dialog as it opened.
 * On the demo account, with names of its own, so it needs no fixture database.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signedInAs } from "./fixtures/demo";
import { openDialog } from "./fixtures/dialogs";

function keyRow(page: Page, name: string) {
  return page.getByRole("list", { name: "API keys", exact: true }).getByRole("listitem").filter({ hasText: name });
}

test.describe("as the owner", () => {
  test.use({ storageState: signedInAs("owner") });

  test("a new key is shown in its dialog; revoking asks first, and cancelling keeps the key", async ({ page }) => {
    const name = `dialogs-${randomBytes(4).toString("hex")}`;
    await page.goto("/api-keys");
    await page.getByLabel("Key name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();

    const created = await openDialog(page, "Your new API key");
    await expect(created.getByLabel(`API key “${name}”`)).toHaveValue(/^pk_live_[0-9A-Za-z]{40}$/);
    await created.getByRole("button", { name: "I've stored the key" }).click();
    await expect(created).toBeHidden();
    await expect(keyRow(page, name)).toContainText("Active");

    await keyRow(page, name)
      .getByRole("button", { name: `Revoke ${name}` })
      .click();
    let confirm = await openDialog(page, `Revoke “${name}”?`);
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(keyRow(page, name)).toContainText("Active");

    await keyRow(page, name)
      .getByRole("button", { name: `Revoke ${name}` })
      .click();
    confirm = await openDialog(page, `Revoke “${name}”?`);
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(confirm).toBeHidden();
    await expect(keyRow(page, name)).toHaveCount(0);
    // The demo account's revoked keys, this one among them, are folded away below the working ones.
    await page.getByText(/^Revoked keys \(\d+\)/).click();
    await expect(page.getByRole("list", { name: "Revoked API keys" }).getByRole("listitem").filter({ hasText: name })).toContainText(
      "Revoked",
    );
  });
});

test.describe("as the operator", () => {
  test.use({ storageState: signedInAs("operator") });

  test("reviewing a funding asks first; cancel changes nothing, confirm funds", async ({ page }) => {
    const reference = `dialogs-${randomBytes(4).toString("hex")}`;
    await page.goto("/operator?q=Demo%20Reseller%20Ltd");
    await page.getByRole("link", { name: "Demo Reseller Ltd" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Demo Reseller Ltd" })).toBeVisible();
    const balance = await page.getByTestId("account-balance").innerText();

    const form = page.getByRole("form", { name: "Fund wallet" });
    await form.getByLabel("Amount (₦)").fill("100");
    await form.getByLabel("Reference").fill(reference);
    await form.getByRole("button", { name: "Review funding" }).click();
    let dialog = await openDialog(page, "Confirm wallet funding");
    await expect(dialog).toContainText(reference);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("account-balance")).toHaveText(balance);

    await form.getByRole("button", { name: "Review funding" }).click();
    dialog = await openDialog(page, "Confirm wallet funding");
    await dialog.getByRole("button", { name: "Fund ₦100.00" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Funded ₦100.00" })).toBeVisible();
  });
});
